// Building blocks of the API's TypeBox schemas (schemas.ts, stats-schemas.ts).
import { Type, type TSchema } from '@sinclair/typebox';

/** A string that is one of `values`: one `enum` keyword (quicker to validate and serialize than anyOf). */
export const StringEnum = <const T extends readonly string[]>(values: T) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values] });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Ids of people and chats: 64-bit, so decimal strings (JSON numbers lose precision past 2^53). */
export const Id = Type.String();
export const IsoTime = Type.String({ format: 'date-time' });
export const Int = Type.Integer();
/** A UTC calendar day, YYYY-MM-DD. */
export const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
