/**
 * The I/O floor of a press (forked by load.ts after the bot's run, paced runs only): the I/O the
 * bot does for one action and nothing else, on the same machine, sim, database and pace. It long
 * polls getUpdates with the bot's HTTP client (src/http-fetch.ts) and, for each button press,
 * answers it in the background, sends one statement to the database (node-postgres, as the bot's
 * hot write), then makes the bot's edits and new messages in the proportion the bot's run made
 * them, all at once, as the executor writes to a move's chats (one each there). No grammY, no game,
 * no rendering: its CPU per press is what the bot's figure does not go below here with this I/O
 * done this way.
 *
 * Written by hand because it measures the machine, not a library: there is nothing to reuse.
 */
import pg from 'pg';
import { httpFetch } from '../src/http-fetch';

export type ToFloor =
  | {
      type: 'init';
      token: string;
      apiRoot: string;
      databaseUrl: string;
      /** The group chats to put a button in. */
      groups: string[];
      /** Per press, as the bot's run made them: editMessageText and sendMessage calls. */
      editsPerPress: number;
      sendsPerPress: number;
    }
  | { type: 'mark' }
  | { type: 'stop' };

export type FromFloor =
  | { type: 'ready'; messages: { chatId: string; messageId: number }[] }
  | { type: 'mark'; cpuMs: number; systemCpuMs: number; presses: number; queries: number }
  | { type: 'stopped' }
  | { type: 'error'; message: string };

const send = (m: FromFloor) => process.send?.(m);

/** Texts the size of the bot's: a turn prompt in a private chat, a table in a group. */
const PROMPT = 'P1-0 announced 54. To beat it: 55 or more. Odds of rolling better: 44 %. Lives: P1-0 3, P1-1 2, P1-2 3, you 2. ⏳ 45 s';
const KEYBOARD = {
  inline_keyboard: [
    [{ text: '🎲 Roll', callback_data: 'r:floor:roll' }],
    [
      { text: 'Believe', callback_data: 'b:floor:believe' },
      { text: 'Call', callback_data: 'c:floor:call' },
    ],
  ],
};
const BUTTON = { inline_keyboard: [[{ text: 'Press', callback_data: 'floor' }]] };

interface Update {
  update_id: number;
  callback_query?: { id: string; from: { id: number }; message?: { message_id: number; chat: { id: number } } };
}

let stopped = false;
let presses = 0;
/** Presses whose calls are not all made yet; a mark waits for none. */
let inFlight = 0;
let drained: (() => void) | null = null;
let queries = 0;
/** Each edit's text differs from the last (Telegram refuses an edit that changes nothing). */
let edited = 0;
const abort = new AbortController();

async function start(m: Extract<ToFloor, { type: 'init' }>) {
  const call = async <T>(method: string, payload: object): Promise<T> => {
    const response = await httpFetch(`${m.apiRoot}/bot${m.token}/${method}`, {
      method: 'POST',
      body: JSON.stringify(payload),
      signal: abort.signal,
    });
    const answer = (await response.json()) as { ok: boolean; result: T; description?: string };
    if (!answer.ok) throw new Error(`${method}: ${answer.description}`);
    return answer.result;
  };
  const pool = new pg.Pool({ connectionString: m.databaseUrl, max: 10 });
  // An idle connection's end (the benchmark drops its database when a run fails) is no failure here.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1');
  const messages: { chatId: string; messageId: number }[] = [];
  for (const chatId of m.groups) {
    const sent = await call<{ message_id: number }>('sendMessage', { chat_id: chatId, text: 'Floor', reply_markup: BUTTON });
    messages.push({ chatId, messageId: sent.message_id });
  }
  // Whole calls per press in the bot's proportion: the fractions add up over the presses.
  let edits = 0;
  let sends = 0;
  const press = async (q: NonNullable<Update['callback_query']>) => {
    inFlight++;
    call('answerCallbackQuery', { callback_query_id: q.id }).catch(() => undefined);
    queries++;
    await pool.query('SELECT $1::text AS key, $2::int AS version, now() AS at', [q.id, presses]);
    edits += m.editsPerPress;
    sends += m.sendsPerPress;
    // At once, as the bot's executor writes to the chats of a move (each its own chat there).
    const calls: Promise<unknown>[] = [];
    for (; edits >= 1; edits--) {
      calls.push(
        call('editMessageText', { chat_id: q.message!.chat.id, message_id: q.message!.message_id, text: `${PROMPT} ${++edited}`, reply_markup: BUTTON }),
      );
    }
    for (; sends >= 1; sends--) calls.push(call('sendMessage', { chat_id: q.from.id, text: PROMPT, reply_markup: KEYBOARD }));
    await Promise.all(calls);
    presses++;
    if (--inFlight === 0) drained?.();
  };
  send({ type: 'ready', messages });
  let offset = 0;
  while (!stopped) {
    const updates = await call<Update[]>('getUpdates', { offset, timeout: 30, allowed_updates: ['callback_query'] }).catch((error: unknown) => {
      if (stopped) return [];
      throw error;
    });
    for (const u of updates) {
      offset = u.update_id + 1;
      if (u.callback_query?.message) void press(u.callback_query).catch((error: unknown) => stopped || send({ type: 'error', message: String(error) }));
    }
  }
  await pool.end();
}

process.on('message', (m: ToFloor) => {
  switch (m.type) {
    case 'init':
      start(m).catch((error: unknown) => send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }));
      return;
    case 'mark': {
      const answer = () => {
        drained = null;
        const u = process.cpuUsage();
        send({ type: 'mark', cpuMs: (u.user + u.system) / 1000, systemCpuMs: u.system / 1000, presses, queries });
      };
      if (inFlight === 0) answer();
      else drained = answer;
      return;
    }
    case 'stop':
      stopped = true;
      abort.abort();
      send({ type: 'stopped' });
      process.disconnect();
      return;
  }
});
