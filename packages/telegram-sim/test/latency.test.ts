/**
 * `latencyMs`: the network between a bot and Telegram, for benchmarks of what a player waits for.
 * A call runs half of the round trip after it arrives and is answered the other half later.
 */
import { describe, expect, it } from 'vitest';
import { call, useSim } from './support';

const start = useSim();

describe('a simulated round trip', () => {
  it('makes each call half-way through the round trip and answers it at its end', async () => {
    const sim = await start({ latencyMs: 400 });
    const token = sim.createBot({ username: 'mia_far_bot' });
    const ada = sim.user({ firstName: 'Ada' });
    const group = sim.group({ title: 'Far', admins: [ada], bots: [token] });

    const started = performance.now();
    const answered = call(sim, token, 'sendMessage', { chat_id: group.id, text: 'hello' }).then((answer) => ({ answer, at: performance.now() }));
    // The message reaches the chat half-way, not before.
    await expect.poll(() => sim.messages(group).length, { timeout: 5_000, interval: 10 }).toBe(1);
    const shown = performance.now();
    const { answer, at } = await answered;
    expect(answer.body.ok).toBe(true);
    // Timers fire no earlier than asked: a busy machine can only make these longer.
    expect(shown - started).toBeGreaterThanOrEqual(199);
    expect(at - started).toBeGreaterThanOrEqual(399);
  });
});
