/** Telegram's flood limits per bot and chat: messages a second and a minute, edits a minute. */
import { consume, Window, type Limits } from '../limits';
import type { BotRecord, ChatRecord } from './records';

function windowsOf(bot: BotRecord, chat: ChatRecord): { send: Window; edit: Window; privateSend: Window } {
  let windows = bot.chatWindows.get(chat.key);
  if (!windows) {
    windows = { send: new Window(60_000), edit: new Window(60_000), privateSend: new Window(1000) };
    bot.chatWindows.set(chat.key, windows);
  }
  return windows;
}

/** Counts a sent message against the limits, or throws 429 with retry_after. */
export function countSend(limits: Limits, now: number, bot: BotRecord, chat: ChatRecord): void {
  const windows = windowsOf(bot, chat);
  const group = chat.type !== 'private';
  consume(now, [
    { window: bot.sendWindow, max: limits.globalPerSecond },
    { window: windows.send, max: group ? limits.groupPerMinute : null },
    { window: windows.privateSend, max: group ? null : limits.privatePerSecond },
  ]);
}

/** Counts an edit against the per-chat edit limit, or throws 429 with retry_after. */
export function countEdit(limits: Limits, now: number, bot: BotRecord, chat: ChatRecord): void {
  consume(now, [{ window: windowsOf(bot, chat).edit, max: limits.editsPerMinutePerChat }]);
}
