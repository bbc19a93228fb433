// The bot's own way for JSON calls (src/json-calls.ts) against a real server on loopback: the same
// request grammY's client would make, its answers and failures as grammY gives them, and anything
// that may carry a file left to grammY.
import { Api, GrammyError, HttpError, InputFile } from 'grammy';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFetch } from '../src/http-fetch';
import { jsonBody, jsonCalls } from '../src/json-calls';

interface Seen {
  url: string;
  contentType: string | undefined;
  body: string;
}

describe('jsonCalls', () => {
  const token = '123:abc';
  const seen: Seen[] = [];
  let answer: (url: string, res: http.ServerResponse) => void = (url, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true, result: { message_id: 7, url } }));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ url: req.url!, contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
      answer(req.url!, res);
    });
  });
  let root = '';
  /** The bot's API as bot.ts builds it: grammY's client with httpFetch, and jsonCalls (half-second deadlines). */
  const api = () => {
    const a = new Api(token, { apiRoot: root, fetch: httpFetch });
    a.config.use(jsonCalls(root, token, { callSeconds: 0.5, pollMarginSeconds: 0.5 }));
    return a;
  };
  /** The same API without jsonCalls: what grammY's own client sends. */
  const plain = () => new Api(token, { apiRoot: root, fetch: httpFetch });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends what grammY's client sends, null fields left out, and returns the result", async () => {
    const keyboard = { inline_keyboard: [[{ text: 'Roll 🎲', callback_data: 'r:1' }]] };
    const options = { parse_mode: 'HTML' as const, reply_markup: keyboard, message_thread_id: null as unknown as number };
    const ours = await api().sendMessage(5, 'Zoë <b>rolls</b>', options);
    const theirs = await plain().sendMessage(5, 'Zoë <b>rolls</b>', options);
    expect(ours).toEqual({ message_id: 7, url: `/api/bot${token}/sendMessage` });
    expect(theirs).toEqual(ours);
    const [a, b] = seen.slice(-2);
    expect(a).toEqual(b);
    expect(JSON.parse(a!.body)).toEqual({ chat_id: 5, text: 'Zoë <b>rolls</b>', parse_mode: 'HTML', reply_markup: keyboard });
    expect(a!.contentType).toBe('application/json');
  });

  it("serializes a payload as grammY's client does, null fields left out wherever they are", () => {
    const grammy = (p: unknown) => JSON.stringify(p, (_k, v: unknown) => v ?? undefined);
    const payloads: unknown[] = [
      { chat_id: 5, text: 'a:null is only text', reply_markup: { inline_keyboard: [[{ text: 'x', callback_data: 'y' }]] } },
      { chat_id: 5, text: 'hi', message_thread_id: null, reply_markup: { inline_keyboard: [[{ text: 'x', url: null }]] } },
      { offset: 3, allowed_updates: undefined, timeout: 30 },
      { list: [1, null, undefined, 'null'] },
      undefined,
    ];
    for (const p of payloads) expect(jsonBody(p)).toBe(grammy(p ?? {}));
  });

  it("gives Telegram's refusal as grammY does (GrammyError with its code and words)", async () => {
    answer = (_url, res) => {
      res.statusCode = 400;
      res.end(JSON.stringify({ ok: false, error_code: 400, description: 'Bad Request: message is not modified' }));
    };
    const error = await api()
      .editMessageText(5, 9, 'same')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GrammyError);
    expect(error).toMatchObject({ error_code: 400, description: 'Bad Request: message is not modified', method: 'editMessageText' });
  });

  it('throws HttpError for an answer that is not JSON, a dropped connection and an aborted call', async () => {
    answer = (_url, res) => {
      res.statusCode = 502;
      res.end('<html>Bad Gateway</html>');
    };
    await expect(api().getMe()).rejects.toBeInstanceOf(HttpError);
    answer = (_url, res) => res.socket?.destroy();
    const dropped = await api()
      .deleteMessage(5, 9)
      .catch((e: unknown) => e);
    expect(dropped).toBeInstanceOf(HttpError);
    expect((dropped as HttpError).message).toBe("Network request for 'deleteMessage' failed!");
    expect((dropped as HttpError).message).not.toContain(token);
    let arrived: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (arrived = resolve));
    answer = () => arrived();
    const stop = new AbortController();
    const poll = api().getUpdates({ timeout: 30 }, stop.signal as unknown as Parameters<Api['getUpdates']>[1]);
    await held;
    stop.abort();
    await expect(poll).rejects.toBeInstanceOf(HttpError);
  });

  it('cuts a hung call off after its deadline, but lets a long poll run its course', async () => {
    const held: http.ServerResponse[] = [];
    answer = (_url, res) => void held.push(res);
    const started = performance.now();
    const hung = await api()
      .sendMessage(5, 'hello')
      .catch((e: unknown) => e);
    expect(hung).toBeInstanceOf(HttpError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    // A long poll of 1 s outlasts the calls' half second (its deadline: 1 s + 0.5 s) and answers.
    answer = (_url, res) => void setTimeout(() => res.end(JSON.stringify({ ok: true, result: [] })), 1_000);
    expect(await api().getUpdates({ timeout: 1 })).toEqual([]);
    for (const res of held) res.destroy();
  });

  it('leaves a call that may carry a file to grammY', async () => {
    answer = (url, res) => res.end(JSON.stringify({ ok: true, result: { message_id: 8, url } }));
    await api().sendPhoto(5, new InputFile(Buffer.from('png'), 'a.png'));
    expect(seen.at(-1)).toMatchObject({ url: `/api/bot${token}/sendPhoto`, contentType: expect.stringMatching(/^multipart\/form-data/) });
  });
});
