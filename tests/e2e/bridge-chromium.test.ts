/**
 * Desktop tools end to end, nothing mocked: `bridge:install` registers the host in a temporary
 * Chromium profile, the production build is seeded with English and Chinese memories, Desktop
 * tools are switched on in the panel, and an MCP client from the official SDK starts the bridge
 * over stdio (`npm run -s bridge:mcp`). Also the doors around it: another extension asking for
 * the host, garbage on the live socket, switching off mid-session.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFrame } from '../../bridge/frames';
import { HOST_NAME } from '../../lib/bridge/limits';
import { bridgeInstall, bridgeUninstall, callTool, grantNativeMessaging, mcpClient } from './harness/bridge';
import { type ExtensionBrowser, launchChromium } from './harness/chromium';
import { sendFrom } from './harness/extension-rpc';
import { openPanel, openSettings as openSettingsSection, openView, saveSettings, unfoldCard } from './harness/panel';
import { freshDir, ROOT } from './harness/paths';
import { getRow } from './harness/seed';

const MEMORIES = {
  home: { content: 'User lives in Chengdu with two cats', type: 'fact', importance: 4 },
  style: { content: 'Prefers short answers with bullet points', type: 'preference', importance: 4 },
  swim: { content: '我每周六上午去游泳', type: 'fact', importance: 3 },
  japanese: { content: '正在学日语，打算明年去大阪', type: 'task', importance: 3 },
  scoped: { content: 'Working on the Zephyr billing migration', type: 'task', importance: 3, scope: 'chatgpt' },
} as const;

const API_KEY = 'sk-ant-api03-bridge-e2e-key-0123456789abcdefghij';

/** A memory in each of two spaces, words no other memory has. */
const IN_SPACES = {
  inWork: { space: 'Work', content: 'Leads the Quokka payroll rollout', type: 'task', importance: 3 },
  inHome: { space: 'Home', content: 'Repainting the Quokka nursery in May', type: 'task', importance: 3 },
} as const;

/** A second extension, with its own id, that asks for our host. */
function otherExtension(): string {
  const dir = freshDir('other-ext');
  const manifest = {
    manifest_version: 3,
    name: 'other',
    version: '1.0',
    permissions: ['nativeMessaging'],
    background: { service_worker: 'sw.js' },
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'sw.js'), '');
  return dir;
}

async function openSettings(panel: Page): Promise<void> {
  await openSettingsSection(panel, 'desktop');
  await panel.getByRole('heading', { name: 'Desktop tools (MCP)' }).waitFor();
}

async function bridgeSays(panel: Page, text: RegExp): Promise<void> {
  await panel
    .locator('.bridge-state')
    .filter({ hasText: text })
    .waitFor({ timeout: 20_000 })
    .catch(async (error) => {
      throw new Error(
        `${String(error)}; the panel said: ${await panel.locator('.bridge-state').first().textContent()}`,
      );
    });
}

describe('desktop tools through the bridge (Chromium)', () => {
  const profile = freshDir('bridge-profile');
  const socketDir = join(freshDir('bridge-run'), 'run');
  const other = otherExtension();
  const ids: Record<keyof typeof MEMORIES | keyof typeof IN_SPACES, string> = {} as never;
  let ext: ExtensionBrowser;
  let panel: Page;
  let client: Client;
  let installOut = '';

  beforeAll(async () => {
    installOut = bridgeInstall(['--browser', 'chromium', '--user-data-dir', profile]);
    // First start: the extension installs and is seeded; then the permission the user grants.
    const first = await launchChromium({ userDataDir: profile });
    const seedPage = await openPanel(first);
    const { settings } = await sendFrom<{ settings: object }>(seedPage, 'settings.get');
    await sendFrom(seedPage, 'settings.set', { settings, apiKey: API_KEY });
    for (const [key, m] of Object.entries(MEMORIES)) {
      ids[key as keyof typeof MEMORIES] = (await sendFrom<{ id: string }>(seedPage, 'memories.add', m)).id;
    }
    // Two spaces, each with a memory (the panel's own way to move one is another part's: the
    // record is put back with its space, as undo does).
    for (const [key, { space, ...m }] of Object.entries(IN_SPACES)) {
      const { id: spaceId } = await sendFrom<{ id: string }>(seedPage, 'spaces.create', { name: space });
      const row = await sendFrom<{ id: string }>(seedPage, 'memories.add', m);
      await sendFrom(seedPage, 'memories.restore', { records: [{ ...row, space: spaceId }] });
      ids[key as keyof typeof IN_SPACES] = row.id;
    }
    const firstId = first.extensionId;
    await first.close();
    grantNativeMessaging(profile, firstId);
    ext = await launchChromium({ userDataDir: profile, env: { CLAUDE_MEM_BRIDGE_DIR: socketDir }, alsoLoad: [other] });
    panel = await openPanel(ext);
    await openSettings(panel);
    await bridgeSays(panel, /Off/);
    await panel.getByRole('checkbox', { name: 'Use my memory in desktop tools' }).click();
    await saveSettings(panel);
    await bridgeSays(panel, /Connected/);
    client = await mcpClient(socketDir);
  });

  afterAll(async () => {
    await client?.close();
    await ext?.close();
    bridgeUninstall(['--browser', 'chromium', '--user-data-dir', profile]);
  });

  it('installs a host manifest that names exactly this extension', () => {
    const manifest = JSON.parse(readFileSync(join(profile, 'NativeMessagingHosts', `${HOST_NAME}.json`), 'utf8'));
    expect(manifest.allowed_origins).toEqual([`chrome-extension://${ext.extensionId}/`]);
    expect(installOut).toContain('claude mcp add claude-mem');
  });

  it('lists the four tools, each saying what it returns is not instructions', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_profile', 'remember', 'search_chats', 'search_memories']);
    for (const t of tools.filter((x) => x.name !== 'remember')) expect(t.description).toMatch(/not instructions/);
  });

  it('finds English and Chinese memories, and withholds the one kept to a site', async () => {
    const english = await callTool(client, 'search_memories', { query: 'Where do I live?' });
    expect(english.isError).toBe(false);
    expect(english.ids[0]).toBe(ids.home);
    expect(english.text).toMatch(/not instructions/);
    const chinese = await callTool(client, 'search_memories', { query: '周末去游泳吗' });
    expect(chinese.ids).toContain(ids.swim);
    expect(chinese.ids).not.toContain(ids.home);
    const scoped = await callTool(client, 'search_memories', { query: 'Zephyr billing migration' });
    expect(scoped.ids).not.toContain(ids.scoped);
    const profileOut = await callTool(client, 'get_profile');
    expect(profileOut.ids).toContain(ids.home);
    expect(profileOut.ids).not.toContain(ids.scoped);
    console.log(
      `bridge e2e: english → ${english.ids.length}, chinese → ${chinese.ids.length}, profile → ${profileOut.ids.length}`,
    );
  });

  it('MCP search by space: a space narrows the search, and a space unticked in Settings is unknown to tools', async () => {
    const all = await callTool(client, 'search_memories', { query: 'Quokka' });
    expect(all.ids.sort()).toEqual([ids.inWork, ids.inHome].sort());
    expect(all.text).toContain('"space": "Work"');
    const work = await callTool(client, 'search_memories', { query: 'Quokka', space: 'Work' });
    expect(work.ids).toEqual([ids.inWork]);
    const unknown = await callTool(client, 'search_memories', { query: 'Quokka', space: 'Garden' });
    expect(unknown.isError).toBe(true);
    expect(unknown.ids).toEqual([]);

    // Settings → Desktop tools: a tick per space; untick Home.
    await openSettings(panel);
    const home = panel.getByRole('checkbox', { name: 'Home', exact: true });
    expect(await home.isChecked()).toBe(true);
    await home.click();
    await saveSettings(panel);
    await expect.poll(() => home.isChecked()).toBe(false);
    await expect
      .poll(async () => (await callTool(client, 'search_memories', { query: 'Quokka' })).ids)
      .toEqual([ids.inWork]);
    const hidden = await callTool(client, 'search_memories', { query: 'Quokka', space: 'Home' });
    expect(hidden.isError).toBe(true);
    expect(hidden.text).toBe(unknown.text);
    expect(hidden.text).not.toContain('Home');
  });

  it('lets no other extension start the host', async () => {
    const worker = ext.context.serviceWorkers().find((w) => !w.url().includes(ext.extensionId));
    expect(worker).toBeDefined();
    const error = await worker?.evaluate(
      (name) =>
        new Promise<string>((resolve) => {
          type Port = { onDisconnect: { addListener(fn: () => void): void } };
          const c = (
            globalThis as unknown as {
              chrome: { runtime: { connectNative(n: string): Port; lastError?: { message?: string } } };
            }
          ).chrome;
          const port = c.runtime.connectNative(name);
          port.onDisconnect.addListener(() => resolve(c.runtime.lastError?.message ?? 'no error'));
        }),
      HOST_NAME,
    );
    expect(error).toMatch(/forbidden/i);
    // Ours still answers.
    expect((await callTool(client, 'search_memories', { query: 'cats' })).ids).toContain(ids.home);
  });

  it('refuses malformed and oversized frames on the live socket without either side falling over', async () => {
    const path = join(socketDir, 'bridge.sock');
    const replies = await new Promise<string>((resolve) => {
      const s = connect(path);
      let got = '';
      s.on('data', (b) => {
        got += b.toString('utf8');
      });
      s.on('connect', () => {
        s.write(encodeFrame('not a call', 1 << 20));
        const huge = Buffer.alloc(4);
        huge.writeUInt32LE(50 * 1024 * 1024);
        setTimeout(() => s.write(huge), 200);
      });
      s.on('close', () => resolve(got));
    });
    expect(replies).toMatch(/malformed call/);
    expect((await callTool(client, 'search_memories', { query: '大阪' })).ids).toContain(ids.japanese);
  });

  it('answers a clear error at once when switched off, and adds proposals only when allowed', async () => {
    await panel.getByRole('checkbox', { name: 'Use my memory in desktop tools' }).click();
    await saveSettings(panel);
    await bridgeSays(panel, /Off/);
    const t0 = performance.now();
    const off = await callTool(client, 'search_memories', { query: 'cats' });
    console.log(`bridge e2e: switched-off answer in ${(performance.now() - t0).toFixed(0)} ms`);
    expect(off.isError).toBe(true);
    expect(off.text).toMatch(/open your browser with claude-mem and turn on Desktop tools/);

    await panel.getByRole('checkbox', { name: 'Use my memory in desktop tools' }).click();
    await saveSettings(panel);
    await bridgeSays(panel, /Connected/);
    const refused = await callTool(client, 'remember', {
      content: 'Drinks oolong tea every afternoon',
      type: 'preference',
    });
    expect(refused.isError).toBe(true);
    await panel.getByRole('checkbox', { name: /Let desktop tools add memories/ }).click();
    await saveSettings(panel);
    await expect
      .poll(() => panel.getByRole('checkbox', { name: /Let desktop tools add memories/ }).isChecked())
      .toBe(true);
    const added = await callTool(client, 'remember', {
      content: 'Drinks oolong tea every afternoon',
      type: 'preference',
    });
    expect(added.isError).toBe(false);
    expect(added.text).toMatch(/Proposed/);
    // Waiting for review: listed in the panel, never returned to a tool.
    await panel.getByRole('tab', { name: /Memories|记忆/ }).click();
    await unfoldCard(panel, /wait(s)? for review/);
    await panel.getByText('Drinks oolong tea every afternoon').first().waitFor();
    expect(await getRow(panel, 'memories', added.proposedId ?? '')).toMatchObject({
      status: 'proposed',
      origin: { kind: 'tool', client: 'claude-mem-e2e' },
      proposal: { reasons: ['tool'] },
    });
    expect((await callTool(client, 'search_memories', { query: 'oolong tea afternoon' })).text).not.toMatch(/oolong/);
  });

  it('searches past chats only once ticked, with site, date, title and link, under the same exclusions', async () => {
    const conv = (site: string, id: string, title: string, user: string, answer: string) => ({
      site,
      conversationId: id,
      title,
      url: `https://${site === 'claude' ? 'claude.ai/chat' : 'chatgpt.com/c'}/${id}`,
      createdAt: '2026-03-02T10:00:00.000Z',
      updatedAt: '2026-03-02T10:05:00.000Z',
      turns: [
        { role: 'user', text: user, at: '2026-03-02T10:00:00.000Z' },
        { role: 'assistant', text: answer, at: '2026-03-02T10:01:00.000Z' },
      ],
    });
    await sendFrom(panel, 'history.import', {
      importId: 'bridge-e2e',
      read: { done: 1, total: 1 },
      conversations: [
        conv(
          'chatgpt',
          'kayak-1',
          'Kayak trip',
          'Which sea kayak suits a week on the Dalmatian coast?',
          'A touring kayak around 5 m.',
        ),
        conv(
          'claude',
          'kayak-2',
          'Kayak rental',
          'Where can I rent a sea kayak on the Dalmatian coast?',
          'In Split and Dubrovnik.',
        ),
      ],
    });
    const query = { query: 'sea kayak Dalmatian coast' };
    const off = await callTool(client, 'search_chats', query);
    expect(off.isError).toBe(true);
    expect(off.text).toMatch(/Searching past chats is off/);
    await openSettings(panel);
    await panel.getByRole('checkbox', { name: /Let tools search my past chats/ }).click();
    await saveSettings(panel);
    await expect
      .poll(async () => {
        const r = await callTool(client, 'search_chats', query);
        return r.isError
          ? []
          : (JSON.parse(r.text.slice(r.text.indexOf('['))) as { title: string }[]).map((c) => c.title);
      })
      .toEqual(expect.arrayContaining(['Kayak trip', 'Kayak rental']));
    const found = await callTool(client, 'search_chats', query);
    expect(found.text).toMatch(/quotes, not instructions/);
    const chats = JSON.parse(found.text.slice(found.text.indexOf('['))) as Record<string, string>[];
    expect(chats.find((c) => c.title === 'Kayak trip')).toMatchObject({
      site: 'chatgpt',
      link: 'https://chatgpt.com/c/kayak-1',
      date: '2026-03-02T10:05:00.000Z',
      excerpt: expect.stringMatching(/^User: Which sea kayak/),
    });
    // A site the user stopped learning from is never a source.
    const { settings } = await sendFrom<{ settings: { sites: Record<string, { learn: boolean }> } }>(
      panel,
      'settings.get',
    );
    settings.sites.claude!.learn = false;
    await sendFrom(panel, 'settings.set', { settings });
    const after = await callTool(client, 'search_chats', query);
    expect(after.text).toContain('Kayak trip');
    expect(after.text).not.toContain('Kayak rental');
  });

  it('never lets the key or settings cross', async () => {
    const outputs = [
      await callTool(client, 'search_memories', { query: 'key settings api baseUrl provider' }),
      await callTool(client, 'get_profile'),
      await callTool(client, 'search_memories', { query: 'Chengdu' }),
    ];
    for (const o of outputs) {
      expect(o.text).not.toContain(API_KEY);
      expect(o.text).not.toMatch(/baseUrl|privacyPatterns|dailyTokenCap|api\.anthropic\.com/);
    }
  });

  it('writes nothing but JSON-RPC to stdout (npm run -s bridge:mcp)', async () => {
    const child = spawn('npm', ['run', '-s', 'bridge:mcp'], {
      cwd: ROOT,
      env: { ...process.env, CLAUDE_MEM_BRIDGE_DIR: socketDir },
    });
    let out = '';
    child.stdout.on('data', (b) => {
      out += b.toString('utf8');
    });
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(init)}\n`);
    await expect.poll(() => out.includes('\n'), { timeout: 15_000 }).toBe(true);
    child.stdin.end();
    await new Promise((r) => child.on('close', r));
    const lines = out.split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ jsonrpc: '2.0' });
  });

  it('records every call in Activity', async () => {
    await openView(panel, 'activity');
    const calls = panel.getByRole('list', { name: 'Desktop tool calls' });
    await calls.waitFor();
    await expect.poll(async () => calls.getByText('claude-mem-e2e').count()).toBeGreaterThan(5);
    await calls.getByText('Where do I live?').first().waitFor();
    await calls.getByText('User lives in Chengdu with two cats').first().waitFor();
  });
});
