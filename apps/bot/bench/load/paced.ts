// A group's people at a human pace (--pace MIN-MAX, open loop): the group's next press is due MIN–MAX ms
// after its previous press was *sent*, whether or not the bot has answered it. A press whose turn
// has not come waits for it (that wait is idle time, not latency); one that could not be sent on
// time (the previous action of its group had not settled yet) is sent as soon as it can, and how
// late it was is counted apart. When a game ends the group opens the next one (/newgame, four
// joins, start), each step paced and counted as an action like any press.
import { aiAction, calculator, type Rng } from '@mia/engine';
import type { TelegramSim } from '@mia/telegram-sim';
import { setTimeout as sleep } from 'node:timers/promises';
import { exactly, findButton, type Group, lastWithButton, nextBatch, pressAndSettle, t } from './people';

export interface Pace {
  minMs: number;
  maxMs: number;
}

/** What the paced groups measured: each action's latency from its press, and how late presses went out. */
export interface PacedSamples {
  latencies: number[];
  /** For each press sent after its due time: how late (ms). On-time presses are not in it. */
  lateMs: number[];
  presses: number;
  gamesOpened: number;
}

/** One step of the group's life (a lobby step or a press in the game); resolves with its latency. */
async function step(sim: TelegramSim, token: string, g: Group, into: PacedSamples): Promise<number> {
  const state = g.game?.state;
  const [creator] = g.players;
  if (!state || state.phase === 'over') {
    const created = nextBatch(g);
    const t0 = performance.now();
    creator!.send(g.group, '/newgame@mia_bot');
    const { receivedAt } = await created;
    into.gamesOpened++;
    return receivedAt - t0;
  }
  if (state.phase === 'lobby') {
    const lobby = lastWithButton(sim, g.group, exactly(t('button-join')));
    if (!lobby) throw new Error(`${g.group.title}: no lobby message`);
    const seated = new Set(state.seats.map((p) => p.id));
    const next = g.players.find((p) => !seated.has(String(p.id)));
    const { ms } = next ? await pressAndSettle(g, next, lobby, t('button-join')) : await pressAndSettle(g, creator!, lobby, t('button-start'));
    return ms;
  }
  const actorId = state.round!.actor;
  const actor = g.players.find((p) => String(p.id) === actorId)!;
  const action = aiAction(state, actorId, calculator(), () => 0)!;
  const { message, button } = findButton(sim, token, g, state, actor, action);
  const { ms } = await pressAndSettle(g, actor, message, button);
  return ms;
}

/**
 * Plays the group at `pace` until `until` (performance.now()): its first press is due at a random
 * point of the first interval (so the groups do not press in step), each next one MIN–MAX ms after
 * the previous press was sent.
 */
export async function playPaced(sim: TelegramSim, token: string, g: Group, pace: Pace, rng: Rng, until: number, into: PacedSamples): Promise<void> {
  const interval = () => pace.minMs + rng(pace.maxMs - pace.minMs + 1);
  let due = performance.now() + rng(pace.maxMs + 1);
  for (;;) {
    const now = performance.now();
    if (due < now) into.lateMs.push(now - due);
    else await sleep(due - now);
    if (performance.now() >= until) return;
    due = performance.now() + interval();
    into.presses++;
    into.latencies.push(await step(sim, token, g, into));
  }
}
