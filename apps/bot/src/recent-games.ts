import type { GameRecord } from '@mia/game';

/** How many running games are kept; past it the least recently committed one goes first. */
const MAX_GAMES = 10_000;

/**
 * The newest record of each running game this process has seen committed (its own batches and,
 * through the bus, other processes'), so a press need not read its game before acting: it passes
 * this copy to `GameService.act` as `current`, which decides a refusal on a fresh read and retries
 * a commit that another writer beat, so a copy behind another process's commit costs a retry,
 * never a wrong move. A finished game is dropped: a press on it reads the database.
 */
export class RecentGames {
  private readonly games = new Map<string, GameRecord>();

  constructor(private readonly max = MAX_GAMES) {}

  /** Keeps `game` unless a newer version is already kept. */
  saw(game: GameRecord): void {
    const known = this.games.get(game.id);
    if (known && known.version >= game.version) return;
    this.games.delete(game.id);
    if (game.state.phase === 'over') return;
    this.games.set(game.id, game);
    if (this.games.size > this.max) this.games.delete(this.games.keys().next().value!);
  }

  get(gameId: string): GameRecord | undefined {
    return this.games.get(gameId);
  }

  get size(): number {
    return this.games.size;
  }
}
