import type { AbortReason, GameEvent, GameState, PlayerId } from '@mia/engine';
import { turnKey, type Closed, type GroupView, type Intent, type Screen } from './screen';

/**
 * The planner: what every chat of a game must show after a committed batch, as Telegram intents
 * (send, edit, delete) in the order to carry them out. Pure: the rules of how a game looks in
 * Telegram are properties of this function, checked by unit tests without Telegram.
 *
 * - The player whose turn it is gets exactly one new (notifying) message per turn: a private
 *   prompt, or in group mode (and for a player whose private chat fails) the round's table sent
 *   anew with a mention. Within a turn (believe, then roll) that message is edited.
 * - Every other prompt is closed: at most one live prompt per player, none with dead buttons.
 * - One group message per round, edited as it goes and at its end into its outcome. In the
 *   default mode it is sent with the round's first announcement (until then the last round's
 *   outcome says who starts), so a round costs the group one message.
 * - The game's end: the last round's outcome and one message with the final ranking. A game
 *   aborted (its `gameAborted`: /stop, a lobby that expired, the bot removed) closes every message
 *   that still has buttons, saying why; an expired lobby also tells the group once.
 */
export interface PlanInput {
  state: GameState;
  /**
   * The batch's events (empty for a redraw: after a restart or a restored chat; a migration's
   * `chatMoved` draws the game anew in the new chat, whose screen the notifier has emptied).
   */
  events: readonly GameEvent[];
  screen: Screen;
}

/** Whether `player` plays from the group's table: group mode, or their private chat fails. */
export function playsInGroup(screen: Screen, player: PlayerId): boolean {
  return screen.mode === 'group' || screen.unreachable.includes(player);
}

const isPerson = (state: GameState, player: PlayerId) => state.seats.some((p) => p.id === player && !p.ai);

export function plan({ state, events, screen }: PlanInput): Intent[] {
  const intents: Intent[] = [];

  // The batch that aborted the game, or a redraw of one aborted before (only what still has buttons).
  const aborted = events.find((e): e is Extract<GameEvent, { type: 'gameAborted' }> => e.type === 'gameAborted');
  if (aborted) return abortedIntents(screen, aborted.reason, true);
  if (state.aborted) return abortedIntents(screen, state.aborted.reason, false);

  if (state.phase === 'lobby') {
    const view: GroupView = { kind: 'lobby' };
    intents.push(screen.lobby === undefined ? { op: 'send', chat: 'group', view } : { op: 'edit', chat: 'group', id: screen.lobby, view });
    return intents;
  }
  // The player to act first (their deadline runs), then the prompts that close, then the group,
  // whose new messages may have to wait for a slot under Telegram's limits.
  const prompt: Intent[] = [];
  const closing: Intent[] = [];
  const table: Intent[] = [];
  if (screen.lobby !== undefined) table.push({ op: 'edit', chat: 'group', id: screen.lobby, view: { kind: 'lobby-closed', why: 'started' } });

  const round = state.round!;
  const over = state.phase === 'over';
  const turn = turnKey(state);
  const actor = round.actor;
  const actorIsPerson = !over && isPerson(state, actor);
  const inGroup = actorIsPerson && playsInGroup(screen, actor);
  const wantsPrompt = actorIsPerson && !inGroup;

  // The group: the last round drawn is finished first, so the history reads in order.
  const shown = screen.round;
  const shownIsCurrent = shown !== undefined && shown.round === round.number;
  if (shown && !shown.final && (!shownIsCurrent || over)) {
    table.push({ op: 'edit', chat: 'group', id: shown.id, view: finalRound(shown.round, shown.turn) });
  }
  // A round that ended before it had a message (its starter timed out or left): its outcome
  // still gets one, or the group would never learn who lost the life.
  const ended = events.find((e): e is Extract<GameEvent, { type: 'roundEnded' }> => e.type === 'roundEnded');
  if (ended && shown?.round !== ended.round) table.push({ op: 'send', chat: 'group', view: finalRound(ended.round, '') });

  // Prompts of turns that are over lose their buttons, saying what became of the turn.
  for (const [id, live] of Object.entries(screen.prompts)) {
    if (wantsPrompt && id === actor && live.turn === turn) continue;
    // The actor's own old prompt closes before their new one is sent (the screen holds one per player).
    (id === actor ? prompt : closing).push({
      op: 'edit',
      chat: 'player',
      player: id,
      id: live.id,
      view: { kind: 'closed', why: closedReason(state, events, id) },
    });
  }

  if (over) {
    // Once, with the batch that ended the game (a redraw of a finished game sends nothing new).
    if (events.some((e) => e.type === 'gameOver')) table.push({ op: 'send', chat: 'group', view: { kind: 'game-over' } });
    return [...intents, ...prompt, ...closing, ...table];
  }

  // The round's table: from its first announcement, or at once when the actor plays here (and
  // once drawn, kept up to date: a starter back in their private chat leaves it).
  if (round.announcements.length > 0 || inGroup || (shownIsCurrent && !shown.final)) {
    const view: GroupView = { kind: 'round', round: round.number, turn, final: false, mention: inGroup ? actor : null, note: null };
    if (!shownIsCurrent || shown.final) {
      table.push({ op: 'send', chat: 'group', view });
    } else if (inGroup && shown.turn !== turn) {
      // A new turn of a person at the table: the table moves down as a new message that
      // mentions them (an edit would not notify), and the old one goes.
      table.push({ op: 'delete', chat: 'group', id: shown.id });
      table.push({ op: 'send', chat: 'group', view });
    } else {
      table.push({ op: 'edit', chat: 'group', id: shown.id, view });
    }
  }

  if (wantsPrompt) {
    const live = screen.prompts[actor];
    const view = { kind: 'prompt', turn } as const;
    prompt.push(
      live && live.turn === turn ? { op: 'edit', chat: 'player', player: actor, id: live.id, view } : { op: 'send', chat: 'player', player: actor, view },
    );
  }
  return [...intents, ...prompt, ...closing, ...table];
}

/**
 * An aborted game: nothing is left to press. Stopped or expired, the group's lobby or round says
 * so (an expired lobby also tells the group in a message of its own); the bot removed, the group
 * can no longer be written to, so only the private prompts close.
 */
function abortedIntents(screen: Screen, reason: AbortReason, justNow: boolean): Intent[] {
  const intents: Intent[] = [];
  if (reason !== 'bot-removed') {
    const why = reason === 'stopped' ? 'stopped' : 'expired';
    if (screen.lobby !== undefined) intents.push({ op: 'edit', chat: 'group', id: screen.lobby, view: { kind: 'lobby-closed', why } });
    if (screen.round && !screen.round.final) {
      intents.push({
        op: 'edit',
        chat: 'group',
        id: screen.round.id,
        view: { kind: 'round', round: screen.round.round, turn: screen.round.turn, final: true, mention: null, note: 'stopped' },
      });
    }
    if (reason === 'lobby-expired' && justNow) intents.push({ op: 'send', chat: 'group', view: { kind: 'lobby-expired' } });
  }
  for (const [id, prompt] of Object.entries(screen.prompts)) {
    intents.push({ op: 'edit', chat: 'player', player: id, id: prompt.id, view: { kind: 'closed', why: { kind: 'stopped' } } });
  }
  return intents;
}

const finalRound = (round: number, turn: string): GroupView => ({ kind: 'round', round, turn, final: true, mention: null, note: null });

/** What a closed prompt says happened: the player's own move if they made one, else the round's end. */
export function closedReason(state: GameState, events: readonly GameEvent[], player: PlayerId): Closed {
  if (events.some((e) => e.type === 'gameOver')) return { kind: 'game-over' };
  const ended = events.find((e): e is Extract<GameEvent, { type: 'roundEnded' }> => e.type === 'roundEnded');
  if (ended) return { kind: 'round-over', round: ended.round };
  if (events.some((e) => e.type === 'playerOut' && e.player === player)) return { kind: 'out' };
  const announced = events.find((e): e is Extract<GameEvent, { type: 'announced' }> => e.type === 'announced' && e.player === player);
  if (announced) {
    const to = state.phase === 'playing' && state.round && state.round.actor !== player ? state.round.actor : null;
    return { kind: 'announced', value: announced.value, how: announced.kind, to };
  }
  return { kind: 'moved-on' };
}
