import { createBackup, listBackups, restoreBackup } from '../../../lib/db/backups';
import { importParsed, readAllForExport } from '../../../lib/db/transfer';
import { parseMemoryFile, serializeMemoryFile } from '../../../lib/memory-file/format';
import { MessageError } from '../../../lib/protocol/define';
import { loadSettings, saveSettings } from '../../../lib/settings';
import type { HandlerGroup } from '../router';

export const transferHandlers: HandlerGroup<
  'transfer.export' | 'transfer.import' | 'backups.list' | 'backups.create' | 'backups.restore'
> = {
  'transfer.export': async () => {
    const { memories, chats } = await readAllForExport();
    return { text: serializeMemoryFile({ memories, chats, settings: await loadSettings() }) };
  },
  'transfer.import': async ({ text }) => {
    let parsed: ReturnType<typeof parseMemoryFile>;
    try {
      parsed = parseMemoryFile(text);
    } catch (error) {
      throw new MessageError('bad_request', (error as Error).message);
    }
    await createBackup('before import');
    const report = await importParsed(parsed);
    if (parsed.settings) await saveSettings(parsed.settings);
    return { ...report, settingsApplied: parsed.settings !== null };
  },
  'backups.list': () => listBackups(),
  'backups.create': ({ reason }) => createBackup(reason),
  'backups.restore': ({ id }) => restoreBackup(id),
};
