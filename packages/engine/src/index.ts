/**
 * @mia/engine: the rules of Mia as pure functions over plain JSON. No I/O, no clock, no global
 * random: randomness comes in as an `Rng`.
 */
export * from './actions';
export * from './ai';
export * from './apply';
export * from './dice';
export * from './events';
export * from './evolve';
export * from './legal';
export * from './odds';
export * from './ranking';
export * from './rejections';
export * from './rng';
export * from './selfplay';
export * from './settings';
export * from './state';
export * from './stats';
export { activeSeats, lastAnnouncement, nextActive } from './table';
export * from './views';
export * from './rating';
