import { describe, expect, it } from 'vitest';
import { readConfig } from '../src/config';

describe('PUBLIC_URL', () => {
  it('defaults to a dashboard on this machine, and loses a trailing slash', () => {
    expect(readConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(readConfig({ PUBLIC_URL: '' }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(readConfig({ PUBLIC_URL: 'https://mia.example.org/' }).PUBLIC_URL).toBe('https://mia.example.org');
  });

  it('must be an http(s) URL', () => {
    expect(() => readConfig({ PUBLIC_URL: 'mia.example.org' })).toThrow(/PUBLIC_URL/);
    expect(() => readConfig({ PUBLIC_URL: 'ftp://mia.example.org' })).toThrow(/PUBLIC_URL: an http\(s\) URL/);
  });
});

describe('WEBHOOK_MAX_CONNECTIONS', () => {
  it("is Telegram's own default when unset, else 1 to 100", () => {
    expect(readConfig({}).WEBHOOK_MAX_CONNECTIONS).toBeUndefined();
    expect(readConfig({ WEBHOOK_MAX_CONNECTIONS: '100' }).WEBHOOK_MAX_CONNECTIONS).toBe(100);
    expect(() => readConfig({ WEBHOOK_MAX_CONNECTIONS: '0' })).toThrow(/WEBHOOK_MAX_CONNECTIONS/);
    expect(() => readConfig({ WEBHOOK_MAX_CONNECTIONS: '101' })).toThrow(/WEBHOOK_MAX_CONNECTIONS/);
  });
});
