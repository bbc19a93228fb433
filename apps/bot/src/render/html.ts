/** Telegram's HTML parse mode needs these three escaped in text. */
export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** Lives as a die face while they fit on one (the rules: players track them on a die). */
export const lifeDie = (lives: number): string => (lives >= 1 && lives <= 6 ? FACES[lives]! : `${lives}♥`);

export const diceFaces = (dice: readonly [number, number]): string => `${FACES[dice[0]]}${FACES[dice[1]]}`;
