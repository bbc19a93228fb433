// The forked processes of the load benchmark, each behind a typed request/answer over IPC: the bot
// (bench/bot-process.ts) and, with --history, the statistics queries (bench/history-process.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BareResult, FromBot, Mark, ToBot } from '../bot-process';
import type { FromHistory, HistoryMeasure, ToHistory } from '../history-process';
import { config, log } from './options';

/** bench/, where the children's scripts are. */
const BENCH = join(dirname(fileURLToPath(import.meta.url)), '..');

export type Settled = Extract<FromBot, { type: 'settled' }>['game'];

/** The forked bot and a typed request/answer over IPC. */
export class BotChild {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, ((m: FromBot) => void)[]>();
  onSettled: (chatId: string, game: Settled) => void = () => undefined;
  private failure: Error | null = null;

  /** script: bench/bot-process.ts under tsx, or a compiled bundle of it (see bundleBotProcess). */
  constructor(profileDir: string | undefined, bundle: { script: string; flags: string[]; env: Record<string, string> } | null = null) {
    const execArgv = [...(bundle ? ['--expose-gc'] : ['--import', 'tsx', '--expose-gc']), ...(config.nodeFlags ?? bundle?.flags ?? [])];
    log(`  bot process: node ${execArgv.join(' ')} ${bundle ? 'bench/bot-process.ts compiled' : 'bench/bot-process.ts'}`);
    const env = { ...(bundle && !config.nodeFlags ? bundle.env : {}), ...process.env, ...(profileDir ? { BOT_PROFILE_DIR: profileDir } : {}) };
    this.child = fork(bundle?.script ?? join(BENCH, 'bot-process.ts'), [], {
      execArgv,
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    this.child.on('message', (m: FromBot) => {
      if (m.type === 'settled') return this.onSettled(m.chatId, m.game);
      if (m.type === 'error') {
        this.failure = new Error(`bot process: ${m.message}`);
        log(this.failure.message);
      }
      const queue = this.waiting.get(m.type);
      queue?.shift()?.(m);
    });
    this.child.on('exit', (code) => {
      if (code) this.failure = new Error(`bot process exited with ${code}`);
    });
  }

  private request<T extends FromBot['type']>(message: ToBot, answer: T): Promise<Extract<FromBot, { type: T }>> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve) => {
      const queue = this.waiting.get(answer) ?? [];
      queue.push(resolve as (m: FromBot) => void);
      this.waiting.set(answer, queue);
      this.child.send(message);
    });
  }

  init(m: Omit<Extract<ToBot, { type: 'init' }>, 'type'>) {
    return this.request({ type: 'init', ...m }, 'ready');
  }

  async mark(name: string): Promise<Mark> {
    return (await this.request({ type: 'mark', name }, 'mark')).mark;
  }

  async bare(samples: number): Promise<BareResult> {
    return (await this.request({ type: 'bare', samples, seed: config.seed }, 'bare')).result;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || !this.child.connected) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    await this.request({ type: 'stop' }, 'stopped');
    await exited;
  }

  kill() {
    if (this.child.exitCode === null) this.child.kill();
  }
}

/**
 * --bundle: bench/bot-process.ts and the workspace's TypeScript compiled into one ES module the way
 * `npm start` compiles the bot (scripts/build.mjs's bundleEntry: npm packages left as imports, each
 * source's import.meta.url kept, which the generated Prisma client needs to find its query
 * compiler), so the bot process runs on plain Node without tsx's loader. Written to apps/bot/dist/
 * (ignored by git).
 */
export async function bundleBotProcess(): Promise<{ script: string; flags: string[]; env: Record<string, string> }> {
  const outfile = join(BENCH, '../dist/bot-process.mjs');
  const scripts = (name: string) => pathToFileURL(join(BENCH, '../../../scripts', name)).href;
  const { bundleEntry } = (await import(scripts('build.mjs'))) as { bundleEntry(entry: string, out: string): Promise<void> };
  const production = (await import(scripts('node-flags.mjs'))) as { PRODUCTION_NODE_FLAGS: string[]; PRODUCTION_ENV: Record<string, string> };
  await bundleEntry(join(BENCH, 'bot-process.ts'), outfile);
  return { script: outfile, flags: production.PRODUCTION_NODE_FLAGS, env: production.PRODUCTION_ENV };
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
