// The public channel's wire format: each message serialized from its schema (schemas.ts), so it
// carries nothing its schema has no place for, like every other payload.
import type { TObject } from '@sinclair/typebox';
import fastJson from 'fast-json-stringify';
import type { PublicLiveGame, PublicLiveMessage, SpectatorCounts } from '../../shared/api';
import { PublicLiveMessages } from '../schemas';

type Message<T extends PublicLiveMessage['type']> = Extract<PublicLiveMessage, { type: T }>;

function serializerFor<T extends PublicLiveMessage['type']>(schema: TObject): (message: Message<T>) => string {
  const stringify = fastJson(schema as Parameters<typeof fastJson>[0]);
  return (message) => stringify(message) as string;
}

const write = {
  snapshot: serializerFor<'snapshot'>(PublicLiveMessages.snapshot),
  game: serializerFor<'game'>(PublicLiveMessages.game),
  ended: serializerFor<'ended'>(PublicLiveMessages.ended),
  featured: serializerFor<'featured'>(PublicLiveMessages.featured),
  spectators: serializerFor<'spectators'>(PublicLiveMessages.spectators),
  pong: serializerFor<'pong'>(PublicLiveMessages.pong),
  error: serializerFor<'error'>(PublicLiveMessages.error),
};

export const encodePublic = {
  snapshot: (games: PublicLiveGame[], featured: string | null): string => write.snapshot({ type: 'snapshot', games, featured }),
  game: (game: PublicLiveGame): string => write.game({ type: 'game', game }),
  ended: (game: PublicLiveGame): string => write.ended({ type: 'ended', game }),
  featured: (featured: string | null): string => write.featured({ type: 'featured', featured }),
  spectators: (counts: SpectatorCounts): string => write.spectators({ type: 'spectators', counts }),
  pong: (): string => write.pong({ type: 'pong' }),
  error: (message: string): string => write.error({ type: 'error', message }),
};
