import { describe, expect, it } from 'vitest';
import { baseUrlProblem, isLoopbackHost, isLoopbackUrl } from '../../../lib/provider/base-url';
import { SETTINGS_VERSION, SettingsSchema } from '../../../lib/settings/schema';

describe('base URL rule: https anywhere, plain http only to this computer', () => {
  it.each([
    'https://api.anthropic.com',
    'https://api.deepseek.com/anthropic',
    'https://10.0.0.5:8443',
    'http://localhost:11434',
    'http://LOCALHOST:11434',
    'http://127.0.0.1:8080',
    'http://127.0.0.1',
    'http://127.255.10.3:9000',
    'http://127.1:8080',
    'http://[::1]:8080',
    'http://[0:0:0:0:0:0:0:1]:11434',
  ])('allows %s', (url) => {
    expect(baseUrlProblem(url)).toBeNull();
  });

  it.each([
    ['http://api.anthropic.com', 'not_https'],
    ['http://192.168.1.20:11434', 'not_https'],
    ['http://10.0.0.1', 'not_https'],
    ['http://0.0.0.0:11434', 'not_https'],
    ['http://128.0.0.1', 'not_https'],
    ['http://localhost.evil.com', 'not_https'],
    ['http://localhost.:8080', 'not_https'],
    ['http://127.0.0.1.nip.io', 'not_https'],
    ['http://127.0.0.1.evil.com:8080', 'not_https'],
    ['http://evil.com/http://localhost', 'not_https'],
    ['http://[::2]:8080', 'not_https'],
    ['http://[::ffff:127.0.0.1]:8080', 'not_https'],
    ['http://localhost@evil.com', 'credentials'],
    ['http://127.0.0.1@evil.com:8080', 'credentials'],
    ['http://evil.com@localhost:8080', 'credentials'],
    ['https://user:secret@api.example.com', 'credentials'],
    ['ftp://localhost/x', 'invalid'],
    ['javascript:alert(1)', 'invalid'],
    ['localhost:11434', 'invalid'],
    ['not a url', 'invalid'],
  ])('refuses %s (%s)', (url, problem) => {
    expect(baseUrlProblem(url)).toBe(problem);
  });

  it('decides on the parsed host, not on the text', () => {
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('127.0.0.1')).toBe(true);
    expect(isLoopbackHost('[::1]')).toBe(true);
    expect(isLoopbackHost('127.0.0.1.nip.io')).toBe(false);
    expect(isLoopbackHost('127.0.0.256')).toBe(false);
    expect(isLoopbackUrl('http://localhost@evil.com')).toBe(false);
    expect(isLoopbackUrl('nonsense')).toBe(false);
  });

  it('is part of the settings schema, so no path can store a refused URL', () => {
    const base = { version: SETTINGS_VERSION };
    expect(SettingsSchema.safeParse({ ...base, baseUrl: 'http://localhost:11434' }).success).toBe(true);
    const bad = SettingsSchema.safeParse({ ...base, baseUrl: 'http://localhost.evil.com' });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain('http only to this computer');
  });
});
