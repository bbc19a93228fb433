import type { ServiceRejection } from '@mia/game';
import type { Translate } from './i18n';

/** A refusal as the player reads it in a pop-up (≤ 200 characters; checked for every language). */
export function rejectionText(rejection: ServiceRejection, t: Translate, context: { actorName?: string | undefined } = {}): string {
  switch (rejection.code) {
    case 'not-your-turn':
      return context.actorName ? t('reject-not-your-turn-named', { name: context.actorName }) : t('reject-not-your-turn');
    case 'stale':
    case 'wrong-stage':
      return t('reject-stale');
    case 'other-game':
    case 'no-game':
      return t('reject-game-over');
    case 'not-playing':
      // The engine says whether the game is over or has not started yet.
      return rejection.over ? t('reject-game-over') : t('reject-other');
    case 'player-unknown':
      return t('reject-not-playing');
    case 'player-out':
      return t('reject-player-out');
    case 'not-in-lobby':
      return rejection.over ? t('reject-game-over') : t('reject-started');
    case 'already-joined':
      return t('reject-already-joined');
    case 'table-full':
      return t('reject-table-full');
    case 'too-few-players':
      // The engine names how many a start needs.
      return rejection.players === undefined ? t('reject-other') : t('reject-too-few', { min: rejection.players });
    case 'not-higher':
      return t('reject-not-higher');
    case 'not-allowed-by-settings':
      return t('reject-not-allowed');
    case 'busy':
      return t('reject-busy');
    default:
      return t('reject-other');
  }
}
