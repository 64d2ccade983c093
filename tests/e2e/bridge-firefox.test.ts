/**
 * Desktop tools in Firefox ESR: `bridge:install --browser firefox` writes the host manifest
 * where Firefox reads it (~/.mozilla/native-messaging-hosts, under a temporary HOME), naming
 * the add-on's gecko id; the panel's switch connects, and an MCP client from the official SDK
 * finds an English and a Chinese memory through the bridge. Firefox's optional-permission
 * prompt is turned off by its own pref (extensions.webextOptionalPermissionPrompts), the
 * headless stand-in for the user's "Allow".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GECKO_ID } from '../../lib/bridge/extension-identity';
import { HOST_NAME } from '../../lib/bridge/limits';
import { bridgeInstall, bridgeUninstall, callTool, mcpClient } from './harness/bridge';
import { type FirefoxExtension, launchFirefox, poll } from './harness/firefox';
import { freshDir } from './harness/paths';

type Reply = { ok: boolean; data?: { id?: string; state?: string }; error?: { message: string } };

function send(page: Page, type: string, payload: unknown = {}): Promise<Reply> {
  return page.evaluate(
    (t, p) =>
      (
        globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<Reply> } } }
      ).browser.runtime.sendMessage({ type: t, payload: p }),
    type,
    payload,
  );
}

describe('desktop tools through the bridge (Firefox)', () => {
  const home = freshDir('bridge-ff-home');
  const socketDir = join(freshDir('bridge-ff-run'), 'run');
  let ff: FirefoxExtension;
  let page: Page;
  let client: Client;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    bridgeInstall(['--browser', 'firefox'], { HOME: home });
    ff = await launchFirefox({
      env: { HOME: home, CLAUDE_MEM_BRIDGE_DIR: socketDir },
      prefs: { 'extensions.webextOptionalPermissionPrompts': false },
    });
    page = await ff.openExtensionPage('sidepanel.html');
    for (const [key, content] of [
      ['home', 'User lives in Chengdu with two cats'],
      ['swim', '我每周六上午去游泳'],
    ] as const) {
      ids[key] = (await send(page, 'memories.add', { content, type: 'fact' })).data?.id ?? '';
    }
  });

  afterAll(async () => {
    await client?.close();
    await ff?.close();
    bridgeUninstall(['--browser', 'firefox'], { HOME: home });
  });

  it('writes the host manifest where Firefox reads it, naming the gecko id', () => {
    const file = join(home, '.mozilla', 'native-messaging-hosts', `${HOST_NAME}.json`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ name: HOST_NAME, allowed_extensions: [GECKO_ID] });
  });

  it('connects from the panel switch and finds English and Chinese memories', async () => {
    await page.locator('::-p-text(Settings)').click();
    await page.locator('.settings-nav [data-section="desktop"]').click();
    await page.locator('::-p-text(Use my memory in desktop tools)').click();
    await page.locator('::-p-text(Save settings)').click();
    await poll(
      () => send(page, 'desktopTools.status'),
      (r) => r.data?.state === 'connected',
      20_000,
    );
    client = await mcpClient(socketDir, 'claude-mem-e2e-firefox');
    expect((await callTool(client, 'search_memories', { query: 'Where do I live?' })).ids[0]).toBe(ids.home);
    expect((await callTool(client, 'search_memories', { query: '周末去游泳吗' })).ids).toContain(ids.swim);
  });
});
