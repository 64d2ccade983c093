/**
 * `remember` learns nothing a tool may not see. Its near-duplicate check compares only with
 * what a desktop tool can read (active memories in the scopes it is allowed, and what tools
 * themselves proposed); text that matches a memory kept to one site, or a proposal made from a
 * chat, is answered exactly as new text is: a proposal waiting for review.
 */
import { describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter, NATIVE_SENDER } from '../../../entrypoints/background/router';
import { db } from '../../../lib/db/db';
import { putMemories } from '../../../lib/db/memories';
import { dropIndex } from '../../../lib/db/memory-index-source';
import { loadSettings, saveSettings } from '../../../lib/db/settings-store';
import { contentSender, extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);
const remember = (content: string) =>
  route({ type: 'tool.remember', payload: { client: 'Cursor', content, type: 'fact' } }, NATIVE_SENDER);
const setTools = (allowSiteScoped: boolean) =>
  route({ type: 'desktopTools.set', payload: { enabled: true, allowAdd: true, allowSiteScoped } }, extensionSender);

/** The reply with its fresh id blanked: what a tool could compare between two answers. */
function shape(reply: Awaited<ReturnType<typeof remember>>) {
  return JSON.parse(JSON.stringify(reply).replace(/"id":"[^"]+"/g, '"id":"?"'));
}

async function seed() {
  const site = memory({ content: 'Works at Zephyr Billing on the payments team', scope: 'chatgpt' });
  const proposed = memory(
    { content: 'Salary is negotiated every March with the employer' },
    { status: 'proposed', origin: { kind: 'opened' }, proposal: { reasons: ['not-sent-here'] } },
  );
  const visible = memory({ content: 'Lives in Chengdu with two cats' });
  await putMemories([site, proposed, visible]);
  dropIndex();
  return { site, proposed, visible };
}

describe('remember and hidden memories', () => {
  it('answers text matching a site-kept or chat-proposed memory exactly as new text', async () => {
    const hidden = await seed();
    await setTools(false);
    const fresh = await remember('Plays the cello on Sundays');
    expect(fresh).toMatchObject({ ok: true, data: { proposed: { status: 'proposed' } } });
    for (const m of [hidden.site, hidden.proposed]) {
      const reply = await remember(m.content);
      expect(shape(reply)).toEqual(shape(fresh));
      expect(JSON.stringify(reply)).not.toContain(m.id);
    }
    // Each is a proposal of its own, for the user to accept or reject beside the one it repeats.
    expect(await db.memories.where('status').equals('proposed').count()).toBe(4);
  });

  it('still says so when the tool could read the memory itself', async () => {
    const { site, visible } = await seed();
    await setTools(false);
    expect(await remember(visible.content)).toMatchObject({ ok: true, data: { proposed: null } });
    await setTools(true);
    expect(await remember(site.content)).toMatchObject({ ok: true, data: { proposed: null } });
  });

  it('answers a repeat of a tool’s own proposal with that proposal, adding no second row', async () => {
    await setTools(false);
    const first = await remember('Keeps a bonsai on the balcony');
    const again = await remember('Keeps a bonsai on the balcony!');
    expect(again).toEqual(first);
    expect(await db.memories.count()).toBe(1);
  });

  it('is refused to a chat page whatever it asks', async () => {
    await seed();
    await setTools(false);
    const reply = await route(
      { type: 'tool.remember', payload: { client: 'x', content: 'Works at Zephyr Billing', type: 'fact' } },
      contentSender('https://chatgpt.com/c/1'),
    );
    expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});

describe('remember and the privacy filter', () => {
  it('says the filter left the text out, never which of the user’s own patterns matched', async () => {
    await saveSettings({
      ...(await loadSettings()),
      privacyPatterns: [{ label: 'Zephyr acquisition', pattern: 'Zephyr [A-Z]+' }],
    });
    await setTools(false);
    const reply = await remember('Leads the Zephyr ORCA deal');
    expect(reply).toMatchObject({ ok: true, data: { proposed: null } });
    expect(JSON.stringify(reply)).not.toContain('Zephyr acquisition');
    // The panel's Activity still says which pattern it was.
    expect((await db.toolCalls.toArray()).at(-1)?.refused).toContain('Zephyr acquisition');
  });
});
