import { describe, expect, it } from 'vitest';
import { Pacer } from '../src/telegram-out/pacer';

/** A clock that moves only when the pacer waits: what it does is exact and instant. */
function virtualClock() {
  let now = 1_000_000;
  return { now: () => now, sleep: async (ms: number) => void (now += ms), advance: (ms: number) => void (now += ms) };
}

describe('the pacer of new messages', () => {
  it('lets no more than the limit into one group in any minute, and waits for the slot instead', async () => {
    const clock = virtualClock();
    const pacer = new Pacer({ groupPerMinute: 18, perSecond: 25 }, clock);
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      await pacer.slot('-100', true);
      times.push(clock.now());
      clock.advance(200); // players acting five times a second
    }
    for (const t of times) expect(times.filter((u) => u > t - 60_000 && u <= t).length).toBeLessThanOrEqual(18);
    // It waits no longer than it must: 100 messages at 18 a minute take a little over 5 minutes.
    expect(times.at(-1)! - times[0]!).toBeLessThan(6 * 60_000);
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(5 * 60_000);
  });

  it('keeps every chat together under the per-second limit, and does not hold private chats to the group limit', async () => {
    const clock = virtualClock();
    const pacer = new Pacer({ groupPerMinute: 18, perSecond: 25 }, clock);
    const start = clock.now();
    for (let i = 0; i < 100; i++) await pacer.slot(String(i), false);
    // 100 private messages at 25 a second: three waits of a second.
    expect(clock.now() - start).toBeGreaterThanOrEqual(3_000);
    expect(clock.now() - start).toBeLessThan(4_100);
  });

  it('groups do not share a window', async () => {
    const clock = virtualClock();
    const pacer = new Pacer({ groupPerMinute: 2, perSecond: 100 }, clock);
    for (const g of ['-1', '-2', '-3']) {
      await pacer.slot(g, true);
      await pacer.slot(g, true);
    }
    expect(clock.now()).toBe(1_000_000);
    await pacer.slot('-1', true);
    expect(clock.now()).toBe(1_060_000);
  });

  it('with no limits it never waits', async () => {
    const clock = virtualClock();
    const pacer = new Pacer(false, clock);
    for (let i = 0; i < 1000; i++) await pacer.slot('-1', true);
    expect(clock.now()).toBe(1_000_000);
  });
});
