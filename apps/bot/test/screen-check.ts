import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { GameRecord } from '@mia/game';
import type { SimGroup, SimMessage, SimUser } from '@mia/telegram-sim';
import { decodeButton } from '../src/callback-data';
import type { World } from './support';

/** A round's message in any language: "🎲 Mia — round 3", "🎲 Mia — раунд 3", … */
const ROUND = /^🎲 Mia — [^\d\n]*?(\d+)\s*$/mu;

/**
 * What a person sees in every chat of one game, checked after every action against the issue's
 * rules of how a game looks in Telegram, with the figures a README quotes counted on the way:
 * - no message in any chat carries a button that can no longer act (every game button names
 *   the game's current move);
 * - at most one live prompt per player, and only the player to act has one;
 * - the player whose turn begins gets exactly one notifying message, nobody else any;
 * - one message per round in the group, every finished round's message holding its outcome;
 * - the live prompt (or the group's table in group mode) says everything needed to decide.
 */
export interface ScreenFigures {
  actions: number;
  turns: number;
  rounds: number;
  /** Bot API calls besides answering presses (and getUpdates), over all actions. */
  calls: number;
  /** Notifications of the player whose turn it is, over all turns. */
  notifications: number;
  /** New messages sent into the group during the game (lobby excluded). */
  groupSends: number;
  /** Non-deleted game messages in the group at the end (lobby excluded). */
  groupMessages: number;
  taps: number;
  /** Presses made in another chat than the player's previous press in the same turn. */
  switches: number;
  maxCallsPerAction: number;
}

const QUIET = new Set(['getUpdates', 'answerCallbackQuery', 'getMe', 'setMyCommands']);

export class ScreenCheck {
  readonly figures: ScreenFigures = {
    actions: 0,
    turns: 0,
    rounds: 0,
    calls: 0,
    notifications: 0,
    groupSends: 0,
    groupMessages: 0,
    taps: 0,
    switches: 0,
    maxCallsPerAction: 0,
  };
  private callSeq: number;
  private notifySeq: number;
  private turn: string | null = null;
  private gameId: string | undefined;
  private lastChat = new Map<string, string>();
  /** The mode's rule of where the actor's notifying message comes. */
  constructor(
    private readonly w: World,
    private readonly group: SimGroup,
    private readonly players: SimUser[],
    private readonly mode: 'private' | 'group',
  ) {
    this.callSeq = this.lastCallSeq();
    this.notifySeq = w.sim.lastSeq;
  }

  /** Figures from here on only (the lobby's messages and joins are not the game's turns). */
  resetFigures(): void {
    for (const key of Object.keys(this.figures) as (keyof ScreenFigures)[]) if (key !== 'rounds' && key !== 'groupMessages') this.figures[key] = 0;
  }

  /** A press: counted as a tap, and as a chat switch when the player pressed elsewhere before in this turn. */
  tapped(player: SimUser, where: SimMessage, turn: string): void {
    this.figures.taps++;
    const key = `${player.id}:${turn}`;
    const previous = this.lastChat.get(key);
    if (previous !== undefined && previous !== where.chatKey) this.figures.switches++;
    this.lastChat.set(key, where.chatKey);
  }

  /** After an action has settled: every rule, and the figures of that action. */
  async check(label: string): Promise<GameRecord> {
    const { w, group } = this;
    this.gameId ??= (await w.games.currentGame(BigInt(group.id)))!.id;
    const game = (await w.games.game(this.gameId))!;
    const state = game.state;
    const where = `${label} (version ${game.version}, move ${state.move}, ${state.phase})`;
    this.figures.actions++;

    // Bot API calls of this action.
    const calls = this.w.sim.calls.filter((c) => c.seq > this.callSeq && c.token === w.token && !QUIET.has(c.method));
    this.callSeq = this.lastCallSeq();
    this.figures.calls += calls.length;
    this.figures.maxCallsPerAction = Math.max(this.figures.maxCallsPerAction, calls.length);
    this.figures.groupSends += calls.filter((c) => c.method === 'sendMessage' && String(c.params.chat_id) === String(group.id)).length;

    // No dead buttons, at most one live prompt (the actor's).
    const playing = state.phase === 'playing';
    const actor = playing ? state.round!.actor : null;
    const chats = [{ chat: group as SimGroup | ReturnType<SimUser['privateChat']>, player: null as SimUser | null }];
    for (const p of this.players) chats.push({ chat: p.privateChat(w.token), player: p });
    for (const { chat, player } of chats) {
      const live = w.sim.messages(chat).filter((m) => !m.deleted && gameButtons(m, game.id).length > 0);
      for (const m of live) {
        for (const b of gameButtons(m, game.id)) {
          expect(playing, `${where}: a button after the game's end in ${player?.firstName ?? 'the group'}: ${b}`).toBe(true);
          expect(decodeButton(b)!.move, `${where}: a dead button in ${player?.firstName ?? 'the group'}'s chat: ${m.text}`).toBe(state.move);
        }
      }
      if (player) {
        expect(live.length, `${where}: ${player.firstName} has ${live.length} live prompts`).toBeLessThanOrEqual(1);
        if (live.length === 1) expect(String(player.id), `${where}: ${player.firstName} has a live prompt out of turn`).toBe(actor);
      } else {
        expect(live.length, `${where}: ${live.length} group messages with buttons`).toBeLessThanOrEqual(1);
      }
    }

    // Notifications: exactly one for the player whose turn begins, none for anyone else.
    const turn = playing ? `${state.round!.number}.${state.round!.announcements.length}` : null;
    const human = actor !== null && !state.seats.find((s) => s.id === actor)!.ai;
    for (const p of this.players) {
      const got = w.sim.notifications(p, { since: this.notifySeq });
      const expected = human && turn !== this.turn && String(p.id) === actor ? 1 : 0;
      expect(got.length, `${where}: ${p.firstName} was notified ${got.length}× (${got.map((n) => n.text?.split('\n')[0]).join(' | ')})`).toBe(expected);
      if (expected) {
        this.figures.notifications++;
        expect(got[0]!.reason, `${where}: how ${p.firstName} was told`).toBe(this.mode === 'group' ? 'mention' : 'private');
      }
    }
    if (human && turn !== this.turn) this.figures.turns++;
    this.turn = turn;
    this.notifySeq = w.sim.lastSeq;

    // The group: one message per round, each finished one with its outcome, in order.
    const lobby = w.sim.botMessages(group)[0]?.message_id;
    const rounds = w.sim.messages(group).filter((m) => !m.deleted && m.message_id !== lobby && ROUND.test(m.text ?? ''));
    const numbers = rounds.map((m) => Number(ROUND.exec(m.text!)![1]));
    expect(numbers, `${where}: the group's round messages`).toEqual([...new Set(numbers)].sort((a, b) => a - b));
    const current = state.round!.number;
    for (const [i, m] of rounds.entries()) {
      const finished = numbers[i]! < current || state.phase === 'over';
      if (!finished) continue;
      expect(m.reply_markup, `${where}: round ${numbers[i]}'s message still has buttons`).toBeUndefined();
      expect(m.text, `${where}: round ${numbers[i]}'s message shows no outcome`).toMatch(/💔|🚫|🛑/);
    }
    this.figures.rounds = Math.max(0, ...numbers);
    this.figures.groupMessages = rounds.length + (state.phase === 'over' ? 1 : 0);

    // What the player to act sees.
    if (human && playing) {
      const person = this.players.find((p) => String(p.id) === actor)!;
      const seen =
        this.mode === 'group'
          ? w.sim.messages(group).filter((m) => !m.deleted && gameButtons(m, game.id).length > 0)[0]
          : w.sim.messages(person.privateChat(w.token)).filter((m) => !m.deleted && gameButtons(m, game.id).length > 0)[0];
      expect(seen, `${where}: ${person.firstName} has no message to act on`).toBeDefined();
      const text = seen!.text ?? '';
      // Buttons that speak: Liar! red, Believe green, the truthful announcement blue (in every language).
      const STYLE = { '❗': 'danger', '✅': 'success', '🎯': 'primary' } as const;
      for (const b of seen!.reply_markup!.inline_keyboard.flat()) {
        const mark = Object.keys(STYLE).find((m) => b.text.startsWith(m)) as keyof typeof STYLE | undefined;
        if (mark) expect((b as { style?: string }).style, `${where}: the style of ${b.text}`).toBe(STYLE[mark]);
      }
      expect(text, `${where}: no round number`).toContain(String(current));
      // Every player's lives, on one line in seat order (the actor is "you" in their own prompt).
      const lives = text.split('\n').find((l) => (l.match(/❤️\d+/g)?.length ?? 0) === state.seats.filter((s) => !s.out).length);
      expect(lives, `${where}: no line with every player's lives: ${text}`).toBeDefined();
      const order = state.seats.filter((s) => !(this.mode === 'private' && s.id === actor)).map((s) => lives!.indexOf(s.name));
      expect(
        order.every((x) => x >= 0),
        `${where}: not every player on the lives line: ${lives}`,
      ).toBe(true);
      expect(order, `${where}: lives not in seat order: ${lives}`).toEqual([...order].sort((a, b) => a - b));
      if (state.settings.turnSeconds) expect(text, `${where}: no deadline`).toMatch(/\d\d:\d\d:\d\d/);
      if (state.round!.announcements.length > 0 && state.round!.stage !== 'mia') expect(text, `${where}: nothing to beat`).toMatch(/🎯/);
      if (this.mode === 'private' && state.round!.stage === 'announce') expect(text, `${where}: no dice in hand`).toMatch(/[⚀⚁⚂⚃⚄⚅]{2}/);
      if (this.mode === 'group') {
        expect(text, `${where}: the group's table shows dice`).not.toMatch(/[⚀⚁⚂⚃⚄⚅]{2}/);
        const mentioned = (seen!.entities ?? []).some((e) => e.type === 'text_mention' && String(e.user?.id) === actor);
        expect(mentioned, `${where}: the table does not mention ${person.firstName}`).toBe(true);
      }
    }
    return game;
  }

  /** Every chat as a person sees it now, into a file for a person to read. */
  write(name: string): string {
    const dir = join(import.meta.dirname, '..', 'transcripts');
    mkdirSync(dir, { recursive: true });
    // As the chats read at the end, and with every version each message went through (what a
    // player saw at each moment: the live prompts, the table as the round went on).
    for (const history of [false, true]) {
      const parts = [`# ${name}${history ? ' (every version of every message)' : ''}`, '', '## The group', '', this.w.sim.transcript(this.group, { history })];
      for (const p of this.players) parts.push('', `## ${p.firstName}'s private chat`, '', this.w.sim.transcript(p.privateChat(this.w.token), { history }));
      writeFileSync(join(dir, `${name}${history ? '.history' : ''}.txt`), `${parts.join('\n')}\n`);
    }
    return join(dir, `${name}.txt`);
  }

  private lastCallSeq(): number {
    const calls = this.w.sim.calls;
    return calls.length > 0 ? calls[calls.length - 1]!.seq : 0;
  }
}

/** The game's buttons on a message (callback data naming this game). */
export function gameButtons(message: SimMessage, gameId: string): string[] {
  return (message.reply_markup?.inline_keyboard ?? [])
    .flat()
    .map((b) => ('callback_data' in b ? b.callback_data : undefined))
    .filter((d): d is string => typeof d === 'string' && decodeButton(d)?.gameId === gameId);
}
