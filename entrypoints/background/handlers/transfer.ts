import { createBackup, listBackups, restoreBackup } from '../../../lib/db/backups';
import { memoryIds } from '../../../lib/db/memories';
import { loadSettings, saveSettings } from '../../../lib/db/settings-store';
import { importParsed, readAllForExport } from '../../../lib/db/transfer';
import { addSettingsToUndo, applyUndo, UndoUnavailable } from '../../../lib/db/undo-log';
import { parseMemoryFile, serializeMemoryFile, withoutTurns } from '../../../lib/memory-file/format';
import { MessageError } from '../../../lib/protocol/define';
import { applySettingsChanges, proposeSettingsChanges } from '../../../lib/settings/import-rules';
import type { Settings } from '../../../lib/settings/schema';
import { indexHistorySoon } from '../history-upkeep';
import type { HandlerGroup } from '../router';
import { tracked } from './work';

export const transferHandlers: HandlerGroup<
  | 'transfer.export'
  | 'transfer.import'
  | 'transfer.applySettings'
  | 'backups.list'
  | 'backups.create'
  | 'backups.restore'
  | 'undo.apply'
> = {
  /** Chats go out with their summaries; their messages only when `chatHistory` asks for them. */
  'transfer.export': ({ chatHistory }) =>
    tracked('export', async (work) => {
      work.phase('read');
      const { memories, chats, spaces } = await readAllForExport();
      work.phase('write', memories.length);
      const text = serializeMemoryFile({
        memories,
        spaces,
        chats: chatHistory ? chats : chats.map(withoutTurns),
        settings: await loadSettings(),
      });
      work.set(memories.length);
      return { text };
    }),
  /**
   * Memories and chats (as history) are merged in one transaction after a backup; settings
   * are only proposed, for the user to confirm with `transfer.applySettings`.
   */
  'transfer.import': ({ text }) =>
    tracked('import', async (work) => {
      work.phase('check');
      let parsed: ReturnType<typeof parseMemoryFile>;
      try {
        parsed = parseMemoryFile(text, { knownIds: await memoryIds() });
      } catch (error) {
        throw new MessageError('bad_request', (error as Error).message);
      }
      work.checkpoint();
      work.phase('backup');
      await createBackup('before import');
      work.checkpoint();
      const report = await importParsed(parsed, work);
      indexHistorySoon();
      return {
        ...report,
        settingsChanges: proposeSettingsChanges(await loadSettings(), parsed.settings),
        settingsProtected: parsed.ignoredSettings,
      };
    }),
  'transfer.applySettings': async ({ changes, undoId }) => {
    let settings: Settings;
    const before = await loadSettings();
    try {
      settings = await saveSettings(applySettingsChanges(before, changes));
    } catch (error) {
      throw new MessageError('bad_request', (error as Error).message);
    }
    if (undoId) await addSettingsToUndo(undoId, proposeSettingsChanges(before, settings));
    return { settings };
  },
  'backups.list': () => listBackups(),
  'backups.create': ({ reason }) => createBackup(reason),
  'backups.restore': ({ id }) =>
    tracked('restore', async (work) => {
      const result = await restoreBackup(id, work);
      indexHistorySoon();
      return result;
    }),
  'undo.apply': async ({ id }) => {
    try {
      const outcome = await applyUndo(id);
      indexHistorySoon();
      return outcome;
    } catch (error) {
      if (error instanceof UndoUnavailable) throw new MessageError('bad_request', error.message);
      throw error;
    }
  },
};
