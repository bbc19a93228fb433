import { afterEach } from 'vitest';
import { TelegramSim, type SimOptions } from '../src/index';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever field of a result it checks
  body: { ok: boolean; result?: any; error_code?: number; description?: string; parameters?: Record<string, number> };
}

export type Encoding = 'json' | 'form' | 'query' | 'multipart';

/** Calls a Bot API method the way a plain HTTP client would, in one of the four encodings. */
export async function call(
  sim: TelegramSim,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
  encoding: Encoding = 'json',
): Promise<Answer> {
  const url = new URL(`${sim.apiRoot}/bot${token}/${method}`);
  const flat = (value: unknown): string => (typeof value === 'object' ? JSON.stringify(value) : String(value));
  let init: RequestInit = { method: 'POST' };
  if (encoding === 'json') {
    init = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(params) };
  } else if (encoding === 'form') {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) body.set(key, flat(value));
    init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: body.toString() };
  } else if (encoding === 'query') {
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, flat(value));
    init = { method: 'GET' };
  } else {
    const body = new FormData();
    for (const [key, value] of Object.entries(params)) {
      if (value instanceof Blob) body.set(key, value, 'upload.bin');
      else body.set(key, flat(value));
    }
    init = { method: 'POST', body };
  }
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/** A simulator per test, stopped afterwards. */
export function useSim(): (options?: SimOptions) => Promise<TelegramSim> {
  const started: TelegramSim[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((sim) => sim.stop()));
  });
  return async (options = {}) => {
    const sim = await TelegramSim.start(options);
    started.push(sim);
    return sim;
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
