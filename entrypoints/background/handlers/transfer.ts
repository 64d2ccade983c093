import { createBackup, listBackups, restoreBackup } from '../../../lib/db/backups';
import { memoryIds } from '../../../lib/db/memories';
import { importParsed, readAllForExport } from '../../../lib/db/transfer';
import { parseMemoryFile, serializeMemoryFile } from '../../../lib/memory-file/format';
import { MessageError } from '../../../lib/protocol/define';
import { loadSettings, saveSettings } from '../../../lib/settings';
import { applySettingsChanges, proposeSettingsChanges } from '../../../lib/settings-import';
import type { HandlerGroup } from '../router';

export const transferHandlers: HandlerGroup<
  | 'transfer.export'
  | 'transfer.import'
  | 'transfer.applySettings'
  | 'backups.list'
  | 'backups.create'
  | 'backups.restore'
> = {
  'transfer.export': async () => {
    const { memories, chats } = await readAllForExport();
    return { text: serializeMemoryFile({ memories, chats, settings: await loadSettings() }) };
  },
  /**
   * Memories and chats (as history) are merged in one transaction after a backup; settings
   * are only proposed, for the user to confirm with `transfer.applySettings`.
   */
  'transfer.import': async ({ text }) => {
    let parsed: ReturnType<typeof parseMemoryFile>;
    try {
      parsed = parseMemoryFile(text, { knownIds: await memoryIds() });
    } catch (error) {
      throw new MessageError('bad_request', (error as Error).message);
    }
    await createBackup('before import');
    const report = await importParsed(parsed);
    return {
      ...report,
      settingsChanges: proposeSettingsChanges(await loadSettings(), parsed.settings),
      settingsProtected: parsed.ignoredSettings,
    };
  },
  'transfer.applySettings': async ({ changes }) => {
    try {
      return { settings: await saveSettings(applySettingsChanges(await loadSettings(), changes)) };
    } catch (error) {
      throw new MessageError('bad_request', (error as Error).message);
    }
  },
  'backups.list': () => listBackups(),
  'backups.create': ({ reason }) => createBackup(reason),
  'backups.restore': ({ id }) => restoreBackup(id),
};
