import type { Reader } from '@mia/db';
import type { LiveHub } from '../live/hub';
import { ERROR_RESPONSES } from '../schemas';
import type { TSchema } from '@sinclair/typebox';

/** What the route plugins are given. */
export interface RouteDeps {
  prisma: Reader;
  now: () => Date;
  hub: LiveHub;
}

/** A route's response schemas: its answer, and the error answers every route may give. */
export const responses = <S extends TSchema>(ok: S) => ({ 200: ok, ...ERROR_RESPONSES });
