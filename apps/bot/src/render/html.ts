/** Telegram's HTML parse mode needs these three escaped in text. */
export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** Dice are drawn as die faces; lives never are (a heart and the count), so the two cannot be confused. */
export const diceFaces = (dice: readonly [number, number]): string => `${FACES[dice[0]]}${FACES[dice[1]]}`;

/** A player's lives: a heart and the count. */
export const hearts = (lives: number): string => `❤️${lives}`;

/** A mention that notifies the person in a group (Telegram's text_mention through HTML). */
export const mention = (userId: string, name: string): string => `<a href="tg://user?id=${userId}">${escapeHtml(name)}</a>`;
