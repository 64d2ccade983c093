/** bridge:install's locations and manifests, per platform, without touching this machine. */
import { describe, expect, it } from 'vitest';
import { extensionIdFromKey, hostManifest } from '../../../bridge/install/manifest';
import { installOptions } from '../../../bridge/install/options';
import { configSnippets } from '../../../bridge/install/snippets';
import { BROWSERS, manifestTargets } from '../../../bridge/install/targets';
import { EXTENSION_PUBLIC_KEY, GECKO_ID } from '../../../lib/bridge/extension-identity';
import { HOST_NAME } from '../../../lib/bridge/limits';

const base = { hostName: HOST_NAME, browsers: BROWSERS };

describe('host manifest locations', () => {
  it('uses the per-user folders on Linux', () => {
    const files = manifestTargets({ ...base, platform: 'linux', home: '/home/ann' }).map((t) => t.file);
    expect(files).toEqual([
      '/home/ann/.config/google-chrome/NativeMessagingHosts/dev.claude_mem.bridge.json',
      '/home/ann/.config/chromium/NativeMessagingHosts/dev.claude_mem.bridge.json',
      '/home/ann/.config/microsoft-edge/NativeMessagingHosts/dev.claude_mem.bridge.json',
      '/home/ann/.config/BraveSoftware/Brave-Browser/NativeMessagingHosts/dev.claude_mem.bridge.json',
      '/home/ann/.mozilla/native-messaging-hosts/dev.claude_mem.bridge.json',
    ]);
  });

  it('uses Application Support on macOS', () => {
    const files = manifestTargets({ ...base, platform: 'darwin', home: '/Users/ann' }).map((t) => t.file);
    expect(files[0]).toBe(
      '/Users/ann/Library/Application Support/Google/Chrome/NativeMessagingHosts/dev.claude_mem.bridge.json',
    );
    expect(files[4]).toBe(
      '/Users/ann/Library/Application Support/Mozilla/NativeMessagingHosts/dev.claude_mem.bridge.json',
    );
  });

  it('puts a Chromium-family host in a --user-data-dir profile root, Firefox stays per user', () => {
    const t = manifestTargets({
      ...base,
      platform: 'linux',
      home: '/home/ann',
      userDataDir: '/tmp/p',
      browsers: ['chromium', 'firefox'],
    });
    expect(t.map((x) => x.file)).toEqual([
      '/tmp/p/NativeMessagingHosts/dev.claude_mem.bridge.json',
      '/home/ann/.mozilla/native-messaging-hosts/dev.claude_mem.bridge.json',
    ]);
  });

  it('names the HKCU registry key of each browser on Windows', () => {
    const t = manifestTargets({ ...base, platform: 'win32', home: 'C:\\Users\\ann', windowsDir: 'C:\\x' });
    expect(t.map((x) => x.registryKey)).toEqual([
      'HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts\\dev.claude_mem.bridge',
      'HKCU\\Software\\Chromium\\NativeMessagingHosts\\dev.claude_mem.bridge',
      'HKCU\\Software\\Microsoft\\Edge\\NativeMessagingHosts\\dev.claude_mem.bridge',
      'HKCU\\Software\\BraveSoftware\\Brave-Browser\\NativeMessagingHosts\\dev.claude_mem.bridge',
      'HKCU\\Software\\Mozilla\\NativeMessagingHosts\\dev.claude_mem.bridge',
    ]);
  });
});

describe('host manifests', () => {
  it('derives the id Chromium gives the keyed build (checked against Chromium in the e2e)', () => {
    expect(extensionIdFromKey(EXTENSION_PUBLIC_KEY)).toBe('pcjheofnhhaemkidjlpgkhigkgompkjg');
  });

  it('names exactly one extension: by origin for Chromium browsers, by gecko id for Firefox', () => {
    const common = { hostName: HOST_NAME, path: '/opt/host', chromeIds: ['abc'], geckoIds: [GECKO_ID] };
    expect(hostManifest({ ...common, browser: 'brave' })).toEqual({
      name: HOST_NAME,
      description: expect.any(String),
      path: '/opt/host',
      type: 'stdio',
      allowed_origins: ['chrome-extension://abc/'],
    });
    expect(hostManifest({ ...common, browser: 'firefox' })).toMatchObject({ allowed_extensions: [GECKO_ID] });
    expect(hostManifest({ ...common, browser: 'firefox' })).not.toHaveProperty('allowed_origins');
  });

  it("prints the three tools' config, all running npm run -s bridge:mcp in the checkout", () => {
    const text = configSnippets('/src/claude mem');
    expect(text).toContain('claude mcp add claude-mem -- npm run -s --prefix "/src/claude mem" bridge:mcp');
    expect(text.match(/"mcpServers"/g)).toHaveLength(2);
  });
});

describe('install options for a store build', () => {
  it('defaults to the unpacked build: the id its public key gives and the project gecko id', () => {
    expect(installOptions([])).toEqual({
      command: 'install',
      browsers: [...BROWSERS],
      chromeIds: [extensionIdFromKey(EXTENSION_PUBLIC_KEY)],
      geckoIds: [GECKO_ID],
    });
  });

  it('names the store ids instead when given, each checked, and only those connect', () => {
    const store = 'a'.repeat(32);
    const opts = installOptions([
      '--chrome-id',
      store,
      '--chrome-id',
      'bcdefghijklmnopabcdefghijklmnopa',
      '--gecko-id',
      '{0b6a4bd2-3c0e-4a5e-9d4e-1f2a3b4c5d6e}',
      '--browser',
      'chrome,firefox',
    ]);
    expect(opts.chromeIds).toEqual([store, 'bcdefghijklmnopabcdefghijklmnopa']);
    expect(opts.browsers).toEqual(['chrome', 'firefox']);
    const common = { hostName: HOST_NAME, path: '/opt/host', chromeIds: opts.chromeIds, geckoIds: opts.geckoIds };
    expect(hostManifest({ ...common, browser: 'chrome' })).toMatchObject({
      allowed_origins: [`chrome-extension://${store}/`, 'chrome-extension://bcdefghijklmnopabcdefghijklmnopa/'],
    });
    expect(hostManifest({ ...common, browser: 'firefox' })).toMatchObject({
      allowed_extensions: ['{0b6a4bd2-3c0e-4a5e-9d4e-1f2a3b4c5d6e}'],
    });
  });

  it('refuses an id a browser would never give, so no manifest names a pattern or another origin', () => {
    for (const bad of ['abc', 'A'.repeat(32), 'q'.repeat(32), '*', `${'a'.repeat(32)}/`, 'https://evil.example']) {
      expect(() => installOptions(['--chrome-id', bad])).toThrow(/chrome-id/);
    }
    for (const bad of ['', '*', 'no-at-sign', 'a@b@c', '{not-a-uuid}', 'x@evil.example/']) {
      expect(() => installOptions(['--gecko-id', bad])).toThrow(/gecko-id/);
    }
  });
});
