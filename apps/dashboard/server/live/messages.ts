// The live channel's wire format: server messages are serialized from the same schemas as the
// HTTP answers (schemas.ts), so a live message, like a route's answer, can carry nothing its
// schema has no place for. Client messages are parsed defensively: the only one is a ping.
import type { TObject } from '@sinclair/typebox';
import fastJson from 'fast-json-stringify';
import type { LiveClientMessage, LiveGame, LiveMessage } from '../../shared/api';
import { LiveMessages } from '../schemas';

type Message<T extends LiveMessage['type']> = Extract<LiveMessage, { type: T }>;

/** A serializer of one message type, compiled once (schemas.ts checks the schema against the type). */
function serializerFor<T extends LiveMessage['type']>(schema: TObject): (message: Message<T>) => string {
  const stringify = fastJson(schema as Parameters<typeof fastJson>[0]);
  return (message) => stringify(message) as string;
}

const write = {
  snapshot: serializerFor<'snapshot'>(LiveMessages.snapshot),
  game: serializerFor<'game'>(LiveMessages.game),
  ended: serializerFor<'ended'>(LiveMessages.ended),
  pong: serializerFor<'pong'>(LiveMessages.pong),
  error: serializerFor<'error'>(LiveMessages.error),
};

/** Server → client messages, as the text frames sent. */
export const encode = {
  snapshot: (games: LiveGame[]): string => write.snapshot({ type: 'snapshot', games }),
  /** A committed change of a running game. */
  game: (game: LiveGame): string => write.game({ type: 'game', game }),
  /** A game that left play (finished or aborted). */
  ended: (game: LiveGame): string => write.ended({ type: 'ended', game }),
  pong: (): string => write.pong({ type: 'pong' }),
  error: (message: string): string => write.error({ type: 'error', message }),
};

/**
 * The largest client message answered normally. Anything longer is answered with an `error` (the
 * socket stays open); the WebSocket server drops connections whose frames exceed
 * MAX_FRAME_BYTES, before they are buffered.
 */
export const MAX_CLIENT_MESSAGE_BYTES = 1024;
export const MAX_FRAME_BYTES = 64 * 1024;

export type ParsedClientMessage = { ok: true; message: LiveClientMessage } | { ok: false; error: string };

/** Reads a client frame: a text frame of at most MAX_CLIENT_MESSAGE_BYTES holding `{"type":"ping"}`. */
export function parseClientMessage(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): ParsedClientMessage {
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  if (bytes.length > MAX_CLIENT_MESSAGE_BYTES) {
    return { ok: false, error: `message too large: at most ${MAX_CLIENT_MESSAGE_BYTES} bytes` };
  }
  if (isBinary) return { ok: false, error: 'binary messages are not understood: send JSON text' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { ok: false, error: 'not JSON: the only message understood is {"type":"ping"}' };
  }
  const type = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as { type?: unknown }).type : undefined;
  if (type === 'ping') return { ok: true, message: { type: 'ping' } };
  return {
    ok: false,
    error: `unknown message${typeof type === 'string' ? ` type "${type.slice(0, 40)}"` : ''}: the only message understood is {"type":"ping"}`,
  };
}
