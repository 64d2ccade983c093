import { createBackup, listBackups, restoreBackup } from '../../../lib/db/backups';
import { importParsed, readAllForExport } from '../../../lib/db/transfer';
import { parseMemoryFile, serializeMemoryFile } from '../../../lib/memory-file/format';
import { MessageError } from '../../../lib/protocol/define';
import { loadSettings, saveSettings } from '../../../lib/settings';
import type { HandlerGroup } from '../router';
import { tracked } from './work';

export const transferHandlers: HandlerGroup<
  'transfer.export' | 'transfer.import' | 'backups.list' | 'backups.create' | 'backups.restore'
> = {
  'transfer.export': (_req) =>
    tracked('export', async (work) => {
      work.phase('read');
      const { memories, chats } = await readAllForExport();
      work.phase('write', memories.length);
      const text = serializeMemoryFile({ memories, chats, settings: await loadSettings() });
      work.set(memories.length);
      return { text };
    }),
  'transfer.import': ({ text }) =>
    tracked('import', async (work) => {
      work.phase('check');
      let parsed: ReturnType<typeof parseMemoryFile>;
      try {
        parsed = parseMemoryFile(text);
      } catch (error) {
        throw new MessageError('bad_request', (error as Error).message);
      }
      work.checkpoint();
      work.phase('backup');
      await createBackup('before import');
      work.checkpoint();
      const report = await importParsed(parsed, work);
      if (parsed.settings) await saveSettings(parsed.settings);
      return { ...report, settingsApplied: parsed.settings !== null };
    }),
  'backups.list': () => listBackups(),
  'backups.create': ({ reason }) => createBackup(reason),
  'backups.restore': ({ id }) => tracked('restore', (work) => restoreBackup(id, work)),
};
