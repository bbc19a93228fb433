/** @mia/host: the one composition root of a Mia process (see README.md). */
export { startMia, type Mia, type MiaOptions, type Recovered } from './start';
export type { Attached, DatabaseInfo, FrontEnd, Handles, MiaCore } from './front-end';
export { stopOnSignals, type SignalTarget } from './signals';
