import {
  formatClaim,
  type GameEvent,
  type GameState,
  type PublicEvent,
  type Ranking,
  valueOf,
} from '@mia/engine';

const FACES = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

export const lifeDie = (lives: number): string => (lives >= 1 && lives <= 6 ? FACES[lives]! : `${lives}♥`);

const CAUSES: Record<string, string> = {
  'caught-bluffing': 'being caught bluffing',
  'wrong-call': 'a wrong call',
  'mia-looked': 'looking at a real Mia',
  'mia-given-up': 'giving up on Mia',
  timeout: 'a missed turn',
};

/**
 * One English line per public event, as a spectator would read the game: dice appear only when
 * revealed. Returns null for events a reader does not need (a roll's bookkeeping).
 */
export function narrate(event: PublicEvent, state: GameState, ranking: Ranking): string | null {
  const name = (id: string): string => state.seats.find((p) => p.id === id)?.name ?? id;
  switch (event.type) {
    case 'gameCreated':
      return null;
    case 'playerJoined':
      return `${event.name} sits down${event.ai ? ' (AI)' : ''}.`;
    case 'playerLeft':
      return `${name(event.player)} leaves the table.`;
    case 'gameStarted':
      return `The game starts with ${event.players.length} players, ${state.settings.lives} lives each.`;
    case 'roundStarted':
      return `\n— Round ${event.round}: ${name(event.starter)} starts. ${table(state)}`;
    case 'believed':
      return `  ${name(event.player)} believes it and rolls again.`;
    case 'diceRolled':
      return null;
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
      return `  ${name(event.player)} loses ${event.amount === 1 ? 'a life' : `${event.amount} lives`} for ${CAUSES[event.cause]} → ${lifeDie(event.lives)}`;
    case 'playerOut':
      return `  ${name(event.player)} is out${event.reason === 'lives' ? '' : ` (${event.reason})`}.`;
    case 'roundEnded':
      return null;
    case 'gameOver': {
      const lines = event.ranking.map((r) => `  ${r.place}. ${name(r.player)} (${r.lives} lives left)`);
      const head = event.winner ? `\n🏆 ${name(event.winner)} wins!` : '\nThe game is over.';
      return [head, ...lines].join('\n');
    }
  }
}

function table(state: GameState): string {
  return state.seats
    .filter((p) => p.out === null)
    .map((p) => `${p.name} ${lifeDie(p.lives)}`)
    .join('  ');
}

/** After the game, its rolls may be shown: every announcement with the dice it stood on. */
export function replayLines(events: readonly GameEvent[], state: GameState, ranking: Ranking): string[] {
  const name = (id: string): string => state.seats.find((p) => p.id === id)?.name ?? id;
  const lines: string[] = [];
  for (const e of events) {
    if (e.type === 'roundStarted') lines.push(`Round ${e.round}:`);
    if (e.type === 'announced') {
      const dice = e.kind === 'pass' ? 'passed unseen' : `${FACES[e.dice[0]]}${FACES[e.dice[1]]}`;
      lines.push(`  ${name(e.player).padEnd(5)} ${formatClaim(ranking, e.value).padEnd(16)} on ${dice}  → ${e.class}`);
    }
  }
  return lines;
}
