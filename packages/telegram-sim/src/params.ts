/**
 * Method parameters as Telegram reads them: from a JSON body, a form, multipart fields or the query
 * string, where everything may arrive as a string and objects as JSON-serialized strings.
 */
import { badRequest } from './errors';

/** The names of P's parameters (any name for untyped parameters). */
type Name<P> = keyof P & string;

/** P: the method's documented parameters, so a handler can only read parameters the method has. */
export class Params<P extends object = Record<string, unknown>> {
  constructor(readonly raw: Record<string, unknown>) {}

  has(name: Name<P>): boolean {
    const value = this.raw[name];
    return value !== undefined && value !== null;
  }

  str(name: Name<P>): string | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return JSON.stringify(value);
  }

  /** An integer parameter; undefined when absent or empty; a 400 when it is not a number. */
  int(name: Name<P>): number | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return undefined;
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(number)) throw badRequest(`invalid ${name} specified`);
    return number;
  }

  bool(name: Name<P>): boolean {
    const value = this.raw[name];
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number') return value !== 0;
    if (typeof value === 'string') return value === 'true' || value === '1' || value === 'True';
    return false;
  }

  /** A JSON-serialized parameter (or the object itself in a JSON body); `error` when unparsable. */
  json<T = unknown>(name: Name<P>, error: string): T | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') return value as T;
    try {
      return JSON.parse(value) as T;
    } catch {
      throw badRequest(error);
    }
  }
}
