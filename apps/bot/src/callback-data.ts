import type { Value } from '@mia/engine';

/**
 * What a button asks for. `callback_data` is 1–64 bytes and comes back from anyone who can see
 * the button, so it names the game and the move it was made for: a press on a button from an
 * older move, another game or a forged payload is refused without touching the game.
 */
export type ButtonAction =
  | { op: 'join' }
  | { op: 'leave' }
  | { op: 'start' }
  | { op: 'believe' }
  | { op: 'believeBlind' }
  | { op: 'call' }
  | { op: 'pass' }
  | { op: 'giveUp' }
  | { op: 'look' }
  | { op: 'roll' }
  | { op: 'rollBlind' }
  | { op: 'announce'; value: Value }
  | { op: 'announceBlind'; value: Value }
  | { op: 'dice' };

export interface Button {
  gameId: string;
  /** The game's `move` when the button was drawn; lobby buttons carry 0. */
  move: number;
  action: ButtonAction;
}

const CODES = {
  join: 'j',
  leave: 'l',
  start: 's',
  believe: 'b',
  believeBlind: 'B',
  call: 'c',
  pass: 'p',
  giveUp: 'g',
  look: 'k',
  roll: 'r',
  rollBlind: 'R',
  announce: 'a',
  announceBlind: 'A',
  dice: 'd',
} as const satisfies Record<ButtonAction['op'], string>;

const OPS = Object.fromEntries(Object.entries(CODES).map(([op, code]) => [code, op])) as Record<string, ButtonAction['op']>;

const GAME_ID = /^[0-9a-f-]{36}$/;

export function encodeButton(b: Button): string {
  const value = 'value' in b.action ? `:${b.action.value}` : '';
  const data = `${CODES[b.action.op]}:${b.gameId}:${b.move}${value}`;
  if (Buffer.byteLength(data) > 64) throw new Error(`callback_data over 64 bytes: ${data}`);
  return data;
}

/** Null for anything that is not a button this bot drew. */
export function decodeButton(data: string): Button | null {
  const parts = data.split(':');
  if (parts.length < 3 || parts.length > 4) return null;
  const [code, gameId, moveText, valueText] = parts as [string, string, string, string | undefined];
  const op = OPS[code];
  if (!op || !GAME_ID.test(gameId) || !/^\d{1,9}$/.test(moveText)) return null;
  const move = Number(moveText);
  if (op === 'announce' || op === 'announceBlind') {
    if (valueText === undefined || !/^[1-6][1-6]$/.test(valueText)) return null;
    return { gameId, move, action: { op, value: Number(valueText) } };
  }
  if (valueText !== undefined) return null;
  return { gameId, move, action: { op } as ButtonAction };
}
