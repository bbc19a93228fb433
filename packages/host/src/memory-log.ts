import type { Logger } from 'pino';

/**
 * With MIA_MEMORY_LOG_MS set, the process logs its memory (`host: memory`, bytes) that often:
 * /proc tells a watcher a process's resident size, not what of it is JavaScript heap. The soak
 * (scripts/soak.mjs) reads these lines. Returns the stop.
 */
export function memoryLog(log: Logger, everyMs = Number(process.env.MIA_MEMORY_LOG_MS) || 0): () => void {
  if (!(everyMs > 0)) return () => {};
  const timer = setInterval(() => {
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    log.info({ memory: { rss, heapUsed, heapTotal, external, arrayBuffers } }, 'host: memory');
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
