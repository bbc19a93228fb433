import type { Action } from './actions';
import { isValue, rollDice } from './dice';
import type { EventOf, GameEvent } from './events';
import { ALL_STAGES, announceable, joinRefusal, passable, turnRefusal } from './legal';
import { rankingFor } from './ranking';
import { notPlaying, reject, type Rejection } from './rejections';
import { abortGame, moveChat } from './endings';
import { evolve, foldAnnounced, foldBelieved, foldDiceRolled } from './evolve';
import { finishRound, gameIsDecided, resolveCall, resolveMiaLook, resolveTimeout, startRound, takeLives, Transaction } from './resolution';
import type { Rng } from './rng';
import { MIA_GIVE_UP_PENALTY, playersNeeded, resolveSettings } from './settings';
import type { GameState, PlayerId, Stage } from './state';
import { classifyAnnouncement } from './stats/definitions';
import { lastAnnouncement, seatById } from './table';

export type ApplyResult = { ok: true; state: GameState; events: GameEvent[] } | { ok: false; rejection: Rejection };

/**
 * The reducer: applies one action to a game, or refuses it and changes nothing. Every rule of
 * `shared/design/rules.md` is decided here and in `resolution.ts`; the resulting events carry
 * every outcome (dice included), so `evolve` can replay them without `rng`.
 */
export function apply(state: GameState | null, action: Action, rng: Rng): ApplyResult {
  if (action.type === 'create') {
    if (state !== null) return no(reject('game-exists', 'this game has already been created'));
    const resolved = resolveSettings(action.settings ?? {});
    if (!resolved.ok) {
      return no(reject('invalid-settings', resolved.errors.map((e) => e.message).join('; ')));
    }
    const event: GameEvent = { type: 'gameCreated', creator: action.creator, settings: resolved.settings };
    return { ok: true, state: evolve(null, event), events: [event] };
  }
  if (state === null) return no(reject('no-game', 'there is no game'));
  const tx = new Transaction(state, rng);
  const refused = step(tx, action);
  if (refused) return no(refused);
  return { ok: true, state: tx.state, events: tx.events.length > 0 ? tx.events : [] };
}

// The stages each action may be taken in, built once (not an array per action).
const ROLL: readonly Stage[] = ['roll'];
const ANNOUNCE: readonly Stage[] = ['announce'];
const RESPOND: readonly Stage[] = ['respond'];
const MIA_STAGE: readonly Stage[] = ['mia'];

const no = (rejection: Rejection): ApplyResult => ({ ok: false, rejection });

/** Runs one action inside `tx`; returns a rejection (and emits nothing) when it is not allowed. */
function step(tx: Transaction, action: Exclude<Action, { type: 'create' }>): Rejection | null {
  const { state: s, rng } = tx;
  switch (action.type) {
    case 'join': {
      const refused = joinRefusal(s, action);
      if (refused) return refused;
      tx.emit({ type: 'playerJoined', player: action.player, name: action.name, ai: action.ai ?? false });
      return null;
    }
    case 'leave':
      if (action.lobbyOnly && s.phase === 'playing') return reject('not-in-lobby', 'the game has already started');
      return removePlayer(tx, action.player, 'left');
    case 'kick':
      return removePlayer(tx, action.player, 'kicked');
    case 'start': {
      if (s.phase !== 'lobby') return reject('not-in-lobby', 'the game has already started');
      const needed = playersNeeded(s.settings);
      if (s.seats.length < needed) {
        return reject('too-few-players', `a game needs at least ${needed} players`, needed);
      }
      const starter = s.seats[rng(s.seats.length)]!.id;
      tx.emit({ type: 'gameStarted', players: s.seats.map((p) => p.id) });
      startRound(tx, 1, starter); // the starter rolls and looks at once: stage announce
      return null;
    }
    case 'roll': {
      const refused = turnRefusal(s, action, ROLL);
      if (refused) return refused;
      const rolled: EventOf<'diceRolled'> = { type: 'diceRolled', player: action.player, dice: rollDice(rng), looked: true };
      tx.push(rolled, foldDiceRolled(s, rolled, tx));
      return null;
    }
    case 'announce': {
      const refused =
        turnRefusal(s, action, action.blind ? ROLL : ANNOUNCE) ?? checkClaim(s, action.value, announceable(s), 'higher than the last announcement');
      if (refused) return refused;
      const ranking = rankingFor(s.settings.ranking);
      const value = ranking.canonical(action.value);
      if (action.blind) tx.emit({ type: 'diceRolled', player: action.player, dice: rollDice(rng), looked: false });
      const dice = tx.state.round!.cup!.dice;
      const kind = action.blind ? 'blind' : 'looked';
      const announced: EventOf<'announced'> = {
        type: 'announced',
        player: action.player,
        value,
        kind,
        dice,
        class: classifyAnnouncement(ranking, kind, value, dice),
      };
      tx.push(announced, foldAnnounced(tx.state, announced, tx));
      return null;
    }
    case 'believe': {
      const refused = turnRefusal(s, action, RESPOND);
      if (refused) return refused;
      const believed: EventOf<'believed'> = { type: 'believed', player: action.player };
      tx.push(believed, foldBelieved(s, believed, tx));
      return null;
    }
    case 'passBlind': {
      const refused = turnRefusal(s, action, RESPOND);
      if (refused) return refused;
      if (!s.settings.blindPass) {
        return reject('not-allowed-by-settings', 'passing blind is off in this game');
      }
      // Stage respond always answers an announcement.
      const value = action.value === 'same' ? lastAnnouncement(s)!.value : action.value;
      const claimRefused = checkClaim(s, value, passable(s), 'the same as the last announcement or higher');
      if (claimRefused) return claimRefused;
      tx.emit({
        type: 'announced',
        player: action.player,
        value: rankingFor(s.settings.ranking).canonical(value),
        kind: 'pass',
        dice: s.round!.cup!.dice,
        class: 'pass',
      });
      return null;
    }
    case 'call': {
      const refused = turnRefusal(s, action, RESPOND);
      if (refused) return refused;
      resolveCall(tx, action.player);
      return null;
    }
    case 'lookAtMia': {
      const refused = turnRefusal(s, action, MIA_STAGE);
      if (refused) return refused;
      resolveMiaLook(tx, action.player);
      return null;
    }
    case 'giveUp': {
      const refused = turnRefusal(s, action, MIA_STAGE);
      if (refused) return refused;
      const announcer = lastAnnouncement(s)!.player;
      tx.emit({ type: 'miaGivenUp', player: action.player, announcer });
      takeLives(tx, action.player, MIA_GIVE_UP_PENALTY, 'mia-given-up');
      finishRound(tx, 'mia-give-up', action.player, 'after');
      return null;
    }
    case 'timeout': {
      const refused = turnRefusal(s, action, ALL_STAGES);
      if (refused) return refused;
      resolveTimeout(tx, action.player);
      return null;
    }
    case 'abort':
      return abortGame(tx, action);
    case 'moveChat':
      return moveChat(tx, action);
  }
}

function checkClaim(s: GameState, value: unknown, allowed: readonly number[], rule: string): Rejection | null {
  if (!isValue(value)) return reject('invalid-value', `${String(value)} is not a value two dice can show`);
  const canonical = rankingFor(s.settings.ranking).canonical(value);
  return allowed.includes(canonical) ? null : reject('not-higher', `the announcement must be ${rule}`);
}

/**
 * Leaving or being kicked: from the lobby the seat goes; during a game the player is out. If the
 * round hinged on them (their turn, or their announcement pending) it is void and the next player
 * starts a new one.
 */
function removePlayer(tx: Transaction, player: PlayerId, reason: 'left' | 'kicked'): Rejection | null {
  const s = tx.state;
  const seat = seatById(s.seats, player);
  if (s.phase === 'over') return notPlaying('over');
  if (!seat) return reject('player-unknown', 'not a player in this game');
  if (s.phase === 'lobby') {
    tx.emit({ type: 'playerLeft', player });
    return null;
  }
  if (seat.out) return reject('player-out', 'already out of this game');
  const round = s.round!;
  const last = lastAnnouncement(s);
  const hinged = round.actor === player || (round.stage !== 'roll' && round.stage !== 'announce' && last?.player === player);
  tx.emit({ type: 'playerOut', player, reason });
  if (hinged || gameIsDecided(tx.state)) {
    finishRound(tx, 'aborted', player, 'after');
  }
  return null;
}
