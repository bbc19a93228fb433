/**
 * How every app reads its environment: `NAME=` (as an env file writes an unset value) counts as
 * unset, and every invalid variable is reported at once, one per line. Here because every app
 * reads the database's variables (DATABASE_URL, DATA_DIR) through it; the schema is each app's
 * own (zod, or anything with the same `safeParse`).
 */
export interface EnvSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

export function parseEnv<T>(schema: EnvSchema<T>, env: NodeJS.ProcessEnv): T {
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.map(String).join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
