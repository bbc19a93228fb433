import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { aiSeats, playGame, publicEvent, rankingFor, seededRng, type Rng } from '@mia/engine';
import { narrate, replayLines } from './narrate';
import { parseOptions } from './options';

/**
 * `npm start` for now: AI players play one game of Mia with the real engine, printed as a
 * spectator sees it (no dice until revealed), then the game's replay with every roll shown.
 * The Telegram bot and the dashboard replace this as they arrive.
 */
async function main(): Promise<void> {
  let options;
  try {
    options = parseOptions(process.argv.slice(2), process.stdout.isTTY === true);
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  // Dice from a cryptographic source, unless a seed asks for a game that can be replayed.
  const rng: Rng = options.seed === null ? (n) => randomInt(n) : seededRng(options.seed);
  console.log('Mia — command-line demo of the rules engine (no Telegram, no database yet).');
  console.log(`AI players: ${options.players.join(', ')}. ${options.seed === null ? 'Random dice.' : `Seed ${options.seed}.`}\n`);

  const lines: string[] = [];
  const game = playGame({
    seats: aiSeats(options.players),
    rng,
    onStep: ({ events, state }) => {
      const ranking = rankingFor(state.settings.ranking);
      for (const e of events) {
        const line = narrate(publicEvent(e), state, ranking);
        if (line !== null) lines.push(line);
      }
    },
  });
  // Play first, print after: the engine is synchronous and the pacing is only for reading.
  for (const line of lines) {
    console.log(line);
    if (options.delayMs > 0) await sleep(options.delayMs);
  }
  if (options.replay) {
    console.log('\nReplay — the game is over, so its rolls may be shown:');
    for (const line of replayLines(game.events, game.state, rankingFor(game.state.settings.ranking))) console.log(line);
  }
}

// Piped into `head` and the like: stop quietly when the reader goes away.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

await main();
