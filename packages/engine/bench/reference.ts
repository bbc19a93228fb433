/**
 * The ceiling for the benchmark's first case: the same games played by a loop over plain integers
 * and typed arrays, allocating nothing per turn. Four seats (calculator, bluffer, honest,
 * bluffer), the classic ranking and the default settings (6 lives, strict, no blind pass, Mia
 * looked at costs 2, a false Mia 1), with the strategies' default rates and the engine's seeded
 * generator (sfc32) drawing in the same order: so it plays exactly the games `selfPlay` plays
 * from the same seed, and its turn count must equal the engine's (the benchmark checks).
 *
 * Not the engine: no events, no states, no views, no checks. Only the rules and decisions.
 */
import { oddsTables } from '../src/odds';
import { RANKING_PRESETS, rankingFor } from '../src/ranking';

const ranking = rankingFor(RANKING_PRESETS.classic);
const CLAIMS = Int32Array.from(ranking.claims); // best first
const N_CLAIMS = CLAIMS.length;
/** Rank of each value 11…66 (higher is better), and its index in CLAIMS. */
const RANK = new Int32Array(67);
const INDEX = new Int32Array(67);
for (let i = 0; i < N_CLAIMS; i++) {
  RANK[CLAIMS[i]!] = ranking.rankOf(CLAIMS[i]!);
  INDEX[CLAIMS[i]!] = i;
}
const { beat: BEAT, atLeast: AT_LEAST } = oddsTables(ranking);

const MIA = 21;
const SEATS = 4;
const LIVES = 6;
// Seat strategies, as in the benchmark's first case.
const CALCULATOR = 0;
const BLUFFER = 1;
const HONEST = 2;
const MINDS = Int32Array.of(CALCULATOR, BLUFFER, HONEST, BLUFFER);
// Stages.
const ROLL = 0;
const ANNOUNCE = 1;
const RESPOND = 2;
const MIA_STAGE = 3;

// sfc32 as in `seededRng`, its four words in one typed array.
const sfc = new Int32Array(4);

function seed(s: number): void {
  sfc[0] = 0x9e3779b9 | 0;
  sfc[1] = 0x243f6a88;
  sfc[2] = 0xb7e15162 | 0;
  sfc[3] = s | 0;
  for (let i = 0; i < 15; i++) next();
}

function next(): number {
  const a = sfc[0]!;
  const b = sfc[1]!;
  const c = sfc[2]!;
  const d = sfc[3]!;
  const t = (((a + b) | 0) + d) | 0;
  sfc[3] = (d + 1) | 0;
  sfc[0] = b ^ (b >>> 9);
  sfc[1] = (c + (c << 3)) | 0;
  const c2 = (c << 21) | (c >>> 11);
  sfc[2] = (c2 + t) | 0;
  return t >>> 0;
}

/** A whole number in [0, n), by rejection sampling as `seededRng` draws it. */
function draw(n: number): number {
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % n);
  let x = next();
  while (x >= limit) x = next();
  return x % n;
}

const chance = (p: number): boolean => draw(10_000) < p * 10_000;

function roll(): number {
  const a = draw(6) + 1;
  const b = draw(6) + 1;
  return a >= b ? a * 10 + b : b * 10 + a;
}

const lives = new Int32Array(SEATS);

function nextActive(from: number): number {
  for (let k = 1; k <= SEATS; k++) {
    const p = (from + k) % SEATS;
    if (lives[p]! > 0) return p;
  }
  return from;
}

/** Takes up to `amount` lives; returns the players still in. */
function lose(player: number, amount: number, active: number): number {
  const left = Math.max(0, lives[player]! - amount);
  lives[player] = left;
  return left === 0 && amount > 0 ? active - 1 : active;
}

/** Plays `games` games from `seed`; returns the turns played (the engine's count of actions). */
export function referenceGames(games: number, s: number): number {
  seed(s);
  let turns = 0;
  for (let g = 0; g < games; g++) {
    lives.fill(LIVES);
    let active = SEATS;
    let actor = draw(SEATS);
    let dice = roll();
    let stage = ANNOUNCE;
    let last = -1; // index in CLAIMS of the last announcement this round, -1 for none
    let announcer = -1;
    for (;;) {
      turns++;
      const mind = MINDS[actor]!;
      let ended = false;
      let starter = -1;
      if (stage === ROLL) {
        const count = last < 0 ? N_CLAIMS : last; // claims above the last: CLAIMS[0 .. last)
        if (mind === BLUFFER && chance(0.1)) {
          // Rolled blind and announced at once: one of the three lowest legal claims (chosen
          // before the roll, as the strategy decides before the engine rolls).
          const size = Math.min(3, count);
          last = count - size + draw(size);
          dice = roll();
          announcer = actor;
          actor = nextActive(actor);
          stage = CLAIMS[last] === MIA ? MIA_STAGE : RESPOND;
        } else {
          dice = roll();
          stage = ANNOUNCE;
        }
      } else if (stage === ANNOUNCE) {
        const count = last < 0 ? N_CLAIMS : last;
        const truth = INDEX[dice]!;
        const legal = truth < count;
        let claim: number;
        if (mind === HONEST) {
          claim = legal ? truth : count - 1;
        } else if (mind === CALCULATOR) {
          if (legal && BEAT[dice]! <= 0.4) claim = truth;
          else {
            const higher = Math.min(truth + 1, count); // claims ranked at least as high as the truth
            const n = higher > 0 ? higher : count;
            claim = 0;
            let gap = Infinity;
            for (let i = 0; i < n; i++) {
              const gi = Math.abs(BEAT[CLAIMS[i]!]! - 0.3);
              if (gi < gap) {
                claim = i;
                gap = gi;
              }
            }
          }
        } else {
          const above = Math.min(truth, count);
          if (!legal || (above > 0 && chance(0.5))) {
            const pool = above > 0 ? above : count;
            const size = Math.min(4, pool);
            claim = pool - size + draw(size);
          } else claim = truth;
        }
        last = claim;
        announcer = actor;
        actor = nextActive(actor);
        stage = CLAIMS[claim] === MIA ? MIA_STAGE : RESPOND;
      } else if (stage === RESPOND) {
        const announced = CLAIMS[last]!;
        const call = mind === HONEST ? AT_LEAST[announced]! < 0.25 : mind === CALCULATOR ? AT_LEAST[announced]! < 0.3 : chance(0.35);
        if (call) {
          ended = true;
          if (RANK[dice]! < RANK[announced]!) {
            active = lose(announcer, 1, active);
            starter = lives[actor]! > 0 ? actor : nextActive(actor);
          } else {
            active = lose(actor, 1, active);
            starter = nextActive(actor);
          }
        } else stage = ROLL;
      } else {
        ended = true;
        const look = mind === BLUFFER ? chance(0.5) : true;
        if (!look) {
          active = lose(actor, 1, active);
          starter = nextActive(actor);
        } else if (dice === MIA) {
          active = lose(actor, 2, active);
          starter = nextActive(actor);
        } else {
          active = lose(announcer, 1, active);
          starter = lives[actor]! > 0 ? actor : nextActive(actor);
        }
      }
      if (ended) {
        if (active <= 1) break;
        actor = starter;
        dice = roll();
        stage = ANNOUNCE;
        last = -1;
      }
    }
  }
  return turns;
}
