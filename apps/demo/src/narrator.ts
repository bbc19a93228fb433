import { publicEvent, rankingFor } from '@mia/engine';
import type { CommittedBatch, GameService } from '@mia/game';
import type { PrismaClient } from '@mia/db';
import type { Logger } from 'pino';
import { narrate } from './narrate';

export interface PlayedCounts {
  games: number;
  rounds: number;
  announcements: number;
}

/** What the database holds: finished games, and the rounds and announcements of every game. */
export async function countPlayed(prisma: PrismaClient): Promise<PlayedCounts> {
  const [games, rounds, announcements] = await Promise.all([
    prisma.game.count({ where: { status: 'FINISHED' } }),
    prisma.round.count(),
    prisma.announcement.count(),
  ]);
  return { games, rounds, announcements };
}

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
      this.queue = this.queue
        .then(() => this.tell(batch))
        .catch((error: unknown) => this.log.warn({ err: error }, 'demo: could not narrate a batch'));
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
      const chat = await this.games.prisma.chat.findUnique({ where: { id: chatId }, select: { title: true } });
      title = chat?.title ?? `chat ${chatId}`;
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
      this.print(`${label} Database: ${describeCounts(await countPlayed(this.games.prisma))}.`);
    }
  }
}
