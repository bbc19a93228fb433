import type { GroupSummary, Language } from '../../shared/api';

const LANGUAGES: readonly Language[] = ['en', 'ru', 'sk', 'af', 'hi'];

/** A chat's language as the contract knows it; a language the dashboard does not know shows as English. */
export const toLanguage = (language: string): Language => ((LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en');

export interface ChatRow {
  dashboardToken: string;
  title: string | null;
  language: string;
}

export interface GameCounts {
  running: number;
  finished: number;
}

export const NO_GAMES: GameCounts = Object.freeze({ running: 0, finished: 0 });

export function toGroupSummary(chat: ChatRow, counts: GameCounts): GroupSummary {
  return {
    token: chat.dashboardToken,
    title: chat.title,
    language: toLanguage(chat.language),
    runningGames: counts.running,
    finishedGames: counts.finished,
  };
}
