// The I/O floor (paced runs): bench/floor-process.ts forked with the bot's node flags, pressed by
// the same groups at the same pace on the same sim and database once the bot has stopped. Its CPU
// per press is the part of the bot's figure that is the machine's and the I/O's, not the bot's.
import { fork, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Rng } from '@mia/engine';
import type { TelegramSim } from '@mia/telegram-sim';
import type { FromFloor, ToFloor } from '../floor-process';
import { config, log } from './options';
import type { Pace } from './paced';
import { lastWithButton, type Group } from './people';

const BENCH = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface FloorResult {
  presses: number;
  seconds: number;
  cpuMsPerPress: number;
  systemCpuMsPerPress: number;
  editsPerPress: number;
  sendsPerPress: number;
}

class FloorChild {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<string, ((m: FromFloor) => void)[]>();
  failure: Error | null = null;

  constructor(script: string, execArgv: string[], env: Record<string, string>) {
    this.child = fork(script, [], { execArgv, env: { ...env, ...process.env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.child.on('message', (m: FromFloor) => {
      if (m.type === 'error') {
        this.failure = new Error(`floor process: ${m.message}`);
        log(this.failure.message);
      }
      this.waiting.get(m.type)?.shift()?.(m);
    });
    this.child.on('exit', (code) => {
      if (code) this.failure = new Error(`floor process exited with ${code}`);
    });
  }

  request<T extends FromFloor['type']>(message: ToFloor, answer: T): Promise<Extract<FromFloor, { type: T }>> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve) => {
      const queue = this.waiting.get(answer) ?? [];
      queue.push(resolve as (m: FromFloor) => void);
      this.waiting.set(answer, queue);
      this.child.send(message);
    });
  }

  async stop() {
    if (this.child.exitCode !== null || !this.child.connected) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    await this.request({ type: 'stop' }, 'stopped');
    await exited;
  }
}

/** The floor process compiled as the bot's is with --bundle (else run under tsx), with the same flags. */
async function floorChild(bundle: { flags: string[]; env: Record<string, string> } | null): Promise<FloorChild> {
  if (!bundle) return new FloorChild(join(BENCH, 'floor-process.ts'), ['--import', 'tsx', ...(config.nodeFlags ?? [])], {});
  const { bundleEntry } = (await import(pathToFileURL(join(BENCH, '../../../scripts/build.mjs')).href)) as {
    bundleEntry(entry: string, out: string): Promise<void>;
  };
  const outfile = join(BENCH, '../dist/floor-process.mjs');
  await bundleEntry(join(BENCH, 'floor-process.ts'), outfile);
  return new FloorChild(outfile, config.nodeFlags ?? bundle.flags, config.nodeFlags ? {} : bundle.env);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function runFloor(options: {
  sim: TelegramSim;
  token: string;
  databaseUrl: string;
  groups: Group[];
  pace: Pace;
  seconds: number;
  rng: Rng;
  /** The bot's calls per press in its run. */
  editsPerPress: number;
  sendsPerPress: number;
  bundle: { flags: string[]; env: Record<string, string> } | null;
}): Promise<FloorResult> {
  const { sim, groups, pace, rng } = options;
  const child = await floorChild(options.bundle);
  try {
    const ready = await child.request(
      {
        type: 'init',
        token: options.token,
        apiRoot: sim.apiRoot,
        databaseUrl: options.databaseUrl,
        groups: groups.map((g) => g.chatId),
        editsPerPress: options.editsPerPress,
        sendsPerPress: options.sendsPerPress,
      },
      'ready',
    );
    const start = await child.request({ type: 'mark' }, 'mark');
    const t0 = performance.now();
    const until = t0 + options.seconds * 1000;
    await Promise.all(
      groups.map(async (g) => {
        const message = lastWithButton(sim, g.group, /^Press$/);
        if (!message || !ready.messages.some((m) => m.messageId === message.message_id)) throw new Error(`${g.group.title}: no floor button`);
        let due = performance.now() + rng(pace.maxMs + 1);
        for (;;) {
          await sleep(Math.max(0, due - performance.now()));
          if (performance.now() >= until || child.failure) return;
          due = performance.now() + pace.minMs + rng(pace.maxMs - pace.minMs + 1);
          const presser = g.players[rng(g.players.length)]!;
          if (!(await presser.press(message, 'floor', { timeoutMs: 60_000 }))) throw new Error(`${g.group.title}: the floor did not answer`);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    // Answered once every press's calls are made (see floor-process.ts).
    const end = await child.request({ type: 'mark' }, 'mark');
    if (child.failure) throw child.failure;
    const presses = end.presses - start.presses;
    log(`  I/O floor: ${presses} presses in ${seconds.toFixed(1)} s`);
    return {
      presses,
      seconds,
      cpuMsPerPress: (end.cpuMs - start.cpuMs) / presses,
      systemCpuMsPerPress: (end.systemCpuMs - start.systemCpuMs) / presses,
      editsPerPress: options.editsPerPress,
      sendsPerPress: options.sendsPerPress,
    };
  } finally {
    await child.stop();
  }
}
