// Small reads the apps make beside the statistics: named here so the apps hold no queries.
import type { Reader } from './common';

/** Of these users, each one's Telegram username as last seen (null: none). Unknown ids are left out. */
export async function usernames(prisma: Reader, userIds: readonly bigint[]): Promise<Map<bigint, string | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await prisma.user.findMany({ where: { id: { in: [...userIds] } }, select: { id: true, username: true } });
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** A chat's title as last seen, or null for a chat never recorded (or one without a title). */
export async function chatTitle(prisma: Reader, chatId: bigint): Promise<string | null> {
  const chat = await prisma.chat.findUnique({ where: { id: chatId }, select: { title: true } });
  return chat?.title ?? null;
}

export interface PlayedCounts {
  games: number;
  rounds: number;
  announcements: number;
}

/** What the database holds: finished games, and the rounds and announcements of every game. */
export async function countPlayed(prisma: Reader): Promise<PlayedCounts> {
  const [games, rounds, announcements] = await Promise.all([
    prisma.game.count({ where: { status: 'FINISHED' } }),
    prisma.round.count(),
    prisma.announcement.count(),
  ]);
  return { games, rounds, announcements };
}
