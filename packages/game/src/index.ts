export * from './chats';
export * from './bus';
export * from './ids';
export * from './projection';
export { readEvents, findGame, findCurrentGame, type GameRecord, type StoredEvent } from './repository';
export * from './rng';
export * from './service';
export * from './timers';
