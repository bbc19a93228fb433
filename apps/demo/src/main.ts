import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDatabase } from '@mia/db';
import { aiAction, publicEvent, rankingFor, seededRng, strategyFor, type Rng, type StrategyName } from '@mia/engine';
import { GameService, type GameRecord } from '@mia/game';
import pino from 'pino';
import { narrate, replayLines } from './narrate';
import { parseOptions } from './options';

/** The demo's table lives in one pretend group; AI players have negative ids of their own. */
const DEMO_CHAT = -1n;
const NAMES = ['Ada', 'Bo', 'Cleo', 'Dov', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun'];

/**
 * `npm start` for now: AI players play a game of Mia through the real game service, every action
 * saved to the database ($DATABASE_URL, else the embedded one in ./data) and printed as a
 * spectator sees it (no dice until revealed), then the finished game's replay read back from
 * the database. A game left unfinished by an earlier run is resumed where it stood.
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
  const dice: Rng = options.seed === null ? (n) => randomInt(n) : seededRng(options.seed);
  const minds: Rng = options.seed === null ? (n) => randomInt(n) : seededRng(options.seed + 1);

  console.log('Mia — command-line demo: AI players, the real engine and database (no Telegram yet).');
  const db = await openDatabase();
  const where = db.kind === 'pglite' ? 'the embedded database in ./data (set DATABASE_URL for PostgreSQL)' : 'PostgreSQL';
  console.log(`Every action is saved to ${where}. ${options.seed === null ? 'Random dice.' : `Seed ${options.seed}.`}\n`);

  const service = new GameService({ db, rng: dice, timers: false, log: pino({ level: process.env.LOG_LEVEL ?? 'warn' }) });
  const lines: string[] = [];
  service.subscribe(({ game, events }) => {
    const ranking = rankingFor(game.state.settings.ranking);
    for (const { event } of events) {
      const line = narrate(publicEvent(event), game.state, ranking);
      if (line !== null) lines.push(line);
    }
  });
  const flush = async () => {
    for (const line of lines.splice(0)) {
      console.log(line);
      if (options.delayMs > 0) await sleep(options.delayMs);
    }
  };

  try {
    let game = await service.currentGame(DEMO_CHAT);
    if (game) {
      console.log(`Resuming the unfinished game ${game.id} (round ${game.state.round?.number ?? 0}).`);
    } else {
      game = await setUp(service, options.players);
    }
    const strategies = new Map(game.state.seats.map((p, i) => [p.id, strategyFor(options.players[i] ?? 'calculator')]));
    while (game.state.phase === 'playing') {
      const actor = game.state.round!.actor;
      const action = aiAction(game.state, actor, strategies.get(actor)!, minds)!;
      const result = await service.act({ chatId: DEMO_CHAT, gameId: game.id, action });
      if (result.status !== 'applied') throw new Error(`the demo's move was refused: ${JSON.stringify(result.status)}`);
      game = result.game;
      await flush();
    }
    await flush();
    if (options.replay) {
      console.log('\nReplay — the game is over, so its rolls may be shown (read back from the database):');
      const events = (await service.events(game.id)).map((e) => e.event);
      for (const line of replayLines(events, game.state, rankingFor(game.state.settings.ranking))) console.log(line);
    }
  } finally {
    await service.close();
    await db.close();
  }
}

async function setUp(service: GameService, players: StrategyName[]): Promise<GameRecord> {
  const seats = players.map((_, i) => ({ id: String(-(i + 1)), name: NAMES[i % NAMES.length]!, isAi: true }));
  const act = async (request: Parameters<GameService['act']>[0]) => {
    const result = await service.act(request);
    if (result.status !== 'applied') throw new Error(`demo set-up refused: ${JSON.stringify(result.status)}`);
    return result.game;
  };
  await act({ chatId: DEMO_CHAT, user: seats[0]!, chat: { title: 'Demo table', type: 'group' }, action: { type: 'create', creator: seats[0]!.id } });
  for (const seat of seats) {
    await act({ chatId: DEMO_CHAT, user: seat, action: { type: 'join', player: seat.id, name: seat.name, ai: true } });
  }
  return act({ chatId: DEMO_CHAT, action: { type: 'start' } });
}

// Piped into `head` and the like: stop quietly when the reader goes away.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

await main();
