/**
 * Sync is the panel's alone: a chat page can send no `sync.*` message, whatever its payload,
 * and gets `forbidden` before any handler runs (nothing read, nothing stored).
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { secretsDb } from '../../../lib/db/secrets';
import { maySend, PROTOCOL } from '../../../lib/protocol';
import { contentSender, extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const SYNC_TYPES = Object.keys(PROTOCOL).filter((t) => t.startsWith('sync.'));

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

  it('answer the panel: sync is off until set up', async () => {
    const reply = await route({ type: 'sync.status', payload: {} }, extensionSender);
    expect(reply).toMatchObject({ ok: true, data: { enabled: false, waiting: 0, quarantined: 0 } });
  });
});
