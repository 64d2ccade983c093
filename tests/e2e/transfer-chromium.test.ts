/** Foundation path in real Chromium: import a file through the side panel, see it, export it, compare. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { sampleMemoryFile } from './harness/memory-files';
import { memoriesAction } from './harness/panel';
import { freshDir } from './harness/paths';

describe('import and export through the side panel (Chromium)', () => {
  let ext: ExtensionBrowser;
  beforeAll(async () => {
    ext = await launchChromium();
  });
  afterAll(async () => {
    await ext?.close();
  });

  it('imports a memory file, lists it, and exports the same memories', async () => {
    const dir = freshDir('transfer');
    const source = sampleMemoryFile();
    const file = join(dir, 'memories.json');
    writeFileSync(file, JSON.stringify(source));

    const panel = await ext.openSidePanel();
    await panel.getByText('No memories yet').waitFor();
    await panel.getByLabel('Import memories').setInputFiles(file);
    await panel.getByRole('status').filter({ hasText: '3 added, 0 updated, 0 skipped' }).waitFor();
    const list = panel.getByRole('list', { name: 'Memories' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    expect(await list.textContent()).toContain('¥2,850,000.00');

    const [download] = await Promise.all([panel.waitForEvent('download'), memoriesAction(panel, 'Export memories')]);
    const saved = join(dir, 'export.json');
    await download.saveAs(saved);
    const exported = JSON.parse(readFileSync(saved, 'utf8'));
    expect(exported.format).toBe('claude-mem.memories');
    // A version 1 file imports as it was; export writes version 3 (spaces and dates: none here).
    expect(exported.version).toBe(3);
    expect(exported.spaces).toEqual([]);
    expect(exported.memories).toEqual(source.memories);
    expect(JSON.stringify(exported.memories)).toBe(JSON.stringify(source.memories));
  });

  it('shows a clear error for a bad file and changes nothing', async () => {
    const dir = freshDir('transfer-bad');
    const file = join(dir, 'bad.json');
    const bad = sampleMemoryFile();
    (bad.memories[1] as { importance: number }).importance = 9;
    writeFileSync(file, JSON.stringify(bad));
    const panel = await ext.openSidePanel();
    const before = await panel.getByRole('list', { name: 'Memories' }).textContent();
    await panel.getByLabel('Import memories').setInputFiles(file);
    await panel.getByRole('alert').filter({ hasText: 'memories[1].importance: expected 1–5, got 9' }).waitFor();
    expect(await panel.getByRole('list', { name: 'Memories' }).textContent()).toBe(before);
  });
});
