/**
 * PRIVACY.md and PRIVACY.zh-CN.md against the code: every address the extension can reach is
 * named in both; every flow the policy names points at code and messages that exist; every
 * shipped file that can send something over the network belongs to a flow the policy names.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROTOCOL } from '../../../lib/protocol';
import { IN_PRIVATE_WINDOW } from '../../../lib/protocol/private-window';
import { PRESETS } from '../../../lib/provider/presets';
import { hostPatterns, manifestFor } from './manifests';

const POLICIES = { en: readFileSync('PRIVACY.md', 'utf8'), zh: readFileSync('PRIVACY.zh-CN.md', 'utf8') };

interface Flow {
  id: string;
  code: string[];
  messages: string[];
}

function flows(policy: string): Flow[] {
  return [...policy.matchAll(/<!-- flow: ([^;]+?);([^>]*)-->/g)].map((m) => {
    const field = (name: string) =>
      (new RegExp(`${name}: ([^;]+)`).exec(m[2] ?? '')?.[1] ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    return { id: (m[1] ?? '').trim(), code: field('code'), messages: field('messages') };
  });
}

/** How a pattern is named in the policy: its host, or the pattern itself when the host is a wildcard. */
function named(pattern: string): string {
  const host = /^[a-z]+:\/\/([^/]+)\//.exec(pattern)?.[1] ?? pattern;
  return host.includes('*') ? pattern : host;
}

/** Code that can put bytes on the network: fetch and its kin, the model SDK's client, native messaging. */
const NETWORK =
  /\bfetch\(|XMLHttpRequest|WebSocket|sendBeacon|EventSource|connectNative|createClient\(|pouchdb-adapter-http/;

function shippedFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return shippedFiles(path);
    // Declaration files only describe modules; they ship no code.
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('the privacy policy', () => {
  it.each(Object.entries(POLICIES))('%s names every address the manifests allow', async (_lang, policy) => {
    for (const browser of ['chrome', 'firefox'] as const) {
      const patterns = hostPatterns(await manifestFor(browser));
      expect(patterns.length).toBeGreaterThan(10);
      for (const pattern of patterns) expect(policy, `${browser}: ${pattern}`).toContain(`\`${named(pattern)}\``);
    }
  });

  it.each(Object.entries(POLICIES))('%s names every provider preset by the address it calls', (_lang, policy) => {
    for (const preset of PRESETS) expect(policy, preset.id).toContain(`\`${new URL(preset.baseUrl).host}\``);
  });

  it.each(Object.entries(POLICIES))("%s names Firefox's declared data categories", async (_lang, policy) => {
    const declared = (await manifestFor('firefox')).browser_specific_settings?.gecko?.data_collection_permissions;
    const all = [...(declared?.required ?? []), ...(declared?.optional ?? [])];
    expect(all.length).toBeGreaterThan(0);
    for (const category of all) expect(policy).toContain(`\`${category}\``);
  });

  it('names the same flows in both languages, each with code and messages that exist', () => {
    const en = flows(POLICIES.en);
    expect(flows(POLICIES.zh)).toEqual(en);
    expect(en.map((f) => f.id)).toEqual(expect.arrayContaining(['extraction', 'connection-test', 'desktop-bridge']));
    for (const flow of en) {
      expect(flow.code.length, flow.id).toBeGreaterThan(0);
      for (const path of flow.code) expect(existsSync(path), `${flow.id}: ${path}`).toBe(true);
      for (const type of flow.messages) expect(Object.keys(PROTOCOL), `${flow.id}: ${type}`).toContain(type);
    }
  });

  it('covers every shipped file that can send something off the page', () => {
    const covered = new Set(flows(POLICIES.en).flatMap((f) => f.code));
    const senders = ['lib', 'entrypoints', 'components']
      .flatMap(shippedFiles)
      .filter((path) => NETWORK.test(readFileSync(path, 'utf8')));
    expect(senders.length).toBeGreaterThan(3);
    for (const path of senders)
      expect([...covered], `${path} sends data: name it in a flow of PRIVACY.md`).toContain(path);
  });

  it.each(Object.entries(POLICIES))('%s states the private-window rule the router applies', async (_lang, policy) => {
    const stated = /<!-- private-window: ([^>]*)-->/.exec(policy)?.[1] ?? '';
    const rules = Object.fromEntries(
      stated.split(';').flatMap((part) => {
        const [rule, list] = part.split(':');
        return (list ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean)
          .map((type) => [type, rule?.trim()]);
      }),
    );
    expect(rules).toEqual(IN_PRIVATE_WINDOW);
    for (const browser of ['chrome', 'firefox'] as const)
      expect((await manifestFor(browser)) as { incognito?: string }, browser).toMatchObject({ incognito: 'spanning' });
  });
});
