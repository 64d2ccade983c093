/**
 * A chat's space against replays and older copies, through the real store functions that move
 * a chat (the user's choice, a project mapping) and real sync rounds between two devices: a
 * space change is newer than every copy before it, so neither the server replaying the chat's
 * old documents nor another device's older copy moves it back, and a device that changed the
 * chat's turns meanwhile keeps them without undoing the move.
 */
import { describe, expect, it } from 'vitest';
import { mapProject, setChatSpace } from '../../../lib/db/chat-spaces';
import { db } from '../../../lib/db/db';
import { productChatOps } from '../../../lib/db/sync-chat-ops';
import { spaceRecord } from '../../../lib/memory/spaces';
import { chat } from './chat-fixture';
import { Device, twoDevices } from './devices';
import { replay, snapshot } from './server-replay';

const T0 = '2026-11-01T10:00:00.000Z';
const PROJECT = 'chatgpt:g-p-6aaea9da2bc881918d6f9eb5177cf904';

async function devices() {
  const { a: other, remote } = await twoDevices();
  const a = new Device('a-product', other.keys, remote, db, productChatOps);
  const b = new Device('b', other.keys, remote);
  for (const d of [a, b]) d.travel = { ...d.travel, chats: true };
  const spaces = [spaceRecord({ id: 'sp-work', name: 'Work' }, T0), spaceRecord({ id: 'sp-home', name: 'Home' }, T0)];
  await db.spaces.bulkPut(spaces);
  return { a, b, remote };
}

async function spaceOn(d: Device, id: string) {
  return (await d.db.chats.get(id))?.space;
}

describe("a chat's space against replays", () => {
  it("the server replaying the chat's old documents does not move it back into the space the user left", async () => {
    const { a, b, remote } = await devices();
    const x = chat('chatgpt:moved-1', 'quarterly numbers', { space: 'sp-work', spaceBy: 'choice' });
    await db.chats.put(x);
    await a.round();
    await b.round();
    expect(await spaceOn(b, x.id)).toBe('sp-work');
    const old = (await snapshot(remote)).filter((d) => !d._id.startsWith('_'));

    await setChatSpace(x.id, { space: 'sp-home', by: 'choice' }, null);
    await a.round();
    await b.round();
    expect(await spaceOn(b, x.id)).toBe('sp-home');

    await replay(remote, old);
    for (let i = 0; i < 2; i++) {
      await a.round();
      await b.round();
    }
    expect(await spaceOn(a, x.id)).toBe('sp-home');
    expect(await spaceOn(b, x.id)).toBe('sp-home');
  });

  it('a mapping move is newer too, and a device that captured more turns meanwhile keeps the move', async () => {
    const { a, b } = await devices();
    const x = chat('chatgpt:mapped-1', 'family trip', { project: PROJECT, space: 'sp-work', spaceBy: 'project' });
    await db.spaces.update('sp-work', { projects: [PROJECT] });
    await db.chats.put(x);
    await a.round();
    await b.round();
    // On a: the user maps the project to Home. On b, meanwhile: more turns, an hour later.
    await mapProject(PROJECT, 'sp-home');
    expect(await spaceOn(a, x.id)).toBe('sp-home');
    const later = '2026-11-01T11:00:00.000Z';
    await b.db.chats.put({
      ...x,
      turns: [...x.turns, { role: 'user', text: 'and the ferry times', at: later }],
      version: 2,
      extractedVersion: 2,
      updatedAt: later,
      lastActivityAt: later,
    });
    await b.round();
    for (let i = 0; i < 2; i++) {
      await a.round();
      await b.round();
    }
    for (const d of [a, b]) {
      const here = await d.db.chats.get(x.id);
      expect([here?.space, here?.turns.length], d.name).toEqual(['sp-home', 3]);
    }
  });
});
