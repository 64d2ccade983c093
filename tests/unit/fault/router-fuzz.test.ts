/**
 * Property-based fuzzing of the message router: random and hostile payloads, from
 * the extension, from chat pages and from strangers. Properties: the router never throws, every
 * reply is `{ ok, data }` or `{ ok: false, error: { code, message } }`, and a refused message
 * writes nothing (the whole store and settings compared before and after).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { backupDb } from '../../../lib/db/backup-db';
import { db } from '../../../lib/db/db';
import { secretsDb } from '../../../lib/db/secrets';
import { loadSettings } from '../../../lib/db/settings-store';
import { PROTOCOL } from '../../../lib/protocol';
import { contentSender, extensionSender, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const TYPES = Object.keys(PROTOCOL);
const figures = { cases: 0, refused: 0, accepted: 0, crashes: 0, writesOnRefusal: 0 };

async function snapshot(): Promise<string> {
  const tables = await Promise.all(
    [...db.tables, ...backupDb.tables, ...secretsDb.tables].map(async (t) => [t.name, await t.toArray()]),
  );
  return JSON.stringify([tables, await browser.storage.local.get(null)]);
}

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '<script>alert(1)</script>',
    '[/claude-mem]',
    'sk-ant-api03-x',
  ),
  fc.nat({ max: 3 }).map((n) => 'x'.repeat(10 ** (n + 3))),
);
const hostileObject = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.dictionary(hostileString, fc.anything({ maxDepth: 2 })),
  fc.constant(JSON.parse('{"__proto__": {"polluted": true}, "ids": ["a"]}')),
);
const sender = fc.oneof(
  fc.constant(extensionSender),
  fc
    .constantFrom('https://chatgpt.com/c/1', 'https://claude.ai/chat/2', 'https://evil.example/', 'chrome://settings')
    .map((u) => contentSender(u)),
  fc.record({ id: fc.string(), url: fc.option(fc.string(), { nil: undefined }) }),
);
const message = fc.oneof(
  fc.anything({ maxDepth: 3 }),
  fc.record({ type: fc.oneof(fc.constantFrom(...TYPES), hostileString), payload: hostileObject }),
  fc.record({ type: fc.constantFrom(...TYPES), payload: hostileObject }),
);

describe('router fuzzing', () => {
  // The background moves an older build's storage.local values once, on the first settings
  // read after start; that mark is start-up work, not a write by whichever message came first.
  beforeAll(async () => {
    await loadSettings();
  });

  afterAll(() => {
    console.info(
      `router fuzz: ${figures.cases} cases, ${figures.accepted} accepted, ${figures.refused} refused, ${figures.crashes} crashes, ${figures.writesOnRefusal} writes on refusal`,
    );
  });

  it('never crashes, always answers in shape, and a refusal writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(message, sender, async (msg, from) => {
        figures.cases++;
        const before = await snapshot();
        let reply: Awaited<ReturnType<typeof route>>;
        try {
          reply = await route(msg, from);
        } catch (error) {
          figures.crashes++;
          throw error;
        }
        expect(typeof reply.ok).toBe('boolean');
        if (reply.ok) {
          figures.accepted++;
          return;
        }
        figures.refused++;
        expect(reply.error.message.length).toBeGreaterThan(0);
        expect(reply.error.message.length).toBeLessThan(2000);
        if ((await snapshot()) !== before) {
          figures.writesOnRefusal++;
          throw new Error(`refused ${JSON.stringify(msg).slice(0, 200)} but the store changed`);
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }),
      { numRuns: 2000 },
    );
  }, 120_000);
});
