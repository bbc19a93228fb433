import type { Context } from 'grammy';
import type { GameService } from '@mia/game';
import type { Logger } from 'pino';
import type { Notifier } from './notifier';

/** What every handler can reach besides the update. */
export interface BotDeps {
  games: GameService;
  notifier: Notifier;
  log: Logger;
}

export type BotContext = Context & { deps: BotDeps };
