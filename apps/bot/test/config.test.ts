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
