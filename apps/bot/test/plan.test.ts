import { describe, expect, it } from 'vitest';
import { aiAction, apply, bluffer, calculator, randomPlayer, seededRng, type Action, type GameEvent, type GameState, type Rng } from '@mia/engine';
import { plan, playsInGroup } from '../src/telegram-out/plan';
import { emptyScreen, record, turnKey, type GroupView, type Intent, type PlayMode, type PrivateView, type Screen } from '../src/telegram-out/screen';

/**
 * The planner's rules, without Telegram: self-played games (every strategy, both play modes,
 * players whose private chat fails, deadlines missed, players kicked) fed batch by batch through
 * `plan`, its intents carried out on a model of the chats, and every rule of how a game looks in
 * Telegram checked after every batch, and again after a crash part-way through a batch's intents
 * followed by the redraw a restarted process makes.
 */

interface Message {
  chat: string;
  view: GroupView | PrivateView;
  deleted: boolean;
}

/** The chats as a person would see them: every message the intents sent, as last drawn. */
class Chats {
  readonly messages = new Map<number, Message>();
  private next = 1;
  /** New messages of the last batch: who they notify. */
  sent: Message[] = [];

  carry(screen: Screen, intents: readonly Intent[]): Screen {
    this.sent = [];
    for (const intent of intents) {
      const chat = intent.chat === 'group' ? 'group' : intent.player;
      if (intent.op === 'delete') {
        this.messages.get(intent.id)!.deleted = true;
        screen = record(screen, intent, intent.id);
        continue;
      }
      if (intent.op === 'send') {
        const id = this.next++;
        const message = { chat, view: intent.view, deleted: false };
        this.messages.set(id, message);
        this.sent.push(message);
        screen = record(screen, intent, id);
      } else {
        const message = this.messages.get(intent.id);
        expect(message, `an edit of a message never sent: ${JSON.stringify(intent)}`).toBeDefined();
        expect(message!.chat).toBe(chat);
        expect(message!.deleted, 'an edit of a deleted message').toBe(false);
        message!.view = intent.view;
        screen = record(screen, intent, intent.id);
      }
    }
    return screen;
  }

  /** Messages that still carry the game's buttons. */
  live(): { id: number; message: Message }[] {
    return [...this.messages.entries()]
      .filter(([, m]) => !m.deleted && (m.view.kind === 'lobby' || m.view.kind === 'prompt' || (m.view.kind === 'round' && !m.view.final)))
      .map(([id, message]) => ({ id, message }));
  }
}

const person = (state: GameState, id: string) => state.seats.some((p) => p.id === id && !p.ai);

/** Every rule after a batch has been carried out in full. */
function expectRules(state: GameState, screen: Screen, chats: Chats, before: { turn: string; round: number }, where: string) {
  const playing = state.phase === 'playing';
  const actor = playing ? state.round!.actor : null;
  const turn = turnKey(state);
  const inGroup = actor !== null && person(state, actor) && playsInGroup(screen, actor);
  const live = chats.live();
  // At most one live prompt per player, only the actor's, for this very turn; nothing live after the end.
  for (const { message } of live.filter((l) => l.message.view.kind === 'prompt')) {
    expect(message.chat, `${where}: a live prompt out of turn`).toBe(actor);
    expect((message.view as { turn: string }).turn, `${where}: a live prompt of another turn`).toBe(turn);
    expect(inGroup, `${where}: a private prompt for a player at the table`).toBe(false);
  }
  const groupLive = live.filter((l) => l.message.chat === 'group');
  expect(groupLive.length, `${where}: group messages with buttons`).toBeLessThanOrEqual(1);
  for (const { message } of groupLive) {
    if (message.view.kind === 'lobby') expect(state.phase).toBe('lobby');
    if (message.view.kind === 'round') expect(message.view.round, `${where}: a live table of an old round`).toBe(state.round!.number);
  }
  if (!playing && state.phase !== 'lobby') expect(live, `${where}: buttons after the end`).toEqual([]);
  // The player whose turn begins is notified exactly once; nobody else.
  const notified = chats.sent.filter((m) => m.chat !== 'group' || (m.view.kind === 'round' && m.view.mention !== null));
  const begins = playing && person(state, actor!) && turn !== before.turn;
  expect(
    notified.map((m) => (m.chat === 'group' ? (m.view as { mention: string }).mention : m.chat)),
    `${where}: who was notified`,
  ).toEqual(begins ? [actor] : []);
  // In the default mode the group gets at most one new message a round (and the game's end).
  if (screen.mode === 'private' && screen.unreachable.length === 0) {
    const groupSends = chats.sent.filter((m) => m.chat === 'group' && m.view.kind === 'round').length;
    expect(groupSends, `${where}: new group messages`).toBeLessThanOrEqual(Math.max(1, (state.round?.number ?? 0) - before.round + 1));
  }
  // Every finished round's message is final; exactly one message a round in the group.
  const rounds = [...chats.messages.values()].filter((m) => m.chat === 'group' && !m.deleted && m.view.kind === 'round') as (Message & {
    view: Extract<GroupView, { kind: 'round' }>;
  })[];
  const numbers = rounds.map((m) => m.view.round);
  expect(new Set(numbers).size, `${where}: two messages for one round`).toBe(numbers.length);
  for (const m of rounds)
    if (state.phase === 'over' || m.view.round < state.round!.number) expect(m.view.final, `${where}: round ${m.view.round} not final`).toBe(true);
}

/** A scripted table: people and computer players, a seeded choice of moves, sometimes a missed deadline or a kick. */
function* selfPlay(seed: number, mode: PlayMode): Generator<{ state: GameState; events: GameEvent[]; unreachable?: string }> {
  const rng: Rng = seededRng(seed);
  const strategies = [calculator(), bluffer(), randomPlayer];
  const players = ['1', '2', '3', '4'].slice(0, 2 + rng(3));
  let state: GameState | null = null;
  const step = (action: Action) => {
    const result = apply(state, action, rng);
    if (!result.ok) throw new Error(`${action.type}: ${result.rejection.message}`);
    state = result.state;
    return result.events;
  };
  const created = step({ type: 'create', creator: '1', settings: { lives: 2 + rng(3), blindPass: rng(2) === 0 } });
  yield { state: state!, events: created };
  for (const p of players) {
    const events = step({ type: 'join', player: p, name: `P${p}`, ai: p === '4' });
    yield { state: state!, events };
  }
  const started = step({ type: 'start' });
  yield { state: state!, events: started };
  for (let n = 0; n < 500 && state!.phase === 'playing'; n++) {
    const s: GameState = state!;
    const actor = s.round!.actor;
    const roll = rng(40);
    const unreachable = mode === 'private' && roll === 0 && actor !== '4' ? actor : undefined;
    let action: Action;
    if (roll === 1) action = { type: 'timeout', player: actor, move: s.move };
    else if (roll === 2 && s.seats.filter((p) => !p.out).length > 2) action = { type: 'kick', player: s.seats.find((p) => !p.out && p.id !== actor)!.id };
    else action = aiAction(s, actor, strategies[Number(actor) % strategies.length]!, rng)!;
    const events = step(action);
    yield { state: state!, events, ...(unreachable ? { unreachable } : {}) };
  }
}

/** What a crash part-way through `intents` leaves done: in each chat, its first intents, as many as `rng` says. */
function crashedPart(intents: readonly Intent[], rng: Rng): Intent[] {
  const chatOf = (i: Intent) => (i.chat === 'group' ? '' : i.player);
  const cut = new Map<string, number>();
  for (const chat of new Set(intents.map(chatOf))) cut.set(chat, rng(intents.filter((i) => chatOf(i) === chat).length + 1));
  return intents.filter((i) => {
    const left = cut.get(chatOf(i))!;
    cut.set(chatOf(i), left - 1);
    return left > 0;
  });
}

describe('the planner', () => {
  for (const mode of ['private', 'group'] as const) {
    it(`keeps every rule after every batch of 60 self-played games (${mode} mode)`, () => {
      let batches = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const chats = new Chats();
        let screen = emptyScreen(mode);
        let before = { turn: '0.0', round: 0 };
        for (const { state, events, unreachable } of selfPlay(seed, mode)) {
          // A player's private chat failing, as the executor reports it before planning again.
          if (unreachable && !screen.unreachable.includes(unreachable)) screen = { ...screen, unreachable: [...screen.unreachable, unreachable] };
          screen = chats.carry(screen, plan({ state, events, screen }));
          expectRules(state, screen, chats, before, `seed ${seed}, move ${state.move}`);
          // Drawing it again changes nothing and sends nothing (a restart finds the chats right).
          const again = plan({ state, events: [], screen });
          expect(
            again.filter((i) => i.op !== 'edit'),
            `seed ${seed}: a redraw sends or deletes`,
          ).toEqual([]);
          before = { turn: state.phase === 'playing' ? turnKey(state) : before.turn, round: state.round?.number ?? 0 };
          batches++;
        }
      }
      expect(batches).toBeGreaterThan(1000);
    });

    it(`after a crash part-way through any batch, the redraw at start-up restores every rule (${mode} mode)`, () => {
      const crashes = seededRng(7);
      for (let seed = 100; seed < 140; seed++) {
        const chats = new Chats();
        let screen = emptyScreen(mode);
        let before = { turn: '0.0', round: 0 };
        for (const { state, events } of selfPlay(seed, mode)) {
          const intents = plan({ state, events, screen });
          // The executor carries each chat's intents out in order and the chats at once, so a
          // crash leaves each chat at a point of its own.
          const done = crashedPart(intents, crashes);
          screen = chats.carry(screen, done);
          const sentBefore = chats.sent;
          if (done.length < intents.length) {
            // The restarted process draws the game from its state and the screen it finds saved.
            screen = chats.carry(screen, plan({ state, events: [], screen }));
            chats.sent = [...sentBefore, ...chats.sent];
          }
          expectRules(state, screen, chats, before, `seed ${seed}, move ${state.move}, crash after ${done.length}/${intents.length}`);
          before = { turn: state.phase === 'playing' ? turnKey(state) : before.turn, round: state.round?.number ?? 0 };
        }
      }
    });
  }

  it('default mode: a round costs the group one new message, sent with its first announcement', () => {
    const chats = new Chats();
    let screen = emptyScreen('private');
    let sends = 0;
    let rounds = 0;
    for (const { state, events } of selfPlay(5, 'private')) {
      const intents = plan({ state, events, screen });
      sends += intents.filter((i) => i.chat === 'group' && i.op === 'send' && i.view.kind === 'round').length;
      for (const i of intents)
        if (i.chat === 'group' && i.op === 'send' && i.view.kind === 'round' && !i.view.final) expect(state.round!.announcements.length).toBe(1);
      screen = chats.carry(screen, intents);
      rounds = state.round?.number ?? 0;
    }
    expect(sends).toBe(rounds);
  });

  it('sends the player to act their prompt before anything else of the batch (after closing their own old one)', () => {
    let screen = emptyScreen('private');
    const chats = new Chats();
    let checked = 0;
    for (const { state, events } of selfPlay(11, 'private')) {
      const intents = plan({ state, events, screen });
      const first = intents.findIndex((i) => i.chat === 'player' && i.op === 'send');
      if (first >= 0) {
        const own = intents.filter((i, k) => k < first && i.chat === 'player' && i.player === (intents[first] as { player: string }).player).length;
        expect(first, JSON.stringify(intents)).toBe(own);
        checked++;
      }
      screen = chats.carry(screen, intents);
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe('the planner: a game aborted (its gameAborted event)', () => {
  const abort = (state: GameState, reason: 'stopped' | 'bot-removed' | 'lobby-expired') => {
    const result = apply(state, { type: 'abort', reason }, seededRng(0));
    if (!result.ok) throw new Error(result.rejection.message);
    return result;
  };

  for (const mode of ['private', 'group'] as const) {
    it(`/stop at any point of a game leaves nothing to press, sends nothing new, and says so (${mode} mode)`, () => {
      const cut = seededRng(3);
      let checked = 0;
      for (let seed = 200; seed < 240; seed++) {
        const chats = new Chats();
        let screen = emptyScreen(mode);
        const stopAfter = 1 + cut(30);
        let n = 0;
        for (const { state, events } of selfPlay(seed, mode)) {
          screen = chats.carry(screen, plan({ state, events, screen }));
          if (++n < stopAfter || state.phase === 'over') continue;
          const stopped = abort(state, 'stopped');
          const intents = plan({ state: stopped.state, events: stopped.events, screen });
          expect(
            intents.filter((i) => i.op !== 'edit'),
            `seed ${seed}: a stop sends or deletes`,
          ).toEqual([]);
          screen = chats.carry(screen, intents);
          expect(chats.live(), `seed ${seed}: buttons after /stop`).toEqual([]);
          const views = intents.map((i) => (i.op === 'edit' ? i.view : null));
          if (state.phase === 'lobby') expect(views).toContainEqual({ kind: 'lobby-closed', why: 'stopped' });
          for (const v of views) if (v?.kind === 'round') expect(v).toMatchObject({ final: true, note: 'stopped' });
          for (const v of views) if (v?.kind === 'closed') expect(v.why).toEqual({ kind: 'stopped' });
          // Drawn again (a restart, a second pass): nothing is left to do.
          expect(plan({ state: stopped.state, events: [], screen })).toEqual([]);
          checked++;
          break;
        }
      }
      expect(checked).toBeGreaterThan(30);
    });
  }

  it('a lobby that expired: its message closes saying why, and the group is told once', () => {
    const chats = new Chats();
    let screen = emptyScreen('private');
    let state: GameState | null = null;
    for (const action of [
      { type: 'create', creator: '1' },
      { type: 'join', player: '1', name: 'P1' },
      { type: 'join', player: '2', name: 'P2' },
    ] as Action[]) {
      const r = apply(state, action, seededRng(1));
      if (!r.ok) throw new Error(r.rejection.message);
      state = r.state;
      screen = chats.carry(screen, plan({ state, events: r.events, screen }));
    }
    const lobby = screen.lobby!;
    const expired = abort(state!, 'lobby-expired');
    const intents = plan({ state: expired.state, events: expired.events, screen });
    expect(intents).toEqual([
      { op: 'edit', chat: 'group', id: lobby, view: { kind: 'lobby-closed', why: 'expired' } },
      { op: 'send', chat: 'group', view: { kind: 'lobby-expired' } },
    ]);
    screen = chats.carry(screen, intents);
    expect(chats.live()).toEqual([]);
    expect(plan({ state: expired.state, events: [], screen })).toEqual([]);
  });

  it('the bot removed from the group: the group is out of reach, only the private prompts close', () => {
    let checked = 0;
    for (let seed = 300; seed < 320; seed++) {
      const chats = new Chats();
      let screen = emptyScreen('private');
      for (const { state, events } of selfPlay(seed, 'private')) {
        screen = chats.carry(screen, plan({ state, events, screen }));
        if (state.phase !== 'playing' || Object.keys(screen.prompts).length === 0) continue;
        const removed = abort(state, 'bot-removed');
        const intents = plan({ state: removed.state, events: removed.events, screen });
        expect(intents.filter((i) => i.chat === 'group')).toEqual([]);
        expect(intents.map((i) => (i.chat === 'player' && i.op === 'edit' ? [i.player, i.id, i.view] : null))).toEqual(
          Object.entries(screen.prompts).map(([player, p]) => [player, p.id, { kind: 'closed', why: { kind: 'stopped' } }]),
        );
        checked++;
        break;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
