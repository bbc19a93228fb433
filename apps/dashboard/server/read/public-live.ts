// What the public feed reads: the publicly listed groups and their running games. Only groups
// whose admins listed them (`/dashboard public on`) and that did not move to a supergroup.
import type { Reader } from '@mia/db/queries';
import type { GameState } from '@mia/engine';
import type { LiveSource } from '../mappers/live-game';

export interface PublicChat {
  token: string;
  title: string | null;
}

export type PublicGameSource = LiveSource & { chatId: bigint; createdAt: Date };

/** Listed chats considered, most recently changed first (a bound on the work, as the index's). */
const PUBLIC_CHATS_LIMIT = 1000;
/** Running games the feed carries at most. */
export const PUBLIC_GAMES_LIMIT = 100;

const RUNNING = ['LOBBY', 'PLAYING'] as const;

export async function publicChats(reads: Reader): Promise<Map<string, PublicChat>> {
  const rows = await reads.chat.findMany({
    where: { listedPublicly: true, migratedTo: null },
    select: { id: true, dashboardToken: true, title: true },
    orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
    take: PUBLIC_CHATS_LIMIT,
  });
  return new Map(rows.map((r) => [r.id.toString(), { token: r.dashboardToken, title: r.title }]));
}

/** The running games of these chats, oldest first. */
export async function runningGamesOf(reads: Reader, chatIds: bigint[]): Promise<PublicGameSource[]> {
  if (chatIds.length === 0) return [];
  const rows = await reads.game.findMany({
    where: { chatId: { in: chatIds }, status: { in: [...RUNNING] } },
    select: { id: true, status: true, version: true, state: true, deadlineAt: true, chatId: true, createdAt: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: PUBLIC_GAMES_LIMIT,
  });
  // The state column holds the engine's plain JSON state, written only by @mia/game.
  return rows.map((row) => ({ ...row, state: row.state as unknown as GameState }));
}

/** These games as they are now (those that left play with their final state). */
export async function gamesById(reads: Reader, ids: string[]): Promise<PublicGameSource[]> {
  if (ids.length === 0) return [];
  const rows = await reads.game.findMany({
    where: { id: { in: ids } },
    select: { id: true, status: true, version: true, state: true, deadlineAt: true, chatId: true, createdAt: true },
  });
  return rows.map((row) => ({ ...row, state: row.state as unknown as GameState }));
}
