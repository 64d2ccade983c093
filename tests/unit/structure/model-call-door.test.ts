/**
 * Every model call goes through one door, lib/model/client.ts's createClient, whose fetch is
 * the consent-and-no-redirect gate (lib/provider/consent-gate.ts). A second SDK client or a
 * plain fetch elsewhere would skip both, so this fails on any other in the shipped code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../../..');
const SHIPPED = ['lib', 'entrypoints', 'components', 'bridge'];

function sources(): { path: string; text: string }[] {
  return SHIPPED.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => ({ path: `${dir}/${name}`, text: readFileSync(join(ROOT, dir, name), 'utf8') })),
  );
}

describe('the one door to a model provider', () => {
  const all = sources();

  it('builds the SDK client in client.ts only, with the gate as its fetch', () => {
    const builders = all.filter((f) => /new\s+Anthropic\s*\(/.test(f.text)).map((f) => f.path);
    expect(builders).toEqual(['lib/model/client.ts']);
    const client = all.find((f) => f.path === 'lib/model/client.ts')?.text ?? '';
    expect(client).toMatch(/fetch:\s*consentGuardedFetch\(\)/);
  });

  it('has no other network call in shipped code', () => {
    // The one door out, which follows no redirect: model calls reach it through the consent
    // gate, the sync server's requests through PouchDB's fetch (never with the model key).
    const doors = ['lib/no-redirect.ts'];
    const direct = /\bfetch\s*\(|XMLHttpRequest|sendBeacon|new\s+WebSocket\b|new\s+EventSource\b/;
    const callers = all.filter((f) => !doors.includes(f.path) && direct.test(f.text));
    expect(callers.map((f) => f.path)).toEqual([]);
  });
});
