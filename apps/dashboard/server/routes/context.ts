import type { Reader } from '@mia/db/queries';
import type { LiveHub } from '../live/hub';
import type { PublicFeed } from '../live/public-feed';
import type { Spectators } from '../live/spectators';
import { ERROR_RESPONSES } from '../schemas';
import type { TSchema } from '@sinclair/typebox';

/** What the route plugins are given. */
export interface RouteDeps {
  reads: Reader;
  now: () => Date;
  hub: LiveHub;
  /** Pages watching each group's tables. */
  spectators: Spectators;
  /** The running games of publicly listed groups (the index's previews and TV). */
  feed: PublicFeed;
}

/** A route's response schemas: its answer (described for the OpenAPI document), and the error answers every route may give. */
export const responses = <S extends TSchema>(ok: S, description: string) => ({ 200: { ...ok, description }, ...ERROR_RESPONSES });
