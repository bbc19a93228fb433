/**
 * Method parameters as Telegram reads them: from a JSON body, a form, multipart fields or the query
 * string, where everything may arrive as a string and objects as JSON-serialized strings.
 */
import { badRequest } from './errors.ts';

export class Params {
  constructor(readonly raw: Record<string, unknown>) {}

  has(name: string): boolean {
    const value = this.raw[name];
    return value !== undefined && value !== null;
  }

  str(name: string): string | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return JSON.stringify(value);
  }

  /** An integer parameter; undefined when absent or empty; a 400 when it is not a number. */
  int(name: string): number | undefined {
    const value = this.raw[name];
    if (value === undefined || value === null || value === '') return undefined;
    const number = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(number)) throw badRequest(`invalid ${name} specified`);
    return number;
  }

  bool(name: string): boolean {
    const value = this.raw[name];
    if (typeof value === 'boolean') return value;
    if (typeof value === 'number') return value !== 0;
    if (typeof value === 'string') return value === 'true' || value === '1' || value === 'True';
    return false;
  }

  /** A JSON-serialized parameter (or the object itself in a JSON body); `error` when unparsable. */
  json<T = unknown>(name: string, error: string): T | undefined {
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
