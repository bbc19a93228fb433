import type { Reader } from '@mia/db/queries';
import type { Person } from '../mappers/stats';

/**
 * The person, if they ever sat at a game of this chat (in any state: a spectator sees the seats
 * of a running game anyway). Player pages are scoped to the group of the token: someone who never
 * played there has no page in it, even if they play elsewhere.
 */
export async function personInGroup(reads: Reader, chatId: bigint, userId: bigint): Promise<Person | null> {
  const seat = await reads.seat.findFirst({
    where: { userId, game: { chatId } },
    select: { user: { select: { id: true, firstName: true, isAi: true } } },
  });
  return seat ? { userId: seat.user.id, name: seat.user.firstName, ai: seat.user.isAi } : null;
}
