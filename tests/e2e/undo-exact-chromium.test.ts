/**
 * Undo of an import through the side panel of the real extension (Chromium): the panel's
 * Recent changes → Undo takes back exactly what the import wrote. A memory added and one
 * edited by hand afterwards, and a chat captured afterwards, are still there; a memory the
 * import brought and the user edited since is kept, and the panel says so.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kimiChat, writeChatsInPage } from './harness/chat-records';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { sendFrom } from './harness/extension-rpc';
import { openSettings } from './harness/panel';
import { freshDir } from './harness/paths';

interface Memory {
  id: string;
  content: string;
  status: string;
  supersededBy: string | null;
}

let ext: ExtensionBrowser;
let panel: Page;

beforeAll(async () => {
  ext = await launchChromium();
  panel = await ext.openSidePanel();
});

afterAll(async () => {
  await ext?.close();
});

async function exported(): Promise<{ memories: Memory[]; chats: { id: string }[] }> {
  const { text } = await sendFrom<{ text: string }>(panel, 'transfer.export');
  return JSON.parse(text);
}

describe('undo of an import through the panel (Chromium)', () => {
  it('takes back what the import wrote and keeps what was done after it', async () => {
    const mine = await sendFrom<Memory>(panel, 'memories.add', { content: 'Mine, from before', type: 'fact' });
    const file = join(freshDir('undo-exact'), 'undo.json');
    writeFileSync(
      file,
      JSON.stringify({
        format: 'claude-mem.memories',
        version: 1,
        memories: [
          { id: 'imp-1', content: 'Imported: drinks oolong tea', type: 'preference' },
          { id: 'imp-2', content: 'Imported: will be edited later', type: 'fact' },
        ],
      }),
    );
    await openSettings(panel, 'data');
    await panel.getByLabel('Import memories').setInputFiles(file);
    await panel.getByText('Imported undo.json', { exact: false }).first().waitFor();

    // Work after the import: a hand add, a hand edit, an edit of an imported memory, a captured chat.
    await sendFrom(panel, 'memories.add', { content: 'Added by hand after the import', type: 'fact' });
    await sendFrom(panel, 'memories.update', { id: mine.id, patch: { content: 'Mine, edited after the import' } });
    await sendFrom(panel, 'memories.update', { id: 'imp-2', patch: { content: 'Imported, then edited by me' } });
    const at = new Date().toISOString();
    await panel.evaluate(writeChatsInPage, [kimiChat('after', 'After', [{ role: 'user', text: 'a later chat' }], at)]);

    await panel.getByText(/^Recent changes/).click();
    await panel.getByRole('button', { name: 'Undo: Imported undo.json' }).click();
    await expect
      .poll(async () => (await exported()).memories.some((m) => m.content === 'Imported: drinks oolong tea'))
      .toBe(false);

    const after = await exported();
    const contents = after.memories.map((m) => m.content).sort();
    console.info(`[undo import in Chromium] memories after undo: ${JSON.stringify(contents)}`);
    // The two hand edits after the import kept the old texts as versions of the edited
    // memories: later work, so the undo leaves them, and nothing else of the import.
    expect(contents).toEqual([
      'Added by hand after the import',
      'Imported, then edited by me',
      'Imported: will be edited later',
      'Mine, edited after the import',
      'Mine, from before',
    ]);
    const current = after.memories.filter((m) => m.status !== 'superseded');
    expect(current.map((m) => m.content).sort()).toEqual([
      'Added by hand after the import',
      'Imported, then edited by me',
      'Mine, edited after the import',
    ]);
    const versions = after.memories
      .filter((m) => m.status === 'superseded')
      .map((m) => [m.content, m.supersededBy])
      .sort();
    expect(versions).toEqual([
      ['Imported: will be edited later', 'imp-2'],
      ['Mine, from before', mine.id],
    ]);
    expect(after.chats.map((c) => c.id)).toContain('kimi:after');
    await panel.getByText('changed again since and left as', { exact: false }).first().waitFor();
  });
});
