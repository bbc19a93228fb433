// The I/O floor (paced runs): bench/floor-process.ts forked with the bot's node flags, pressed by
// the same groups at the same pace on the same sim and database once the bot has stopped. Its CPU
// per press is the part of the bot's figure that is the machine's and the I/O's, not the bot's.
import type { Rng } from '@mia/engine';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TelegramSim } from '@mia/telegram-sim';
import type { FromFloor, ToFloor } from '../floor-process';
import { bundleBenchProcess, Forked, launch } from './children';
import { log, OWN, type Variant } from './options';
import type { Pace } from './paced';
import { lastWithButton, type Group } from './people';

export interface FloorResult {
  presses: number;
  seconds: number;
  cpuMsPerPress: number;
  systemCpuMsPerPress: number;
  editsPerPress: number;
  sendsPerPress: number;
}

/** The floor process, compiled as the bot's is with --bundle (else under tsx), with the same flags and environment. */
async function floorChild(compiled: boolean, variant: Variant): Promise<Forked<ToFloor, FromFloor>> {
  const { script, execArgv, env } = launch('floor-process', compiled ? await bundleBenchProcess('floor-process') : null, {}, variant);
  return new Forked<ToFloor, FromFloor>('floor', script, { execArgv, env });
}

export async function runFloor(options: {
  sim: TelegramSim;
  token: string;
  databaseUrl: string;
  groups: Group[];
  pace: Pace;
  seconds: number;
  /** Seconds of pressing before the measured window opens (the bot's --warmup). */
  warmupSeconds?: number;
  rng: Rng;
  /** The bot's calls per press in its run. */
  editsPerPress: number;
  sendsPerPress: number;
  /** --bundle: compiled with production's flags, as the bot ran. */
  compiled: boolean;
  /** The bot's variant (--versus), so that the floor runs as the bot did. */
  variant?: Variant;
}): Promise<FloorResult> {
  const { sim, groups, pace, rng } = options;
  const child = await floorChild(options.compiled, options.variant ?? OWN);
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
    const warmupMs = (options.warmupSeconds ?? 0) * 1000;
    // Without a warm-up the window opens before the first press; with one, once it is over.
    const first = warmupMs ? null : await child.request({ type: 'mark' }, 'mark');
    const cold = performance.now();
    const until = cold + warmupMs + options.seconds * 1000;
    let t0 = cold;
    const opened = first
      ? Promise.resolve(first)
      : sleep(warmupMs).then(() => {
          t0 = performance.now();
          return child.request({ type: 'mark' }, 'mark');
        });
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
    const start = await opened;
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
