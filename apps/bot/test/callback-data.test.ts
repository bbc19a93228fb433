import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeButton, encodeButton, type Button } from '../src/callback-data';

const gameId = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('callback data', () => {
  it('round-trips every button within Telegram’s 64 bytes', () => {
    const buttons: Button[] = [
      { gameId, move: 0, action: { op: 'join' } },
      { gameId, move: 123456789, action: { op: 'announce', value: 21 } },
      { gameId, move: 7, action: { op: 'announceBlind', value: 66 } },
      { gameId, move: 8, action: { op: 'call' } },
    ];
    for (const b of buttons) {
      const data = encodeButton(b);
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
      expect(decodeButton(data)).toEqual(b);
    }
  });

  it.each(['', 'x', 'c:not-a-game:1', `z:${gameId}:1`, `c:${gameId}:-1`, `c:${gameId}:1:54`, `a:${gameId}:1`, `a:${gameId}:1:70`, `a:${gameId}:1:5`])(
    'refuses the forged payload %j',
    (data) => {
      expect(decodeButton(data)).toBeNull();
    },
  );

  it('never throws on arbitrary input, and accepts only what it could have encoded', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (data) => {
        const b = decodeButton(data);
        if (b) expect(encodeButton(b)).toBe(data);
      }),
      { numRuns: 5000 },
    );
  });
});
