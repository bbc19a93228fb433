import { describe, expect, it } from 'vitest';
import { stopOnSignals, type SignalTarget } from '../src/signals';

/** A process stand-in: records the listeners and the exit code. */
function target() {
  const listeners = new Map<string, () => void>();
  let code: number | undefined;
  let exited: () => void = () => {};
  const done = new Promise<void>((resolve) => (exited = resolve));
  const t: SignalTarget = {
    once: (signal, listener) => listeners.set(signal, listener),
    exit: (c) => {
      code = c;
      exited();
    },
  };
  return { t, send: (signal: string) => listeners.get(signal)?.(), done, code: () => code };
}

function logger() {
  const lines: string[] = [];
  return { lines, log: { info: (_: object, m: string) => void lines.push(`info ${m}`), error: (_: object, m: string) => void lines.push(`error ${m}`) } };
}

describe('stopOnSignals', () => {
  it('stops once on SIGTERM and exits 0', async () => {
    const p = target();
    const { lines, log } = logger();
    let stops = 0;
    stopOnSignals(async () => void stops++, log as never, 'bot', p.t);
    p.send('SIGTERM');
    p.send('SIGINT');
    await p.done;
    expect(stops).toBe(1);
    expect(p.code()).toBe(0);
    expect(lines).toEqual(['info bot: stopping']);
  });

  it('a failed stop exits 1 and says why', async () => {
    const p = target();
    const { lines, log } = logger();
    stopOnSignals(() => Promise.reject(new Error('pool gone')), log as never, 'dashboard', p.t);
    p.send('SIGINT');
    await p.done;
    expect(p.code()).toBe(1);
    expect(lines).toEqual(['info dashboard: stopping', 'error dashboard: unclean shutdown']);
  });
});
