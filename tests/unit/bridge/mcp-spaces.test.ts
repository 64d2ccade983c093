/**
 * Desktop tools by space, through the official MCP SDK client: the client speaks to the bridge's
 * own MCP server (bridge/mcp.ts) in memory, which calls the real host over its Unix socket; the
 * host's browser side is the background's real router on the native messaging frames, with the
 * store in fake IndexedDB. What is checked: `space` narrows search and profile; which spaces tools
 * may read follows the ticks (unticked: readable unless isolated; archived never); an unknown or
 * unreadable name is one error that lists nothing; `remember` files into a readable space only;
 * no answer reveals a space the tools may not read.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeFrame, FrameDecoder } from '../../../bridge/frames';
import { startHost } from '../../../bridge/host';
import { HostClient } from '../../../bridge/host-client';
import { createMcpServer } from '../../../bridge/mcp';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter, NATIVE_SENDER } from '../../../entrypoints/background/router';
import { MAX_FRAME_BYTES } from '../../../lib/bridge/limits';
import { UNKNOWN_SPACE } from '../../../lib/bridge/spaces';
import { db } from '../../../lib/db/db';
import { putMemories } from '../../../lib/db/memories';
import { dropIndex } from '../../../lib/db/memory-index-source';
import { createSpace, updateSpace } from '../../../lib/db/spaces';
import type { Space } from '../../../lib/memory/spaces';
import { extensionSender, memory, routerOptions } from '../helpers';

const route = createRouter(handlers, routerOptions);

interface Rig {
  client: Client;
  close(): Promise<void>;
}

/** The bridge from the SDK client to the router: MCP server, socket, host, native frames. */
async function rig(): Promise<Rig> {
  const dir = join(mkdtempSync(join(tmpdir(), 'claude-mem-mcp-')), 'run');
  const path = join(dir, 'bridge.sock');
  const browserIn = new PassThrough();
  const browserOut = new PassThrough();
  const decoder = new FrameDecoder(MAX_FRAME_BYTES);
  // The browser's side of the pipe, as bridge-port.ts does it: each call through the router.
  browserOut.on('data', (chunk: Buffer) => {
    for (const f of decoder.push(chunk)) {
      if (!f.ok) continue;
      const call = f.value as { kind: string; id: number; client: string; tool: string; args: object };
      if (call.kind !== 'call') continue;
      void route({ type: `tool.${call.tool}`, payload: { ...call.args, client: call.client } }, NATIVE_SENDER).then(
        (reply) => {
          const out = reply.ok ? reply : { ok: false, error: reply.error };
          browserIn.write(encodeFrame({ kind: 'reply', id: call.id, reply: out }, MAX_FRAME_BYTES));
        },
      );
    }
  });
  const host = await startHost({ input: browserIn, output: browserOut, socketPath: path, dir, log: () => {} });
  const hostClient = new HostClient(path, dir);
  const server = createMcpServer(hostClient);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'spaces-test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      hostClient.close();
      await host.close();
    },
  };
}

interface Out {
  isError: boolean;
  text: string;
  memories: { id: string; content: string; space?: string }[];
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Out> {
  const r = (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    content: { text: string }[];
    structuredContent?: { memories?: Out['memories'] };
  };
  return {
    isError: r.isError === true,
    text: r.content.map((c) => c.text).join('\n'),
    memories: r.structuredContent?.memories ?? [],
  };
}

const setTools = (t: { allowAdd?: boolean; spaces?: Record<string, boolean> }) =>
  route(
    {
      type: 'desktopTools.set',
      payload: { enabled: true, allowAdd: false, allowSiteScoped: false, spaces: {}, searchChats: false, ...t },
    },
    extensionSender,
  );

let r: Rig;
let work: Space;
let home: Space;
let client: Space;
let old: Space;
const text = {
  everywhere: 'User lives in Chengdu with two cats',
  work: 'User leads the Zephyr billing migration at Acme',
  home: 'User plans the Chengdu flat renovation with the cats in mind',
  client: 'User reviews the Northwind contract for the Chengdu office',
  old: 'User taught the Chengdu evening course',
};

beforeEach(async () => {
  work = await createSpace({ name: 'Work', description: 'my job' });
  home = await createSpace({ name: 'Home', description: '' });
  client = await createSpace({ name: 'Client A', description: 'NDA', isolated: true });
  old = await createSpace({ name: 'Course', description: '' });
  await updateSpace(old.id, { archived: true });
  await putMemories([
    memory({ content: text.everywhere }),
    memory({ content: text.work }, { space: work.id }),
    memory({ content: text.home }, { space: home.id }),
    memory({ content: text.client }, { space: client.id }),
    memory({ content: text.old }, { space: old.id }),
  ]);
  dropIndex();
  r = await rig();
});
afterEach(async () => {
  await r.close();
});

const contents = (o: Out) => o.memories.map((m) => m.content).sort();

describe('desktop tools by space (MCP SDK client)', () => {
  it('the tools take an optional space', async () => {
    const { tools } = await r.client.listTools();
    for (const name of ['search_memories', 'get_profile', 'remember']) {
      const schema = tools.find((t) => t.name === name)?.inputSchema as { properties: Record<string, unknown> };
      expect(Object.keys(schema.properties)).toContain('space');
    }
  });

  it('without a space: Everywhere and every readable space; isolated and archived ones only as allowed', async () => {
    await setTools({});
    const all = await call(r.client, 'search_memories', { query: 'Chengdu cats Zephyr Acme Northwind course' });
    expect(contents(all)).toEqual([text.everywhere, text.home, text.work].sort());
    // Each memory names its space; Everywhere's names none.
    expect(all.memories.find((m) => m.content === text.work)?.space).toBe('Work');
    expect(all.memories.find((m) => m.content === text.everywhere)?.space).toBeUndefined();
    // Ticking the isolated space lets tools read it; ticking an archived one does not.
    await setTools({ spaces: { [client.id]: true, [old.id]: true } });
    const ticked = await call(r.client, 'search_memories', { query: 'Chengdu cats Zephyr Acme Northwind course' });
    expect(contents(ticked)).toEqual([text.everywhere, text.home, text.work, text.client].sort());
    // Unticking a space keeps it from tools.
    await setTools({ spaces: { [home.id]: false } });
    const unticked = await call(r.client, 'search_memories', { query: 'Chengdu flat renovation cats' });
    expect(contents(unticked)).not.toContain(text.home);
  });

  it('search and profile by space: that space and Everywhere, never another space', async () => {
    await setTools({});
    const inWork = await call(r.client, 'search_memories', { query: 'Chengdu cats Zephyr Acme', space: 'work' });
    expect(contents(inWork)).toEqual([text.everywhere, text.work].sort());
    const profile = await call(r.client, 'get_profile', { space: 'Home' });
    expect(profile.isError).toBe(false);
    expect(contents(profile)).not.toContain(text.work);
    // An isolated space, once ticked, gives only its own.
    await setTools({ spaces: { [client.id]: true } });
    const inClient = await call(r.client, 'search_memories', { query: 'Chengdu Northwind cats', space: 'Client A' });
    expect(contents(inClient)).toEqual([text.client]);
  });

  it('an unknown name and a space kept from tools get the same error, which lists nothing', async () => {
    await setTools({ spaces: { [home.id]: false } });
    const answers = [
      await call(r.client, 'search_memories', { query: 'Chengdu', space: 'Nope' }),
      await call(r.client, 'search_memories', { query: 'Chengdu', space: 'Home' }),
      await call(r.client, 'search_memories', { query: 'Chengdu', space: 'Client A' }),
      await call(r.client, 'get_profile', { space: 'Course' }),
    ];
    for (const a of answers) {
      expect(a.isError).toBe(true);
      expect(a.text).toBe(UNKNOWN_SPACE);
      expect(a.memories).toEqual([]);
      for (const name of ['Home', 'Client A', 'Course', 'Work']) expect(a.text).not.toContain(name);
    }
    // Every refusal is in Activity, with the tool and why; none keeps the words the tool wrote.
    const refused = (await db.toolCalls.toArray()).filter((c) => c.refused === UNKNOWN_SPACE);
    expect(refused.map((c) => [c.tool, c.query, c.space]).sort()).toEqual([
      ['get_profile', '', undefined],
      ['search_memories', '', undefined],
      ['search_memories', '', undefined],
      ['search_memories', '', undefined],
    ]);
  });

  it('no answer names a space the tools may not read', async () => {
    await setTools({ spaces: { [home.id]: false } });
    const outs = [
      await call(r.client, 'search_memories', { query: 'Chengdu flat renovation cats Northwind course' }),
      await call(r.client, 'get_profile'),
    ];
    for (const o of outs) {
      expect(o.text).not.toMatch(/Home|Client A|Course|renovation|Northwind|evening course/);
    }
  });

  it('remember files into a readable space, or Everywhere; never into one kept from tools', async () => {
    await setTools({ allowAdd: true, spaces: { [home.id]: false } });
    const inWork = await call(r.client, 'remember', {
      content: 'Prefers stand-ups at 10',
      type: 'preference',
      space: 'Work',
    });
    expect(inWork.isError).toBe(false);
    const general = await call(r.client, 'remember', { content: 'Drinks oolong tea', type: 'preference' });
    expect(general.isError).toBe(false);
    const hidden = await call(r.client, 'remember', {
      content: 'Waters the plants on Sunday',
      type: 'fact',
      space: 'Home',
    });
    expect(hidden).toMatchObject({ isError: true, text: UNKNOWN_SPACE });
    // Refused before the privacy filter read it: the text is not kept in Activity either.
    expect(JSON.stringify(await db.toolCalls.toArray())).not.toContain('Waters the plants');
    const rows = await db.memories.where('status').equals('proposed').toArray();
    expect(rows.map((m) => [m.content, m.space])).toEqual(
      expect.arrayContaining([
        ['Prefers stand-ups at 10', work.id],
        ['Drinks oolong tea', undefined],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("remember's 'already holds this' never answers from a space the tools may not read", async () => {
    await setTools({ allowAdd: true, spaces: { [home.id]: false } });
    // The same words as Home's memory: a proposal of its own, not "already holds this".
    const same = await call(r.client, 'remember', { content: text.home, type: 'fact' });
    expect(same.text).toMatch(/Proposed/);
    // And the same words as Work's memory, in Work: already held.
    const known = await call(r.client, 'remember', { content: text.work, type: 'fact', space: 'Work' });
    expect(known.text).toMatch(/already holds this/);
  });
});
