// The scripted people of one group: four of them, one action at a time, pressing the bot's real
// buttons as the calculator AI would choose.
import { aiAction, calculator, type Action, type GameState } from '@mia/engine';
import type { ChatHandle, SimGroup, SimMessage, SimUser, TelegramSim } from '@mia/telegram-sim';
import { translator } from '../../src/i18n';
import { claimLabel } from '../../src/render/claims';
import { buttonText, claimButton, escapeRegExp } from '../../test/support';
import type { Settled } from './children';

export const t = translator('en');
export const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);

export interface Group {
  group: SimGroup;
  players: SimUser[];
  chatId: string;
  /** The latest game the bot has finished telling Telegram about. */
  game: Settled | null;
  /** Resolved by the next settled batch in this chat. */
  waiter: ((game: Settled) => void) | null;
}

/** Resolves with the next settled game of the group (after `press`), or fails after 120 s (1,000 groups queue). */
export function nextBatch(g: Group): Promise<Settled> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`group ${g.group.title}: no committed action within 120 s`)), 120_000);
    g.waiter = (game) => {
      clearTimeout(timer);
      g.waiter = null;
      g.game = game;
      resolve(game);
    };
  });
}

/**
 * One person's press, timed from the moment the update is queued in the sim until the bot has
 * answered the callback query and its chat's outgoing queue (table edits, private prompts) is
 * empty: the bot's last Bot API call for this update has been answered.
 */
export async function pressAndSettle(g: Group, user: SimUser, message: SimMessage, button: string): Promise<{ ms: number; game: Settled }> {
  const settled = nextBatch(g);
  const t0 = performance.now();
  const answered = user.press(message, button, { timeoutMs: 120_000 }).then((popup) => ({ popup, at: performance.now() }));
  const [{ popup, at }, game] = await Promise.all([answered, settled]);
  if (!popup) throw new Error(`${user.firstName}: no answer to "${button}"`);
  // Until the later of the two was heard, not until the game's state was read (see BotChild).
  return { ms: Math.max(at, game.receivedAt) - t0, game };
}

/** The newest message in a chat with a button matching `label` (snapshots only what it looks at). */
export function lastWithButton(sim: TelegramSim, chat: ChatHandle, label: RegExp): SimMessage | undefined {
  const order = sim.chat(chat).order;
  for (let i = order.length - 1; i >= 0; i--) {
    const m = sim.snapshot(order[i]!);
    if (m.reply_markup?.inline_keyboard.some((row) => row.some((b) => label.test(b.text)))) return m;
  }
  return undefined;
}

/** The button a person presses for an action, on the message that shows it now. */
export function findButton(
  sim: TelegramSim,
  token: string,
  g: Group,
  state: GameState,
  actor: SimUser,
  action: Action,
): { message: SimMessage; button: string } {
  let label: RegExp;
  let chat: ChatHandle;
  switch (action.type) {
    case 'roll':
      label = exactly(t('button-roll'));
      chat = actor.privateChat(token);
      break;
    case 'announce':
      // "54 · 50%", or "🎯 42 · 78%" for the truth.
      label = claimButton(claimLabel(state.settings.ranking, action.value, t));
      chat = actor.privateChat(token);
      break;
    case 'believe':
    case 'call':
      label = exactly(t(action.type === 'call' ? 'button-call' : 'button-believe'));
      chat = g.group;
      break;
    case 'lookAtMia':
    case 'giveUp':
      label = exactly(t(action.type === 'lookAtMia' ? 'button-look' : 'button-give-up'));
      chat = g.group;
      break;
    default:
      throw new Error(`unexpected action ${action.type}`);
  }
  const message = lastWithButton(sim, chat, label);
  if (!message) throw new Error(`${actor.firstName} sees no button ${label} for ${action.type}`);
  return { message, button: buttonText(message, label) };
}

/** /newgame, four joins, start: the lobby (not timed as load). */
export async function openTable(sim: TelegramSim, g: Group): Promise<void> {
  const [creator] = g.players as [SimUser];
  const created = nextBatch(g);
  creator.send(g.group, '/newgame@mia_bot');
  await created;
  const join = exactly(t('button-join'));
  const lobby = () => lastWithButton(sim, g.group, join);
  await sim.waitFor(lobby, 30_000);
  for (const p of g.players) await pressAndSettle(g, p, lobby()!, t('button-join'));
  const { game } = await pressAndSettle(g, creator, lobby()!, t('button-start'));
  if (game.state.phase !== 'playing') throw new Error(`${g.group.title}: the game did not start`);
}

/** Plays the group's game to the end, or until `until` (performance.now()); pushes each action's latency. */
export async function playGame(sim: TelegramSim, token: string, g: Group, into: number[], until: number): Promise<void> {
  const strategy = calculator();
  for (let n = 0; performance.now() < until; n++) {
    const state = g.game!.state;
    if (state.phase !== 'playing') return;
    if (n > 1000) throw new Error(`${g.group.title}: the game did not finish`);
    const actorId = state.round!.actor;
    const actor = g.players.find((p) => String(p.id) === actorId)!;
    const action = aiAction(state, actorId, strategy, () => 0)!;
    const { message, button } = findButton(sim, token, g, state, actor, action);
    const { ms } = await pressAndSettle(g, actor, message, button);
    into.push(ms);
  }
}
