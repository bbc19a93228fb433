import { openTestDatabase, type TestDatabase } from '@mia/db/testing';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMia, type FrontEnd } from '../src';

const log = pino({ level: 'silent' });

/** A front-end that writes each phase of its life into `calls`. */
function recording(name: string, calls: string[], fail?: 'attach' | 'open'): FrontEnd<{ name: string }> {
  return {
    name,
    attach(core) {
      if (fail === 'attach') throw new Error(`${name} cannot attach`);
      calls.push(`${name}.attach(ai ${core.ai ? 'on' : 'off'})`);
      return {
        handle: { name },
        resume: async () => void calls.push(`${name}.resume`),
        open: async () => {
          calls.push(`${name}.open`);
          if (fail === 'open') throw new Error(`${name} cannot open`);
        },
        close: async () => void calls.push(`${name}.close`),
        drain: async () => void calls.push(`${name}.drain`),
      };
    },
  };
}

describe('startMia', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('attaches, recovers, resumes and opens in order, and stops in reverse', async () => {
    const calls: string[] = [];
    const mia = await startMia({
      database: { use: db },
      log,
      service: { timers: false },
      ai: { delayMs: 0 },
      frontEnds: [recording('a', calls), recording('b', calls)],
    });
    expect(mia.frontEnds.map((h) => h.name)).toEqual(['a', 'b']);
    expect(mia.recovered).toEqual({ running: 0, overdue: 0 });
    expect(calls).toEqual(['a.attach(ai on)', 'b.attach(ai on)', 'a.resume', 'b.resume', 'a.open', 'b.open']);
    calls.length = 0;
    const first = mia.stop();
    expect(mia.stop()).toBe(first);
    await first;
    expect(calls).toEqual(['b.close', 'a.close', 'b.drain', 'a.drain']);
    // A database it was given stays open.
    await expect(db.prisma.game.count()).resolves.toBe(0);
    expect(mia.database).toEqual({ kind: db.kind, connectionString: db.connectionString });
  });

  it('without recovery and AI seats: no resume, ai null', async () => {
    const calls: string[] = [];
    const mia = await startMia({ database: { use: db }, log, service: { timers: false }, ai: false, recover: false, frontEnds: [recording('a', calls)] });
    expect(mia.ai).toBeNull();
    expect(mia.recovered).toBeNull();
    expect(calls).toEqual(['a.attach(ai off)', 'a.open']);
    await mia.stop();
  });

  it('a failed start stops what was started and rethrows', async () => {
    const calls: string[] = [];
    await expect(
      startMia({ database: { use: db }, log, service: { timers: false }, frontEnds: [recording('a', calls), recording('b', calls, 'open')] }),
    ).rejects.toThrow('b cannot open');
    expect(calls).toEqual(['a.attach(ai on)', 'b.attach(ai on)', 'a.resume', 'b.resume', 'a.open', 'b.open', 'b.close', 'a.close', 'b.drain', 'a.drain']);
    calls.length = 0;
    await expect(
      startMia({ database: { use: db }, log, service: { timers: false }, frontEnds: [recording('a', calls), recording('b', calls, 'attach')] }),
    ).rejects.toThrow('b cannot attach');
    // Never opened, so never closed; attached, so drained.
    expect(calls).toEqual(['a.attach(ai on)', 'a.drain']);
  });
});
