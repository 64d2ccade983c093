/**
 * Settings v5 → v6: "Keep chat history" replaces the transcript retention in days, and the
 * maintenance run drops chats' text by it.
 */
import { describe, expect, it } from 'vitest';
import { migrateSettings } from '../../../lib/db/settings-store';
import { shouldDropTranscript } from '../../../lib/memory/forgetting';
import type { Chat } from '../../../lib/memory/types';
import { SETTINGS_VERSION } from '../../../lib/settings/schema';

const v5 = (extra: Record<string, unknown>) => ({ version: 5, idleMinutes: 5, language: 'en', ...extra });

describe('keep chat history', () => {
  it('comes from the stored retention days, the old default becoming the new default of a year', () => {
    expect(migrateSettings(v5({ transcriptRetentionDays: 30 })).keepChatHistory).toBe('1y');
    expect(migrateSettings(v5({ transcriptRetentionDays: 7 })).keepChatHistory).toBe('30d');
    expect(migrateSettings(v5({ transcriptRetentionDays: 200 })).keepChatHistory).toBe('1y');
    expect(migrateSettings(v5({ transcriptRetentionDays: 3650 })).keepChatHistory).toBe('forever');
    expect(migrateSettings(v5({})).keepChatHistory).toBe('1y');
    // A file that already says how long to keep history is not overridden by the step.
    expect(migrateSettings(v5({ keepChatHistory: '30d' })).keepChatHistory).toBe('30d');
    const s = migrateSettings(v5({ transcriptRetentionDays: 30 })) as Record<string, unknown>;
    expect(s.transcriptRetentionDays).toBeUndefined();
    expect(s).toMatchObject({ version: SETTINGS_VERSION, idleMinutes: 5 });
  });

  const DAY = 86_400_000;
  const NOW = Date.parse('2026-12-01T00:00:00Z');
  const chat = (days: number, extra: Partial<Chat> = {}): Chat => ({
    id: 'claude:x',
    site: 'claude',
    conversationId: 'x',
    url: '',
    title: '',
    turns: [{ role: 'user', text: 'hi', at: new Date(NOW - days * DAY).toISOString() }],
    version: 2,
    state: 'finished',
    summary: '',
    extractedVersion: 2,
    createdAt: new Date(NOW - days * DAY).toISOString(),
    updatedAt: new Date(NOW - days * DAY).toISOString(),
    lastActivityAt: new Date(NOW - days * DAY).toISOString(),
    ...extra,
  });

  it('drops an extracted chat after the chosen time, never an open one or one waiting for extraction', () => {
    expect(shouldDropTranscript(chat(40), '30d', NOW)).toBe(true);
    expect(shouldDropTranscript(chat(40), '1y', NOW)).toBe(false);
    expect(shouldDropTranscript(chat(400), '1y', NOW)).toBe(true);
    expect(shouldDropTranscript(chat(4000), 'forever', NOW)).toBe(false);
    expect(shouldDropTranscript(chat(0.5), 'until-extracted', NOW)).toBe(true);
    expect(shouldDropTranscript(chat(400, { extractedVersion: 1 }), '30d', NOW)).toBe(false);
    expect(shouldDropTranscript(chat(400, { state: 'open' }), '30d', NOW)).toBe(false);
  });

  it('drops imported history after the chosen time, and keeps it "until extracted" when never extracted', () => {
    const imported = chat(400, { extractedVersion: 0, origin: 'imported' });
    expect(shouldDropTranscript(imported, '1y', NOW)).toBe(true);
    expect(shouldDropTranscript(imported, 'until-extracted', NOW)).toBe(false);
  });

  it('counts from the day a file brought a chat in when that is later than its last message', () => {
    const broughtIn = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();
    // A chat of 2023 brought in today: kept the year the setting says, from today.
    const old = chat(1000, { extractedVersion: 0, origin: 'imported', importedAt: broughtIn(0) });
    expect(shouldDropTranscript(old, '1y', NOW)).toBe(false);
    expect(shouldDropTranscript(old, '30d', NOW)).toBe(false);
    expect(shouldDropTranscript({ ...old, importedAt: broughtIn(31) }, '30d', NOW)).toBe(true);
    expect(shouldDropTranscript({ ...old, importedAt: broughtIn(366) }, '1y', NOW)).toBe(true);
    // "Until extracted" keeps imported history until it is extracted, however recently it came.
    expect(
      shouldDropTranscript({ ...old, extractedVersion: 2, importedAt: broughtIn(0.1) }, 'until-extracted', NOW),
    ).toBe(true);
    // A chat used after it was brought in ages from its last message.
    const usedSince = chat(10, { extractedVersion: 2, importedAt: broughtIn(400) });
    expect(shouldDropTranscript(usedSince, '1y', NOW)).toBe(false);
    expect(shouldDropTranscript(usedSince, '30d', NOW)).toBe(false);
  });

  it("believes a bring-in date an hour ahead (another device's clock) as now", () => {
    const skewed = chat(1000, {
      extractedVersion: 0,
      origin: 'imported',
      importedAt: new Date(NOW + 3_600_000).toISOString(),
    });
    expect(shouldDropTranscript(skewed, '30d', NOW)).toBe(false);
    expect(shouldDropTranscript(skewed, '30d', NOW + 31 * DAY)).toBe(true);
  });

  it('does not believe a bring-in date further ahead: the chat ages from its last message', () => {
    const ahead = chat(400, { extractedVersion: 0, origin: 'imported', importedAt: '9999-01-01T00:00:00.000Z' });
    expect(shouldDropTranscript(ahead, '1y', NOW)).toBe(true);
    const garbled = chat(400, { extractedVersion: 0, origin: 'imported', importedAt: 'not a date' });
    expect(shouldDropTranscript(garbled, '1y', NOW)).toBe(true);
  });
});
