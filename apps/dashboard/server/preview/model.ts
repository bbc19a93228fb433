// What link previews are made of, as read.ts reads it: plain data, and the versions that key
// the image cache and the images' addresses.
import type { SpectatorView } from '@mia/engine';

/** A group's running game as any spectator may see it. */
export interface RunningGame {
  id: string;
  version: number;
  view: SpectatorView;
}

/** How many games the group finished, and when the last one did. */
export interface FinishedGames {
  count: number;
  lastAt: Date | null;
}

/** What a group's preview stands on: its running game, else its finished games. */
export interface GroupScene {
  running: RunningGame | null;
  finished: FinishedGames;
}

export interface Leader {
  name: string;
  /** The displayed rating, rounded. */
  rating: number;
  games: number;
  wins: number;
  winRate: number;
  bluffRate: number | null;
}

export interface PlayerRecord {
  name: string;
  ai: boolean;
  games: number;
  wins: number;
  winRate: number | null;
  bluffRate: number | null;
}

export interface FinishedGame {
  id: string;
  finishedAt: Date;
  rounds: number;
  winnerName: string | null;
  /** In join order. */
  players: { name: string; ai: boolean; lives: number; place: number | null }[];
  startLives: number;
}

/** A version of the group's statistics: a new one whenever a game finishes. */
export const finishedVersion = (finished: FinishedGames): string => `f${finished.count}.${finished.lastAt?.getTime() ?? 0}`;

/** A version of what the scene shows: a new one whenever a move is made or a game finishes. */
export const sceneVersion = (scene: GroupScene): string => (scene.running ? `${scene.running.id}.${scene.running.version}` : finishedVersion(scene.finished));
