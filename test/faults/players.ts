import { encodeButton, type ButtonAction } from '@mia/bot';
import type { PrismaClient } from '@mia/db';
import { aiAction, calculator, type Action, type GameState } from '@mia/engine';
import type { SimGroup, SimMessage, SimUser, TelegramSim } from '@mia/telegram-sim';

/** A game as the driver reads it from the database: the source of truth, whatever the chat shows. */
interface Seen {
  id: string;
  status: 'LOBBY' | 'PLAYING' | 'FINISHED' | 'ABORTED';
  version: number;
  state: GameState;
}

export interface TableOptions {
  sim: TelegramSim;
  token: string;
  prisma: PrismaClient;
  group: SimGroup;
  /** Seated in this order; the first opens and starts the game. */
  players: SimUser[];
  /** A player who joins and then never presses again: the deadlines play for them. */
  sleeper?: SimUser;
  /** How long the game may stand still before the driver gives up (a player left waiting). */
  stuckMs?: number;
}

export interface TableStats {
  presses: number;
  /** Presses that got no answer from the bot (it was down, or died handling them). */
  unanswered: number;
  commands: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Scripted people at one table: they read whose turn it is, choose as the calculator AI does (so
 * a run is a function of the dice), and press the bot's own button for it, found by its
 * callback_data on the message that shows it. A press that gets no answer is pressed again, as a
 * person taps again; a button that is not shown yet is waited for. Whatever happens, the game in
 * the database must move on: if it stands still for `stuckMs`, someone was left waiting.
 */
export class Table {
  readonly stats: TableStats = { presses: 0, unanswered: 0, commands: 0 };
  readonly chatId: bigint;
  private readonly strategy = calculator();

  constructor(private readonly o: TableOptions) {
    this.chatId = BigInt(o.group.id);
  }

  get title(): string {
    return this.o.group.title ?? String(this.o.group.id);
  }

  /** Opens a game (/newgame), seats everyone, starts it and plays it to the end; returns its id. */
  async playGame(): Promise<string> {
    const { players, sleeper } = this.o;
    const creator = players[0]!;
    const stuckMs = this.o.stuckMs ?? 45_000;
    let gameId: string | null = null;
    let lastVersion = -1;
    let lastChange = Date.now();
    let lastCommand = 0;
    for (;;) {
      let game: Seen | null;
      try {
        game = gameId ? await this.game(gameId) : await this.currentGame();
      } catch {
        await sleep(200); // the database is down (a fault test): people wait and look again
        continue;
      }
      if (game && game.version !== lastVersion) {
        lastVersion = game.version;
        lastChange = Date.now();
      }
      if (Date.now() - lastChange > stuckMs) {
        throw new Error(`${this.title}: the game stood still for ${stuckMs} ms at ${describe(game)}`);
      }
      if (!game) {
        // No lobby yet: /newgame, and again if nothing came of it (the bot died holding it).
        if (Date.now() - lastCommand > 3000) {
          creator.send(this.o.group, '/newgame@mia_bot');
          this.stats.commands++;
          lastCommand = Date.now();
        }
        await sleep(40);
        continue;
      }
      gameId = game.id;
      if (game.status === 'FINISHED') return game.id;
      if (game.status === 'ABORTED') throw new Error(`${this.title}: game ${game.id} was aborted`);

      let presser: SimUser;
      let action: ButtonAction;
      let where: SimGroup | ReturnType<SimUser['privateChat']>;
      let move = game.state.move;
      if (game.state.phase === 'lobby') {
        const seated = new Set(game.state.seats.map((s) => s.id));
        const next = players.find((p) => !seated.has(String(p.id)));
        presser = next ?? creator;
        action = next ? { op: 'join' } : { op: 'start' };
        where = this.o.group;
        move = 0;
      } else {
        const actorId = game.state.round!.actor;
        const actor = players.find((p) => String(p.id) === actorId)!;
        if (actor === sleeper) {
          await sleep(100); // their deadline will play for them
          continue;
        }
        const chosen = aiAction(game.state, actorId, this.strategy, () => 0);
        if (!chosen) throw new Error(`${this.title}: no action for ${actor.firstName} at ${describe(game)}`);
        presser = actor;
        ({ action, where } = this.buttonFor(chosen, actor));
      }
      const data = encodeButton({ gameId: game.id, move, action });
      const message = findButton(this.o.sim.messages(where), data);
      if (!message) {
        await sleep(40); // not drawn yet: the bot is at it, or restarting and will redraw it
        continue;
      }
      await this.press(presser, message, data, game);
    }
  }

  /** One press; returns once the game moved, the bot answered without moving it, or 3 s passed. */
  private async press(user: SimUser, message: SimMessage, data: string, before: Seen): Promise<void> {
    this.stats.presses++;
    let answered = false;
    let answer: Promise<unknown>;
    try {
      answer = user.press(message, data, { timeoutMs: 3000 }).then((a) => {
        answered = a !== undefined;
        if (!answered) this.stats.unanswered++;
      });
    } catch {
      return; // the message changed under the finger: read the game again
    }
    const until = Date.now() + 3000;
    let settled = false;
    void answer.then(() => (settled = true));
    while (Date.now() < until) {
      const now = await this.game(before.id).catch(() => null);
      if (now && now.version !== before.version) return;
      if (settled) {
        // Answered without a change: refused (out of date, say). Read again and choose again.
        if (answered) return;
        break;
      }
      await sleep(30);
    }
  }

  private buttonFor(chosen: Action, actor: SimUser): { action: ButtonAction; where: SimGroup | ReturnType<SimUser['privateChat']> } {
    const dm = actor.privateChat(this.o.token);
    switch (chosen.type) {
      case 'roll':
        return { action: { op: 'roll' }, where: dm };
      case 'announce':
        return { action: { op: 'announce', value: chosen.value }, where: dm };
      case 'believe':
        return { action: { op: 'believe' }, where: this.o.group };
      case 'call':
        return { action: { op: 'call' }, where: this.o.group };
      case 'lookAtMia':
        return { action: { op: 'look' }, where: this.o.group };
      case 'giveUp':
        return { action: { op: 'giveUp' }, where: this.o.group };
      default:
        throw new Error(`${this.title}: the script has no button for ${chosen.type}`);
    }
  }

  private async currentGame(): Promise<Seen | null> {
    const chat = await this.o.prisma.chat.findUnique({ where: { id: this.chatId }, select: { currentGameId: true } });
    return chat?.currentGameId ? this.game(chat.currentGameId) : null;
  }

  private async game(id: string): Promise<Seen | null> {
    const row = await this.o.prisma.game.findUnique({ where: { id }, select: { id: true, status: true, version: true, state: true } });
    return row ? { ...row, state: row.state as unknown as GameState } : null;
  }
}

function findButton(messages: readonly SimMessage[], data: string): SimMessage | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (!m.deleted && m.reply_markup?.inline_keyboard.some((row) => row.some((b) => 'callback_data' in b && b.callback_data === data))) return m;
  }
  return undefined;
}

function describe(game: Seen | null): string {
  if (!game) return 'no game';
  const r = game.state.round;
  return `game ${game.id} v${game.version} ${game.status}${r ? ` round ${r.number} ${r.stage} actor ${r.actor}` : ''}`;
}
