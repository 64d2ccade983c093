/**
 * Keeps the adapter registry honest (DESIGN.md "Site adapters"): one file per site named by its
 * id, every file registered, every adapter with a fixture page, ids unique, match patterns
 * valid and equal to lib/sites/ids.ts (the manifest's host permissions come from there).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MatchPattern } from 'wxt/utils/match-patterns';
import { ADAPTERS, adapterForUrl } from '../../../lib/adapters';
import { SELECTOR_KEYS } from '../../../lib/adapters/types';
import { SITE_IDS, SITE_MATCHES, siteForUrl } from '../../../lib/sites/ids';

const ADAPTER_DIR = resolve(import.meta.dirname, '../../../lib/adapters');
const FIXTURE_DIR = resolve(import.meta.dirname, '../../fixtures/sites');
const SHARED_FILES = new Set(['types.ts', 'index.ts', 'base.ts', 'dom.ts', 'editors.ts']);

describe('adapter conventions', () => {
  it('has one file per adapter, named by its id, and registers every one', () => {
    const files = readdirSync(ADAPTER_DIR).filter((f) => f.endsWith('.ts') && !SHARED_FILES.has(f));
    expect(files.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual(ADAPTERS.map((a) => a.id).sort());
    for (const adapter of ADAPTERS) {
      const source = readFileSync(join(ADAPTER_DIR, `${adapter.id}.ts`), 'utf8');
      expect(source, adapter.id).toContain(`id: '${adapter.id}'`);
    }
  });

  it('covers exactly the fixed site ids, once each, in their order', () => {
    expect(ADAPTERS.map((a) => a.id)).toEqual([...SITE_IDS]);
  });

  it('uses valid match patterns equal to lib/sites/ids.ts', () => {
    for (const adapter of ADAPTERS) {
      expect(adapter.matches).toEqual(SITE_MATCHES[adapter.id]);
      for (const pattern of adapter.matches) {
        expect(() => new MatchPattern(pattern), pattern).not.toThrow();
        const url = pattern.replace('*', 'some/page');
        expect(new MatchPattern(pattern).includes(url)).toBe(true);
        expect(adapterForUrl(url)?.id).toBe(adapter.id);
        expect(siteForUrl(url)).toBe(adapter.id);
      }
    }
  });

  it('gives every adapter a fixture page with its ui and live app', () => {
    for (const { id } of ADAPTERS) {
      for (const file of ['index.html', 'ui.ts', 'app.ts'])
        expect(existsSync(join(FIXTURE_DIR, id, file)), `${id}/${file}`).toBe(true);
    }
  });

  it('keeps selector lists short, newest first, and each entry commented', () => {
    for (const adapter of ADAPTERS) {
      const source = readFileSync(join(ADAPTER_DIR, `${adapter.id}.ts`), 'utf8');
      for (const key of SELECTOR_KEYS) {
        const list = adapter.selectors[key];
        expect(list.length, `${adapter.id}.${key}`).toBeGreaterThan(0);
        expect(list.length, `${adapter.id}.${key}`).toBeLessThanOrEqual(4);
        // A selector written inline in the site file carries a comment on its line.
        for (const selector of list) {
          const line = source.split('\n').find((l) => l.includes(`'${selector}'`));
          if (line) expect(line, `${adapter.id}: ${selector}`).toMatch(/\/\/ \S/);
        }
      }
    }
  });

  it('does not match pages of other sites or plain http', () => {
    expect(adapterForUrl('https://example.com/c/abc')).toBeNull();
    expect(adapterForUrl('http://chatgpt.com/')).toBeNull();
    expect(adapterForUrl('not a url')).toBeNull();
  });
});
