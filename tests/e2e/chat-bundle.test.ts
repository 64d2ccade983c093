/**
 * The content script runs on every chat page, so it bundles only the messages a chat page may
 * send. Field names that only side-panel replies carry must not appear in chat.js; the same
 * names in the rest of the build (background, side panel, shared chunks) show that the probe
 * words are real output text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROME_EXT, FIREFOX_EXT } from './harness/paths';

/**
 * One field from each panel-only reply (usage, import report, store health, "this was wrong",
 * backups), and a string of the side panel's dictionary: the page's controls carry their own
 * few strings (lib/content/strings.ts), never the panel's whole dictionary.
 */
const PANEL_ONLY = ['dailyTokenCap', 'settingsApplied', 'quarantined', 'memoryBefore', 'checksum', 'Panel language'];

describe('chat.js carries no side-panel schema', () => {
  it.each([
    ['chrome', CHROME_EXT],
    ['firefox', FIREFOX_EXT],
  ])('%s build', (_browser, dir) => {
    const chat = readFileSync(join(dir, 'content-scripts/chat.js'), 'utf8');
    const rest = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.js') && !f.startsWith('content-scripts'))
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    for (const word of PANEL_ONLY) {
      expect(rest, word).toContain(word);
      expect(chat, word).not.toContain(word);
    }
  });
});
