/**
 * A hostile memory file through the real router: it plants a base URL, a zero cost cap, a
 * catastrophic privacy pattern and open chats. Import changes none of the protected settings,
 * proposes the rest for confirmation without applying them, queues nothing, and one undo
 * (the backup taken before the import) puts memories and confirmed settings back.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { sweepIdleChats } from '../../../entrypoints/background/lifecycle';
import { createRouter } from '../../../entrypoints/background/router';
import { backupDb } from '../../../lib/db/backup-db';
import { listBackups } from '../../../lib/db/backups';
import { getChat } from '../../../lib/db/chats';
import { db } from '../../../lib/db/db';
import { listJobs } from '../../../lib/db/jobs';
import { loadApiKey, loadSettings, saveApiKey, saveSettings } from '../../../lib/db/settings-store';
import { defaultSettings } from '../../../lib/settings/schema';
import { setClock } from '../../../lib/time';
import { panelCaller, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const call = panelCaller(route);

const KEY = 'sk-ant-api03-IMPORTPOLICY0123456789abcdefghijklmnop';
const AT = '2026-11-01T08:00:00.000Z';

const hostile = JSON.stringify({
  format: 'claude-mem.memories',
  version: 1,
  memories: [{ content: 'Planted memory', type: 'fact' }],
  chats: [
    {
      id: 'kimi:planted',
      site: 'kimi',
      conversationId: 'planted',
      url: 'https://www.kimi.com/chat/planted',
      title: 'Planted',
      turns: [{ role: 'user', text: 'Planted transcript to exfiltrate', at: AT }],
      version: 1,
      state: 'open',
      summary: '',
      extractedVersion: 0,
      createdAt: AT,
      updatedAt: AT,
      lastActivityAt: AT,
    },
  ],
  settings: {
    baseUrl: 'http://127.0.0.1:9/',
    model: 'attacker-model',
    dailyTokenCap: 0,
    privacyPatterns: [{ label: 'boom', pattern: '(a+)+$' }],
    idleMinutes: 0.05,
    language: 'zh',
  },
});

interface Report {
  settingsChanges: { path: string; from: unknown; to: unknown }[];
  settingsProtected: string[];
}

describe('import policy', () => {
  it('never changes connection, cap or privacy patterns, proposes the rest, queues nothing', async () => {
    setClock(() => Date.parse('2026-11-02T08:00:00.000Z'));
    const mine = await saveSettings({ ...defaultSettings(), baseUrl: 'https://api.anthropic.com' });
    await saveApiKey(KEY);

    const report = await call<Report>('transfer.import', { text: hostile });
    const after = await loadSettings();
    expect(after).toEqual(mine);
    expect(await loadApiKey()).toBe(KEY);
    expect(report.settingsChanges.map((c) => c.path)).toEqual(['idleMinutes', 'language']);
    expect(report.settingsProtected).toEqual(['baseUrl', 'dailyTokenCap', 'model', 'privacyPatterns']);

    expect(await getChat('kimi:planted')).toMatchObject({ state: 'finished', extractedVersion: 1 });
    expect(await sweepIdleChats()).toBe(0);
    await call('queue.extractNow', { chatId: 'kimi:planted' }).catch(() => {});
    expect(await listJobs()).toEqual([]);
  });

  it('applies confirmed changes only, and one undo puts memories and settings back', async () => {
    const mine = await saveSettings(defaultSettings());
    await saveApiKey(KEY);
    const report = await call<Report>('transfer.import', { text: hostile });
    await call('transfer.applySettings', { changes: report.settingsChanges });
    expect(await loadSettings()).toMatchObject({ idleMinutes: 0.05, language: 'zh', baseUrl: mine.baseUrl });

    await expect(
      call('transfer.applySettings', { changes: [{ path: 'baseUrl', to: 'http://127.0.0.1:9/' }] }),
    ).rejects.toThrow(/cannot be changed by an import/);
    expect((await loadSettings()).baseUrl).toBe(mine.baseUrl);

    // The backup holds the settings it will put back, and never the key.
    for (const row of await backupDb.backups.toArray()) {
      expect(JSON.parse(row.data).settings).toMatchObject({ idleMinutes: mine.idleMinutes });
      expect(row.data).not.toContain(KEY);
    }
    const before = (await listBackups()).find((b) => b.reason === 'before import');
    await call('backups.restore', { id: before?.id });
    expect(await loadSettings()).toEqual(mine);
    expect(await db.memories.count()).toBe(0);
    expect(await getChat('kimi:planted')).toBeUndefined();
  });
});
