import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';

describe('the environment', () => {
  it('has defaults for everything', () => {
    expect(readConfig({})).toEqual({
      PORT: 3000,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: 300,
      RATE_LIMIT_WINDOW_MS: 60_000,
      TRUST_PROXY: false,
    });
  });

  it('reads what is set, and takes an empty value for unset', () => {
    const config = readConfig({
      PORT: '8081',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://mia@127.0.0.1:5432/mia',
      DATA_DIR: '',
      LOG_LEVEL: 'debug',
      WEB_ROOT: '/srv/mia/dist',
      RATE_LIMIT_MAX: '50',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
    });
    expect(config).toMatchObject({
      PORT: 8081,
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://mia@127.0.0.1:5432/mia',
      LOG_LEVEL: 'debug',
      WEB_ROOT: '/srv/mia/dist',
      RATE_LIMIT_MAX: 50,
      TRUST_PROXY: ['10.0.0.1', '10.0.0.2'],
    });
    expect(config.DATA_DIR).toBeUndefined();
    expect(readConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });

  it('refuses what is wrong, naming each variable', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => readConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => readConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => readConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: a PostgreSQL URL/);
    expect(() => readConfig({ RATE_LIMIT_MAX: '0', PORT: 'x' })).toThrow(/RATE_LIMIT_MAX[\s\S]*PORT|PORT[\s\S]*RATE_LIMIT_MAX/);
    expect(() => readConfig({ RATE_LIMIT_MAX: '2.5' })).toThrow(/RATE_LIMIT_MAX: a whole number/);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://mia.example.org' })).toThrow(/PUBLIC_URL: an http\(s\) URL/);
    expect(() => readConfig({ PUBLIC_URL: 'mia.example.org' })).toThrow(/PUBLIC_URL/);
    // One line per variable, each naming it once.
    expect(() => readConfig({ PORT: '-1', LOG_LEVEL: 'loud' })).toThrow(
      'invalid configuration:\n  PORT: a port number from 0 to 65535\n  LOG_LEVEL: one of fatal,',
    );
  });

  it('keeps the public address without its trailing slashes, and reads only its own variables', () => {
    expect(readConfig({ PUBLIC_URL: 'https://mia.example.org/dash//' }).PUBLIC_URL).toBe('https://mia.example.org/dash');
    expect(readConfig({ PATH: '/usr/bin', BOT_TOKEN: '1:x' })).not.toHaveProperty('PATH');
  });
});
