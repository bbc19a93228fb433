// The forked processes of the load benchmark, each behind a typed request/answer over IPC: the bot
// (bench/bot-process.ts) and, with --history, the statistics queries (bench/history-process.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { GameRecord } from '@mia/game';
import pg from 'pg';
import type { BareResult, FromBot, Mark, ToBot } from '../bot-process';
import type { FromHistory, HistoryMeasure, ToHistory } from '../history-process';
import { config, log, OWN, type Variant } from './options';
import { PERF_NODE_FLAGS } from './perf';

/** bench/, where the children's scripts are. */
const BENCH = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A game as the bot left it after an update, and when the parent heard that (performance.now()). */
export type Settled = Pick<GameRecord, 'id' | 'status' | 'version' | 'state'> & { receivedAt: number };

/** Bench scripts run compiled (see bundleBenchProcess): the script, production's node flags and environment. */
export interface Bundle {
  script: string;
  flags: string[];
  env: Record<string, string>;
}

/**
 * A forked bench process behind a typed request/answer over IPC: each request waits for the next
 * message of the answer's type. A message `{ type: 'error' }` marks the child failed (later
 * requests reject); `stop` sends `{ type: 'stop' }` and waits for `stopped`, then the exit.
 */
export class Forked<To extends { type: string }, From extends { type: string; message?: string }> {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, ((m: From) => void)[]>();
  failure: Error | null = null;

  /** The child's process id (for a profiler to attach to). */
  get pid(): number {
    return this.child.pid!;
  }

  constructor(name: string, script: string, options: { execArgv: string[]; env: NodeJS.ProcessEnv; serialization?: 'advanced' }) {
    this.child = fork(script, [], { ...options, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: From) => {
      if (this.intercept(m)) return;
      if (m.type === 'error') {
        this.failure = new Error(`${name} process: ${m.message}`);
        log(this.failure.message);
      }
      this.waiting.get(m.type)?.shift()?.(m);
    });
    this.child.on('exit', (code) => {
      if (code) this.failure = new Error(`${name} process exited with ${code}`);
    });
  }

  /** A message that answers no request (a notice): true when handled here. */
  protected intercept(_m: From): boolean {
    return false;
  }

  request<T extends From['type']>(message: To, answer: T): Promise<Extract<From, { type: T }>> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve) => {
      const queue = this.waiting.get(answer) ?? [];
      queue.push(resolve as (m: From) => void);
      this.waiting.set(answer, queue);
      this.child.send(message);
    });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || !this.child.connected) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    await this.request({ type: 'stop' } as To, 'stopped' as From['type']);
    await exited;
  }

  kill() {
    if (this.child.exitCode === null) this.child.kill();
  }
}

/**
 * How a bench script runs: compiled with production's flags and environment, or under tsx.
 * --node-flags replaces the flags, a --versus variant's flags replace them again; production's
 * environment stays under both (the shell's own variables, then the variant's, win over it).
 */
export function launch(script: string, bundle: Bundle | null, extraEnv: Record<string, string> = {}, variant: Variant = OWN) {
  const flags = variant.flags ?? config.nodeFlags ?? bundle?.flags ?? [];
  const execArgv = [...(bundle ? ['--expose-gc'] : ['--import', 'tsx', '--expose-gc']), ...flags];
  const { BENCH_BOT_BUNDLE: saved, ...variantEnv } = variant.env;
  const env = { ...(bundle ? bundle.env : {}), ...process.env, ...variantEnv, ...extraEnv };
  // A change of code against the code before it: the variant's bot is a bundle saved from an
  // earlier --bundle run (apps/bot/dist/NAME.mjs, beside the bundle it imports its packages from).
  if (saved && script === 'bot-process') {
    if (!bundle) throw new Error('BENCH_BOT_BUNDLE needs --bundle');
    return { script: join(BENCH, '../dist', saved), execArgv, env };
  }
  return { script: bundle?.script ?? join(BENCH, `${script}.ts`), execArgv, env };
}

/** The forked bot. */
export class BotChild extends Forked<ToBot, FromBot> {
  onSettled: (chatId: string, game: Settled) => void = () => undefined;

  /** script: bench/bot-process.ts under tsx, or a compiled bundle of it (see bundleBenchProcess). */
  constructor(profileDir: string | undefined, bundle: Bundle | null = null, variant: Variant = OWN, perf = false) {
    const launched = launch('bot-process', bundle, profileDir ? { BOT_PROFILE_DIR: profileDir } : {}, variant);
    const { script, env } = launched;
    const execArgv = perf ? [...launched.execArgv, ...PERF_NODE_FLAGS] : launched.execArgv;
    const assigned = Object.entries(variant.env)
      .map(([k, v]) => `${k}=${v} `)
      .join('');
    log(`  bot process: ${assigned}node ${execArgv.join(' ')} ${bundle ? 'bench/bot-process.ts compiled' : 'bench/bot-process.ts'}`);
    super('bot', script, { execArgv, env, serialization: 'advanced' });
  }

  /** Reads the games' states when `settled` comes without them; one read after another, in order. */
  private states: pg.Pool | null = null;
  private reads: Promise<void> = Promise.resolve();

  protected override intercept(m: FromBot): boolean {
    if (m.type !== 'settled') return false;
    const receivedAt = performance.now();
    const { id, status, version, state } = m.game;
    if (state) this.onSettled(m.chatId, { id, status, version, state, receivedAt });
    else {
      const states = this.states!;
      this.reads = this.reads.then(async () => {
        const { rows } = await states.query<Pick<GameRecord, 'status' | 'version' | 'state'>>('SELECT status, version, state FROM "Game" WHERE id = $1', [id]);
        this.onSettled(m.chatId, { id, ...rows[0]!, receivedAt });
      });
      this.reads.catch((error: unknown) => {
        this.failure = error instanceof Error ? error : new Error(String(error));
        log(`bot process: reading a settled game: ${this.failure.message}`);
      });
    }
    return true;
  }

  init(m: Omit<Extract<ToBot, { type: 'init' }>, 'type'>) {
    if (!m.stateOverIpc) this.states = new pg.Pool({ connectionString: m.databaseUrl!, max: 1 });
    return this.request({ type: 'init', ...m }, 'ready');
  }

  override async stop(): Promise<void> {
    await super.stop();
    await this.states?.end();
    this.states = null;
  }

  async mark(name: string): Promise<Mark> {
    return (await this.request({ type: 'mark', name }, 'mark')).mark;
  }

  async bare(samples: number): Promise<BareResult> {
    return (await this.request({ type: 'bare', samples, seed: config.seed }, 'bare')).result;
  }
}

/**
 * --bundle: a bench script (bench/NAME.ts) and the workspace's TypeScript compiled into one ES
 * module the way `npm start` compiles the bot (scripts/build.mjs's bundleEntry: npm packages left
 * as imports, each source's import.meta.url kept, which the generated Prisma client needs to find
 * its query compiler), so the process runs on plain Node without tsx's loader, with production's
 * flags and environment. Written to apps/bot/dist/ (ignored by git).
 */
export function bundleBenchProcess(name: 'bot-process' | 'floor-process'): Promise<Bundle> {
  // Built once per command, from the source as it is when the command starts: every run of it
  // (--repeat, --versus, --together) runs the same bundle.
  let built = bundles.get(name);
  if (!built) bundles.set(name, (built = buildBenchProcess(name)));
  return built;
}
const bundles = new Map<string, Promise<Bundle>>();

async function buildBenchProcess(name: 'bot-process' | 'floor-process'): Promise<Bundle> {
  const outfile = join(BENCH, `../dist/${name}.mjs`);
  const scripts = (file: string) => pathToFileURL(join(BENCH, '../../../scripts', file)).href;
  const { bundleEntry } = (await import(scripts('build.mjs'))) as { bundleEntry(entry: string, out: string): Promise<void> };
  const production = (await import(scripts('node-flags.mjs'))) as { BOT_NODE_FLAGS: string[]; PRODUCTION_ENV: Record<string, string> };
  await bundleEntry(join(BENCH, `${name}.ts`), outfile);
  return { script: outfile, flags: production.BOT_NODE_FLAGS, env: production.PRODUCTION_ENV };
}

/** The forked history process (bench/history-process.ts): seeds, then measures on request. */
export class HistoryChild {
  private readonly child: ChildProcess;
  private readonly waiting: ((m: FromHistory) => void)[] = [];

  constructor(serverUrl: string) {
    this.child = fork(join(BENCH, 'history-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, BENCH_DATABASE_URL: serverUrl },
    });
    this.child.on('message', (m: FromHistory) => {
      if (m.type === 'error') log(`history process: ${m.message}`);
      this.waiting.shift()?.(m);
    });
  }

  request(m: ToHistory): Promise<FromHistory> {
    return new Promise((resolve, reject) => {
      this.waiting.push((answer) => (answer.type === 'error' ? reject(new Error(answer.message)) : resolve(answer)));
      this.child.send(m);
    });
  }

  /** A message with no answer. */
  tell(m: ToHistory): void {
    this.child.send(m);
  }

  async stop() {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.send({ type: 'stop' } satisfies ToHistory);
    await exited;
  }
}

export interface HistoryResult {
  announcements: number;
  alone: HistoryMeasure[];
  underLoad: HistoryMeasure[];
}
