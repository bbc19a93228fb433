import { publicEvent, rankingFor } from '@mia/engine';
import type { CommittedBatch, GameService } from '@mia/game';
import { chatTitle, countPlayed, type PlayedCounts } from '@mia/db/queries';
import type { Logger } from 'pino';
import { narrate } from './narrate';

export { countPlayed, type PlayedCounts };

const n = (x: number) => x.toLocaleString('en');
export const describeCounts = (c: PlayedCounts) =>
  `${n(c.games)} ${c.games === 1 ? 'game' : 'games'} finished, ${n(c.rounds)} rounds, ${n(c.announcements)} announcements`;

/**
 * The demo's window on the tables: every committed batch, narrated line by line under its
 * table's name and game, in commit order; after each game, what the database holds.
 */
export class Narrator {
  private readonly titles = new Map<bigint, string>();
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly games: GameService,
    private readonly print: (line: string) => void,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.unsubscribe = this.games.subscribe((batch) => {
      // Titles come from the database: each batch waits for the one before, keeping the order.
      this.queue = this.queue.then(() => this.tell(batch)).catch((error: unknown) => this.log.warn({ err: error }, 'demo: could not narrate a batch'));
    });
  }

  stop(): Promise<void> {
    this.unsubscribe?.();
    return this.queue;
  }

  /** `[Demo table 2 · 3f2a9c1d]`: the group, and the game (resumed games share a title). */
  async label(chatId: bigint, gameId: string): Promise<string> {
    let title = this.titles.get(chatId);
    if (title === undefined) {
      title = (await chatTitle(this.games.reads, chatId)) ?? `chat ${chatId}`;
      this.titles.set(chatId, title);
    }
    return `[${title} · ${gameId.slice(0, 8)}]`;
  }

  private async tell({ game, events }: CommittedBatch): Promise<void> {
    const label = await this.label(game.chatId, game.id);
    const ranking = rankingFor(game.state.settings.ranking);
    for (const { event } of events) {
      const line = narrate(publicEvent(event), game.state, ranking);
      if (line !== null) this.print(`${label} ${line}`);
    }
    if (game.status === 'FINISHED') {
      this.print(`${label} Database: ${describeCounts(await countPlayed(this.games.reads))}.`);
    }
  }
}
