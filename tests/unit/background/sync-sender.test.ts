/**
 * Sync is the panel's alone: a chat page can send no `sync.*` message, whatever its payload,
 * and gets `forbidden` before any handler runs (nothing read, nothing stored).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter, type Handlers, NATIVE_SENDER, type SenderInfo } from '../../../entrypoints/background/router';
import { secretsDb } from '../../../lib/db/secrets';
import { maySend, PROTOCOL } from '../../../lib/protocol';
import { SITE_IDS, SITE_MATCHES } from '../../../lib/sites/ids';
import { contentSender, extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const SYNC_TYPES = Object.keys(PROTOCOL).filter((t) => t.startsWith('sync.'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sync messages', () => {
  it('exist, and only an extension page may send them', () => {
    expect(SYNC_TYPES.sort()).toEqual([
      'sync.disable',
      'sync.enable',
      'sync.now',
      'sync.removeRemote',
      'sync.setTravel',
      'sync.status',
    ]);
    for (const type of SYNC_TYPES) {
      expect(maySend('content', type as keyof typeof PROTOCOL), type).toBe(false);
      expect(maySend('native', type as keyof typeof PROTOCOL), type).toBe(false);
      expect(maySend('extension', type as keyof typeof PROTOCOL), type).toBe(true);
    }
  });

  it('are refused from a chat page, and change nothing', async () => {
    const payloads: Record<string, unknown> = {
      'sync.enable': {
        address: 'https://evil.example/claude-mem',
        passphrase: 'attacker passphrase',
        deviceName: 'page',
      },
      'sync.removeRemote': { database: 'claude-mem' },
      'sync.setTravel': { siteModes: false, budgets: false, privacy: false, review: false },
    };
    for (const type of SYNC_TYPES) {
      const reply = await route({ type, payload: payloads[type] ?? {} }, contentSender('https://chatgpt.com/c/1'));
      expect(reply, type).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
    expect(await secretsDb.trusted.where('name').startsWith('sync.').count()).toBe(0);
  });

  it('are refused from every chat site, its frames and any other sender, with payloads the panel could send', async () => {
    // Payloads that parse: a refusal must come from the sender, not from a bad request.
    const valid: Record<string, unknown> = {
      'sync.enable': { address: 'https://evil.example/claude-mem', passphrase: 'attacker passphrase', deviceName: 'p' },
      'sync.removeRemote': { database: 'claude-mem' },
      'sync.setTravel': { siteModes: false, budgets: false, privacy: false, review: false },
    };
    const ran: string[] = [];
    const spied = { ...handlers } as Record<string, unknown>;
    for (const type of SYNC_TYPES)
      spied[type] = async () => {
        ran.push(type);
        throw new Error('a sync handler ran');
      };
    const guarded = createRouter(spied as Handlers, routerOptions);
    const fetched = vi.spyOn(globalThis, 'fetch');
    const pages = SITE_IDS.map((id) =>
      (SITE_MATCHES[id][0] as string).replace('*://', 'https://').replace(/\*$/, 'c/1'),
    );
    const senders: (SenderInfo | typeof NATIVE_SENDER)[] = [
      ...pages.map((url) => contentSender(url)),
      // A frame inside a chat tab (an ad, an embedded page) reports its own address.
      { id: 'test-extension', url: 'https://ads.example/frame', tab: { id: 7, url: pages[0] } },
      { id: 'test-extension', url: 'about:blank', tab: { id: 7, url: pages[0] } },
      // Another extension, and a page that claims the panel's address without being this extension.
      { id: 'other-extension', url: 'chrome-extension://other-extension/sidepanel.html' },
      { id: 'other-extension', url: 'chrome-extension://test-extension/sidepanel.html' },
      { id: 'test-extension', url: 'https://chatgpt.com/chrome-extension://test-extension/', tab: { id: 7 } },
      NATIVE_SENDER,
    ];
    for (const type of SYNC_TYPES) {
      expect(PROTOCOL[type as keyof typeof PROTOCOL].req.safeParse(valid[type] ?? {}).success, type).toBe(true);
      for (const sender of senders) {
        const reply = await guarded({ type, payload: valid[type] ?? {} }, sender);
        expect(reply, `${type} from ${typeof sender === 'symbol' ? 'native' : sender.url}`).toMatchObject({
          ok: false,
          error: { code: 'forbidden' },
        });
      }
    }
    expect(ran).toEqual([]);
    expect(fetched).not.toHaveBeenCalled();
    // The same router answers the panel: the handlers were reachable, only not from there.
    await guarded({ type: 'sync.status', payload: {} }, extensionSender);
    expect(ran).toEqual(['sync.status']);
  });

  it('answer the panel: sync is off until set up', async () => {
    const reply = await route({ type: 'sync.status', payload: {} }, extensionSender);
    expect(reply).toMatchObject({ ok: true, data: { enabled: false, waiting: 0, quarantined: 0 } });
  });
});
