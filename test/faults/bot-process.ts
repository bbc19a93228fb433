import { spawn, type ChildProcess } from 'node:child_process';

const botDir = new URL('../../apps/bot/', import.meta.url).pathname;

/** One pino line of the bot's stdout. */
export interface LogLine {
  level: number;
  msg: string;
  time: number;
  [field: string]: unknown;
}

export interface BotEnv {
  BOT_TOKEN: string;
  TELEGRAM_API_ROOT: string;
  DATABASE_URL: string;
  MIA_TEST_SEED: string;
  LOG_LEVEL?: string;
  /** `off`: no pacing of new messages by the bot (the sim's flood limits are off too). */
  MIA_TEST_PACING?: 'off';
  /** Webhook mode (with WEBHOOK_SECRET and PORT). */
  WEBHOOK_URL?: string;
  WEBHOOK_SECRET?: string;
  PORT?: string;
}

export interface BotProcess {
  readonly child: ChildProcess;
  /** Resolves when the fixture prints {"ready":true}; rejects if the process ends first. */
  readonly ready: Promise<void>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Every JSON log line so far. */
  readonly logs: LogLine[];
  /** Everything else it printed (stderr, non-JSON stdout). */
  readonly text: string;
  /** SIGKILL, and wait for the process to be gone. */
  kill(): Promise<void>;
}

/**
 * The bot as a process: apps/bot/test/fixtures/seeded-bot.ts (src/main.ts with dice seeded per
 * game and version), run by `node --import tsx`, configured by the environment only.
 */
export function spawnBot(env: BotEnv): BotProcess {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', ...env };
  delete base.DATA_DIR;
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fixtures/seeded-bot.ts'], { cwd: botDir, env: base });
  const logs: LogLine[] = [];
  let text = '';
  let pending = '';
  let markReady: () => void = () => undefined;
  let failReady: (e: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  ready.catch(() => undefined); // a process killed while starting is no error by itself
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      if (!line.startsWith('{')) {
        text += `${line}\n`;
        continue;
      }
      try {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        if (parsed.ready === true) markReady();
        else logs.push(parsed as LogLine);
      } catch {
        text += `${line}\n`;
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      failReady(new Error(`the bot exited (${code ?? signal}) before it was ready:\n${text.slice(-2000)}`));
      resolve({ code, signal });
    }),
  );
  return {
    child,
    ready,
    exited,
    logs,
    get text() {
      return text;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
