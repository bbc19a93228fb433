import type { Tx } from './repository';
import { Conflict } from './write';

/** The old chat's row as `moveChatRows` needs it. */
export interface ChatRow {
  id: bigint;
  title: string | null;
  language: string;
  settings: unknown;
  dashboardToken: string;
  listedPublicly: boolean;
  playMode: string;
  currentGameId: string | null;
}

/**
 * A group upgraded to a supergroup (Telegram's `migrate_to_chat_id`): its record and its games
 * move to the new id, within the caller's transaction (with the game's `chatMoved` when one is
 * open). The group stays the same group: its house rules, language, listing and dashboard link
 * go with it, so the link in people's hands keeps working. Throws `Conflict` when the chat was
 * moved meanwhile (another process handled the same migration).
 */
export async function moveChatRows(tx: Tx, old: ChatRow, toId: bigint): Promise<void> {
  // The old record gives up its token first (tokens are unique), and its game (so is that).
  const moved = await tx.chat.updateMany({
    where: { id: old.id, migratedTo: null },
    data: { migratedTo: toId, currentGameId: null, dashboardToken: `${old.dashboardToken}.migrated` },
  });
  if (moved.count === 0) throw new Conflict();
  const group = {
    title: old.title,
    language: old.language,
    settings: old.settings ?? {},
    dashboardToken: old.dashboardToken,
    listedPublicly: old.listedPublicly,
    playMode: old.playMode,
  };
  await tx.chat.upsert({
    where: { id: toId },
    create: { id: toId, type: 'supergroup', ...group, currentGameId: old.currentGameId },
    // The supergroup may be known already (an update from it came first): it becomes the group.
    update: { ...group, type: 'supergroup', ...(old.currentGameId ? { currentGameId: old.currentGameId } : {}) },
  });
  await tx.game.updateMany({ where: { chatId: old.id }, data: { chatId: toId } });
  // The group's ratings are the supergroup's (a new supergroup has none of its own yet).
  await tx.$executeRaw`UPDATE "Rating" SET scope = ${toId} WHERE scope = ${old.id}`;
  await tx.$executeRaw`UPDATE "RatingChange" SET scope = ${toId} WHERE scope = ${old.id}`;
  await tx.$executeRaw`UPDATE "GroupTally" SET "chatId" = ${toId} WHERE "chatId" = ${old.id}`;
}
