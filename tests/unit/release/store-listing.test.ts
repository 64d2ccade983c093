/**
 * The store texts against the built manifests: each permission of the Chrome package has its
 * justification in both languages (and nothing is justified that is not asked for), the short
 * description is the manifest's and fits the store's limit, the store package has no `key`,
 * and the Firefox data categories are the ones the listing explains.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiPermissions, hostPatterns, manifestFor } from './manifests';

const LISTINGS = {
  en: readFileSync('store/listing.en.md', 'utf8'),
  zh: readFileSync('store/listing.zh-CN.md', 'utf8'),
};

/** The bullet names of the permission section: "- `storage`: …". */
function justified(listing: string): string[] {
  const section = /\n## (?:Permission justifications|权限说明)\n([\s\S]*?)\n## /.exec(listing)?.[1] ?? '';
  return [...section.matchAll(/^- `([^`]+)`/gm)].map((m) => m[1] ?? '');
}

describe('store listing', () => {
  it.each(Object.entries(LISTINGS))('%s justifies exactly the Chrome package’s permissions', async (_lang, listing) => {
    const m = await manifestFor('chrome', true);
    const asked = [
      ...apiPermissions(m),
      ...(m.host_permissions?.length ? ['host_permissions'] : []),
      ...(m.optional_host_permissions?.length ? ['optional_host_permissions'] : []),
    ];
    expect(justified(listing).sort()).toEqual(asked.sort());
    // Hosts other than the chat sites are named one by one.
    for (const pattern of hostPatterns(m).filter(
      (p) => !/chat|claude|gemini|perplexity|kimi|doubao|qwen|qianwen|tongyi|grok/.test(p),
    ))
      expect(listing).toContain(`\`${pattern}\``);
  });

  it('the Chrome store package leaves out the development key, and asks for nothing broad at install', async () => {
    const store = await manifestFor('chrome', true);
    expect(store.key).toBeUndefined();
    expect((await manifestFor('chrome')).key).toEqual(expect.any(String));
    for (const pattern of store.host_permissions ?? []) expect(pattern).toMatch(/^https:\/\/[a-z0-9.-]+\/\*$/);
    expect(apiPermissions(store)).not.toEqual(expect.arrayContaining(['tabs']));
  });

  it('the short description is the manifest’s, within 132 characters', async () => {
    const description = await manifestFor('chrome', true);
    expect(LISTINGS.en).toContain(`> ${description.description}`);
    expect(description.description?.length).toBeLessThanOrEqual(132);
    const zh = /\n> (.+)\n/.exec(LISTINGS.zh)?.[1] ?? '';
    expect([...zh].length).toBeGreaterThan(10);
    expect([...zh].length).toBeLessThanOrEqual(132);
  });

  it.each(Object.entries(LISTINGS))(
    '%s explains the Firefox data categories the manifest declares',
    async (_l, listing) => {
      const declared = (await manifestFor('firefox')).browser_specific_settings?.gecko?.data_collection_permissions;
      expect(declared?.optional ?? []).toEqual([]);
      for (const category of declared?.required ?? []) expect(listing).toContain(`\`${category}\``);
    },
  );
});
