// The bot's secrecy checker: given what the bot sent (the sim's log of Bot API calls), what it
// logged, and the games' events (the truth, dice included), finds dice shown to someone who may
// not see them yet (docs/rules.md, "Secrecy"):
// - a group sees only revealed dice (a call, a look at Mia);
// - a person, in their private chat or a pop-up, sees those and the dice they rolled and looked at;
// - the log at info level shows no dice at all.
// The bot shows dice as two die faces (⚀–⚅); the log is JSON, where dice are a [1–6, 1–6] pair or
// a `dice`/`cup` field. It knows nothing of the bot's code.
import type { GameEvent } from '@mia/engine';
import type { ApiCall } from '@mia/telegram-sim';

const FACES = '⚀⚁⚂⚃⚄⚅';
const FACE_PAIR = /([⚀⚁⚂⚃⚄⚅])([⚀⚁⚂⚃⚄⚅])/gu;

/** Dice as a set key, in either order (a die pair has no order a reader could tell from a leak). */
export const diceKey = (a: number, b: number): string => (a >= b ? `${a}${b}` : `${b}${a}`);

export interface DiceKnowledge {
  /** Dice a call or a look revealed: anyone may see them. */
  revealed: Set<string>;
  /** Per player id, the dice they rolled and looked at. */
  seenBy: Map<string, Set<string>>;
}

export function diceKnowledge(events: readonly GameEvent[]): DiceKnowledge {
  const revealed = new Set<string>();
  const seenBy = new Map<string, Set<string>>();
  for (const e of events) {
    if (e.type === 'revealed') revealed.add(diceKey(e.dice[0], e.dice[1]));
    if (e.type === 'diceRolled' && e.looked) {
      let seen = seenBy.get(e.player);
      if (!seen) seenBy.set(e.player, (seen = new Set()));
      seen.add(diceKey(e.dice[0], e.dice[1]));
    }
  }
  return { revealed, seenBy };
}

/** Merges the knowledge of several games (a person may play in one and watch another). */
export function mergeKnowledge(all: readonly DiceKnowledge[]): DiceKnowledge {
  const merged: DiceKnowledge = { revealed: new Set(), seenBy: new Map() };
  for (const k of all) {
    for (const d of k.revealed) merged.revealed.add(d);
    for (const [player, dice] of k.seenBy) {
      const seen = merged.seenBy.get(player) ?? new Set<string>();
      for (const d of dice) seen.add(d);
      merged.seenBy.set(player, seen);
    }
  }
  return merged;
}

/** Who reads what a call shows, and the text shown; null for calls that show nothing. */
function shown(call: ApiCall, presserOf: (queryId: string) => string | undefined): { reader: string; group: boolean; text: string } | null {
  const p = call.params;
  const text = [p.text, p.caption].filter((t): t is string => typeof t === 'string').join('\n');
  if (call.method.toLowerCase() === 'answercallbackquery') {
    // Unknown presser: a reader with no dice of their own, so any unrevealed dice count.
    const presser = presserOf(String(p.callback_query_id)) ?? 'someone';
    return text ? { reader: presser, group: false, text } : null;
  }
  if (!text || p.chat_id === undefined) return null;
  const chat = String(p.chat_id);
  return { reader: chat, group: chat.startsWith('-'), text };
}

/**
 * Every dice leak in the bot's calls (successful or not: what was sent is what counts). `presserOf`
 * tells who pressed a callback query (a pop-up is seen by its presser only; undefined: unknown).
 */
export function findCallLeaks(calls: readonly ApiCall[], known: DiceKnowledge, presserOf: (queryId: string) => string | undefined): string[] {
  const leaks: string[] = [];
  for (const call of calls) {
    const view = shown(call, presserOf);
    if (!view) continue;
    const own = view.group ? undefined : known.seenBy.get(view.reader);
    for (const m of view.text.matchAll(FACE_PAIR)) {
      const key = diceKey(FACES.indexOf(m[1]!) + 1, FACES.indexOf(m[2]!) + 1);
      if (known.revealed.has(key) || own?.has(key)) continue;
      const where = view.group ? `group ${view.reader}` : `private to ${view.reader}`;
      leaks.push(`${call.method} #${call.seq} (${where}) shows unrevealed dice ${m[0]}: ${JSON.stringify(view.text.slice(0, 300))}`);
    }
  }
  return leaks;
}

const isDie = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 6;
const SECRET_LOG_KEYS = new Set(['dice', 'cup', 'myDice', 'diceHigh', 'diceLow']);

/** Dice in info-level (or higher) log lines: a die pair, a dice field, or die faces. */
export function findLogLeaks(lines: readonly string[]): string[] {
  const leaks: string[] = [];
  for (const line of lines) {
    FACE_PAIR.lastIndex = 0;
    if (FACE_PAIR.test(line)) leaks.push(`die faces in the log: ${line.slice(0, 300)}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      leaks.push(`a log line that is not JSON: ${line.slice(0, 300)}`);
      continue;
    }
    const walk = (value: unknown, path: string): void => {
      if (Array.isArray(value)) {
        if (value.length === 2 && value.every(isDie)) leaks.push(`dice ${JSON.stringify(value)} at ${path} in the log: ${line.slice(0, 300)}`);
        value.forEach((v, i) => {
          walk(v, `${path}.${i}`);
        });
      } else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) {
          if (SECRET_LOG_KEYS.has(k)) leaks.push(`a ${k} field at ${path} in the log: ${line.slice(0, 300)}`);
          walk(v, `${path}.${k}`);
        }
      }
    };
    walk(parsed, '$');
  }
  return leaks;
}
