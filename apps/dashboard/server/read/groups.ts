// Groups as the dashboard reads them: by their dashboard token (the only way to a group's data),
// or the publicly listed ones. Read-only, like everything the dashboard does.
import type { Reader } from '@mia/db/queries';
import type { GroupSummary } from '../../shared/api';
import { NO_GAMES, toGroupSummary, type GameCounts } from '../mappers/groups';

/** A group the request's token opened. */
export interface Group {
  id: bigint;
  token: string;
  title: string | null;
  language: string;
  listedPublicly: boolean;
  /** As stored: resolve with `settingsOf`. */
  settings: unknown;
}

const GROUP_FIELDS = {
  id: true,
  dashboardToken: true,
  title: true,
  language: true,
  listedPublicly: true,
  settings: true,
  migratedTo: true,
} as const;

/**
 * The group whose current dashboard token this is. A token the admins rotated away is no
 * longer any group's, and a group that moved to a supergroup hands its token on with it.
 */
export async function groupByToken(reads: Reader, token: string): Promise<Group | null> {
  const row = await reads.chat.findUnique({ where: { dashboardToken: token }, select: GROUP_FIELDS });
  if (!row || row.migratedTo !== null) return null;
  return {
    id: row.id,
    token: row.dashboardToken,
    title: row.title,
    language: row.language,
    listedPublicly: row.listedPublicly,
    settings: row.settings,
  };
}

/** The current token of each of these chats (the live hub's check for rotated tokens). */
export async function currentTokens(reads: Reader, chatIds: bigint[]): Promise<Map<string, string>> {
  if (chatIds.length === 0) return new Map();
  const rows = await reads.chat.findMany({
    where: { id: { in: chatIds }, migratedTo: null },
    select: { id: true, dashboardToken: true },
  });
  return new Map(rows.map((r) => [r.id.toString(), r.dashboardToken]));
}

/** Running (lobby or play) and finished games per chat id; chats without games are absent. */
export async function gameCounts(reads: Reader, chatIds: bigint[]): Promise<Map<string, GameCounts>> {
  const counts = new Map<string, GameCounts>();
  if (chatIds.length === 0) return counts;
  const rows = await reads.game.groupBy({
    by: ['chatId', 'status'],
    where: { chatId: { in: chatIds } },
    _count: { _all: true },
  });
  for (const row of rows) {
    const key = row.chatId.toString();
    const c = counts.get(key) ?? { ...NO_GAMES };
    if (row.status === 'LOBBY' || row.status === 'PLAYING') c.running += row._count._all;
    else if (row.status === 'FINISHED') c.finished += row._count._all;
    counts.set(key, c);
  }
  return counts;
}

/** At most this many groups are listed: the most active first. */
export const PUBLIC_GROUPS_LIMIT = 100;
/** Listed chats considered for the list, most recently changed first (a bound on the work). */
const PUBLIC_CANDIDATES = 1000;

/** Groups whose admins chose to list them publicly (`/dashboard public on`): games running first, then most played. */
export async function publicGroups(reads: Reader): Promise<GroupSummary[]> {
  const chats = await reads.chat.findMany({
    where: { listedPublicly: true, migratedTo: null },
    select: { id: true, dashboardToken: true, title: true, language: true },
    orderBy: [{ updatedAt: 'desc' }, { id: 'asc' }],
    take: PUBLIC_CANDIDATES,
  });
  const counts = await gameCounts(
    reads,
    chats.map((c) => c.id),
  );
  return chats
    .map((chat) => toGroupSummary(chat, counts.get(chat.id.toString()) ?? NO_GAMES))
    .sort(
      (a, b) =>
        b.runningGames - a.runningGames || b.finishedGames - a.finishedGames || (a.title ?? '').localeCompare(b.title ?? '') || a.token.localeCompare(b.token),
    )
    .slice(0, PUBLIC_GROUPS_LIMIT);
}
