import { formatClaim, valueOf, type GameState, type PublicEvent, type Ranking } from '@mia/engine';
import { aiStrategyOf } from '@mia/game';

// The demo's terminal log is English and plain text; the bot's messages (apps/bot/render) are
// what players read, in their language. Only die faces are shared wording, and they are tiny.
const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

/** Lives as a heart and the count (die faces are for dice only), ✖ once out. */
export const livesText = (lives: number): string => (lives <= 0 ? '✖' : `❤️${lives}`);

const CAUSES: Record<string, string> = {
  'caught-bluffing': 'being caught bluffing',
  'wrong-call': 'a wrong call',
  'mia-looked': 'looking at a real Mia',
  'mia-given-up': 'giving up on Mia',
  timeout: 'a missed turn',
};

/**
 * One line per public event, as a spectator reads the game: `publicEvent` has already taken the
 * dice out of rolls and announcements, so dice appear only when a call or a look reveals them.
 * Null for events a reader does not need.
 */
export function narrate(event: PublicEvent, state: GameState, ranking: Ranking): string | null {
  const name = (id: string): string => state.seats.find((p) => p.id === id)?.name ?? id;
  switch (event.type) {
    case 'gameCreated':
    case 'diceRolled':
    case 'roundEnded':
    case 'chatMoved':
      return null;
    case 'playerJoined':
      return `${event.name}${event.ai ? ` 🤖 (${aiStrategyOf(event.player) ?? 'AI'})` : ''} sits down.`;
    case 'playerLeft':
      return `${name(event.player)} leaves the table.`;
    case 'gameStarted':
      return `The game starts: ${event.players.length} players, ${state.settings.lives} lives each.`;
    case 'roundStarted':
      return `Round ${event.round}: ${name(event.starter)} starts. ${table(state)}`;
    case 'believed':
      return `  ${name(event.player)} believes it and rolls again.`;
    case 'announced': {
      const how = event.kind === 'blind' ? ' without looking' : event.kind === 'pass' ? ', passing the cup on unseen' : '';
      return `  ${name(event.player)} announces ${formatClaim(ranking, event.value)}${how}.`;
    }
    case 'revealed': {
      const shown = `${FACES[event.dice[0]]}${FACES[event.dice[1]]} — ${formatClaim(ranking, valueOf(event.dice))}`;
      const verb = event.reason === 'call' ? 'calls "liar!"' : 'looks under the cup';
      return `  ${name(event.by)} ${verb}: ${shown}.`;
    }
    case 'miaGivenUp':
      return `  ${name(event.player)} gives up on the Mia without looking.`;
    case 'turnMissed':
      return `  ${name(event.player)} missed the turn (${event.missed} in a row).`;
    case 'lifeLost':
      return `  ${name(event.player)} loses ${event.amount === 1 ? 'a life' : `${event.amount} lives`} for ${CAUSES[event.cause]} → ${livesText(event.lives)}`;
    case 'playerOut':
      return `  ${name(event.player)} is out${event.reason === 'lives' ? '' : ` (${event.reason})`}.`;
    case 'gameOver': {
      const places = event.ranking.map((r) => `${r.place}. ${name(r.player)}`).join('  ');
      return `${event.winner ? `🏆 ${name(event.winner)} wins!` : 'The game is over.'}  ${places}`;
    }
    case 'gameAborted':
      return event.reason === 'lobby-expired' ? 'Nobody started the game in time: the table closes.' : 'The game is stopped: no winner.';
  }
}

/** The players still in, with their lives as die faces. */
function table(state: GameState): string {
  return state.seats
    .filter((p) => p.out === null)
    .map((p) => `${p.name} ${livesText(p.lives)}`)
    .join('  ');
}
