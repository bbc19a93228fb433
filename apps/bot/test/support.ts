import { run, type RunnerHandle } from '@grammyjs/runner';
import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import { seededRng } from '@mia/engine';
import { GameService } from '@mia/game';
import { TelegramSim, type SimGroup, type SimMessage, type SimUser } from '@mia/telegram-sim';
import pino from 'pino';
import { createBot } from '../src';

export const quietLog = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

export interface World {
  sim: TelegramSim;
  token: string;
  db: TestDatabase;
  games: GameService;
  bot: ReturnType<typeof createBot>['bot'];
  notifier: ReturnType<typeof createBot>['notifier'];
  runner: RunnerHandle;
  /** Waits until every committed change has reached Telegram. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** The real bot (long polling through @grammyjs/runner) against telegram-sim and a test database. */
export async function world(seed = 1): Promise<World> {
  const sim = await TelegramSim.start({ seed });
  const token = sim.createBot({ username: 'mia_bot' });
  const db = await openTestDatabase();
  const games = new GameService({ db, rng: seededRng(seed), log: quietLog, timers: false });
  const { bot, notifier } = createBot({ token, apiRoot: sim.apiRoot, games, log: quietLog });
  await bot.init();
  notifier.start();
  const runner = run(bot, { runner: { fetch: { timeout: 1 } } });
  return {
    sim,
    token,
    db,
    games,
    bot,
    notifier,
    runner,
    async settle() {
      await notifier.idle();
    },
    async close() {
      await runner.stop();
      notifier.stop();
      await games.close();
      await db.destroy();
      await sim.stop();
    },
  };
}

export const DICE_PAIR = /[⚀⚁⚂⚃⚄⚅]{2}/;

/** Every version of every message in a chat, oldest first. */
export function allTexts(messages: readonly SimMessage[]): string[] {
  return messages.flatMap((m) => [...m.history.map((h) => h.text ?? ''), m.text ?? '']);
}

export function lastWithButton(messages: readonly SimMessage[], label: RegExp): SimMessage | undefined {
  return [...messages]
    .reverse()
    .find((m) => m.reply_markup?.inline_keyboard.some((row) => row.some((b) => label.test(b.text))));
}

export function buttonText(message: SimMessage, label: RegExp): string {
  for (const row of message.reply_markup?.inline_keyboard ?? []) for (const b of row) if (label.test(b.text)) return b.text;
  throw new Error(`no button ${label} on message ${message.message_id}: ${JSON.stringify(message.reply_markup)}`);
}

export type { SimGroup, SimUser };
