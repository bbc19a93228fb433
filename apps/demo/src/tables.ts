import { setTimeout as sleep } from 'node:timers/promises';
import { decodeButton, encodeButton } from '@mia/bot';
import type { StrategyName } from '@mia/engine';
import type { GameRecord, GameService } from '@mia/game';
import type { SimGroup, SimMessage, SimUser, TelegramSim } from '@mia/telegram-sim';
import type { Logger } from 'pino';

export interface TableSetup {
  sim: TelegramSim;
  /** The bot's token and @username in the sim. */
  token: string;
  username: string;
  games: GameService;
  /** The computer players each game seats, by strategy. */
  players: readonly StrategyName[];
  pauseMs: number;
  log: Logger;
}

/** Long enough for Telegram's flood limits (a 429 waits up to a minute) to hold a message back. */
const PATIENCE_MS = 120_000;

class Stopped extends Error {}

/**
 * One group in the simulated Telegram, with a host who does what a person would: `/newgame`,
 * `/addai <strategy>` for each computer player, presses Start on the lobby, and once the game is
 * over opens the next one after a pause. The host never plays: the computer players do.
 */
export class DemoTable {
  readonly group: SimGroup;
  readonly host: SimUser;
  private stopped = false;
  private readonly stopping: Promise<void>;
  private stop$: () => void = () => {};

  constructor(
    private readonly setup: TableSetup,
    readonly index: number,
  ) {
    this.host = setup.sim.user({ firstName: 'Dealer', lastName: String(index) });
    this.group = setup.sim.group({ title: `Demo table ${index}`, admins: [this.host], bots: [setup.token] });
    this.stopping = new Promise((resolve) => (this.stop$ = resolve));
  }

  get title(): string {
    return this.group.title;
  }

  /** Games, one after another, until `stop()`. */
  async run(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.playOne();
        await this.wait(sleep(this.setup.pauseMs));
      } catch (error) {
        if (this.stopped) return;
        this.setup.log.warn({ err: error, table: this.title }, 'demo: a game could not be played; the host stops it and opens another');
        this.command('/stop');
        await this.wait(sleep(3000)).catch(() => undefined);
      }
    }
  }

  stop(): void {
    this.stopped = true;
    this.stop$();
  }

  private command(text: string): void {
    const [name, ...args] = text.split(' ');
    this.host.send(this.group, [`${name}@${this.setup.username}`, ...args].join(' '));
  }

  private async playOne(): Promise<void> {
    const { games, players, sim } = this.setup;
    await this.leftover();
    this.command('/newgame');
    const lobby = await this.wait(sim.waitFor(() => this.lobby(), PATIENCE_MS));
    const gameId = lobby.gameId;
    const over = this.ended(gameId);
    try {
      for (const strategy of players) this.command(`/addai ${strategy}`);
      await this.until(async () => ((await games.game(gameId))?.state.seats.length ?? 0) >= players.length);
      const start = encodeButton({ gameId, move: 0, action: { op: 'start' } });
      const shown = sim.messages(this.group).find((m) => m.message_id === lobby.message.message_id)!;
      await this.wait(this.host.press(shown, start, { timeoutMs: PATIENCE_MS }));
      const game = await this.until(async () => {
        const g = await games.game(gameId);
        return g && g.status !== 'LOBBY' ? g : null;
      });
      if (game.status === 'PLAYING') await this.wait(over.promise);
    } finally {
      over.cancel();
    }
  }

  /**
   * The simulated groups get the same ids in every run, so the last run's game in this group may
   * still be here: one in play is left to its computer players (resumed at start-up) and waited
   * for; a lobby, whose message was in the last run's Telegram, is stopped.
   */
  private async leftover(): Promise<void> {
    const { games } = this.setup;
    const chatId = BigInt(this.group.id);
    const game = await games.currentGame(chatId);
    if (!game) return;
    const over = this.ended(game.id);
    try {
      if (game.status === 'LOBBY') this.command('/stop');
      // Read again now that the end is listened for: it may have come in between.
      else if ((await games.game(game.id))?.status === 'PLAYING') await this.wait(over.promise);
      await this.until(async () => (await games.currentGame(chatId)) === null);
    } finally {
      over.cancel();
    }
  }

  /** The newest lobby message in the group, with the game its Start button names. */
  private lobby(): { message: SimMessage; gameId: string } | null {
    for (const message of [...this.setup.sim.botMessages(this.group)].reverse()) {
      for (const button of message.reply_markup?.inline_keyboard.flat() ?? []) {
        const decoded = 'callback_data' in button && button.callback_data ? decodeButton(button.callback_data) : null;
        if (decoded?.action.op === 'start') return { message, gameId: decoded.gameId };
      }
    }
    return null;
  }

  /** Resolves when the game's last batch (finished or aborted) is committed. */
  private ended(gameId: string): { promise: Promise<void>; cancel: () => void } {
    let cancel: () => void = () => {};
    const promise = new Promise<void>((resolve) => {
      cancel = this.setup.games.subscribe(({ game }: { game: GameRecord }) => {
        if (game.id === gameId && game.status !== 'LOBBY' && game.status !== 'PLAYING') resolve();
      });
    });
    void promise.then(cancel);
    return { promise, cancel };
  }

  /** Polls the database until `check` gives a value. */
  private async until<T>(check: () => Promise<T | null | false>): Promise<T> {
    const end = Date.now() + PATIENCE_MS;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > end) throw new Error(`${this.title}: timed out waiting for the game`);
      await this.wait(sleep(100));
    }
  }

  /** `promise`, unless the demo stops first. */
  private wait<T>(promise: Promise<T>): Promise<T> {
    if (this.stopped) return Promise.reject(new Stopped());
    return Promise.race([
      promise,
      this.stopping.then((): never => {
        throw new Stopped();
      }),
    ]);
  }
}
