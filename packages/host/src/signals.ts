import type { Logger } from 'pino';

/** What stopOnSignals needs of the process (a seam for its test). */
export interface SignalTarget {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  exit(code: number): void;
}

/**
 * Ctrl-C or a service manager's SIGTERM: stop once, then exit 0, or 1 when stopping failed, with
 * the reason logged. `name` prefixes the log line ("bot: stopping"). Each listener is `once`: the
 * other signal arriving while the process stops is ignored, the same one again ends it at once
 * (node's default), as a second Ctrl-C should. One copy for every process's main (the bot, the
 * dashboard, `npm start` with a token).
 */
export function stopOnSignals(stop: () => Promise<void>, log: Pick<Logger, 'info' | 'error'>, name: string, target: SignalTarget = process): void {
  let stopping = false;
  const onSignal = async (signal: 'SIGINT' | 'SIGTERM') => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, `${name}: stopping`);
    try {
      await stop();
      target.exit(0);
    } catch (error) {
      log.error({ err: error }, `${name}: unclean shutdown`);
      target.exit(1);
    }
  };
  target.once('SIGINT', () => void onSignal('SIGINT'));
  target.once('SIGTERM', () => void onSignal('SIGTERM'));
}
