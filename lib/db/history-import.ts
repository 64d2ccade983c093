/**
 * Stores conversations read from a site's export as history: finished, marked imported,
 * never queued (only the user's "Extract memories from these" queues them), listed for the
 * index in the same transaction. A chat captured in this browser is never replaced by an
 * import; one imported before is updated (in the space it has here: an export names none); one
 * the user asked not to remember stays forgotten.
 */

import type { ImportedConversation } from '../history/import/types';
import { chatIdOf } from '../memory/new-chat';
import type { Chat, Turn } from '../memory/types';
import { boundTurns } from '../sites/bounds';
import { chatUrlOn } from '../sites/urls';
import { now } from '../time';
import { db } from './db';
import { markHistoryDirty } from './history-index';
import { tombstonedChatIds } from './tombstones';

/** Turns as captured ones are bounded (lib/sites/bounds.ts): long ones cut with a marker. */
function turnsOf(c: ImportedConversation, fallback: string): Turn[] {
  return boundTurns(
    c.turns.map((t) => {
      const turn: Turn = { role: t.role, text: t.text, at: t.at ?? fallback };
      if (t.model) turn.model = t.model.slice(0, 100);
      return turn;
    }),
  );
}

/** A site's export says nothing of spaces: a chat imported before keeps the space it has here. */
function spaceKept(previous: Chat | undefined): Pick<Chat, 'space' | 'spaceBy' | 'project' | 'spaceAt'> {
  if (!previous) return {};
  const { space, spaceBy, project, spaceAt } = previous;
  return Object.fromEntries(Object.entries({ space, spaceBy, project, spaceAt }).filter(([, v]) => v !== undefined));
}

function chatOfImport(c: ImportedConversation, previous: Chat | undefined, at: string): Chat {
  const first = c.turns.find((t) => t.at)?.at;
  const last = [...c.turns].reverse().find((t) => t.at)?.at;
  const createdAt = c.createdAt ?? first ?? at;
  const updatedAt = c.updatedAt ?? last ?? createdAt;
  return {
    id: chatIdOf(c.site, c.conversationId),
    site: c.site,
    conversationId: c.conversationId,
    url: chatUrlOn(c.site, c.url),
    title: c.title.slice(0, 500),
    turns: turnsOf(c, updatedAt),
    version: (previous?.version ?? 0) + 1,
    state: 'finished',
    summary: previous?.summary ?? '',
    extractedVersion: previous?.extractedVersion ?? 0,
    createdAt,
    updatedAt,
    lastActivityAt: updatedAt,
    origin: 'imported',
    importedAt: at,
    ...spaceKept(previous),
  };
}

export interface ImportCounts {
  added: number;
  updated: number;
  /** Captured here already, or asked not to be remembered. */
  kept: number;
}

export async function storeImported(convs: readonly ImportedConversation[]): Promise<ImportCounts> {
  const tombstones = await tombstonedChatIds();
  return db.transaction('rw', db.chats, db.hdirty, async () => {
    const at = now();
    const counts: ImportCounts = { added: 0, updated: 0, kept: 0 };
    const ids = convs.map((c) => chatIdOf(c.site, c.conversationId));
    const existing = await db.chats.bulkGet(ids);
    const writes: Chat[] = [];
    convs.forEach((c, i) => {
      const previous = existing[i];
      if (tombstones.has(ids[i]!) || (previous && previous.origin !== 'imported')) {
        counts.kept++;
        return;
      }
      writes.push(chatOfImport(c, previous, at));
      if (previous) counts.updated++;
      else counts.added++;
    });
    await db.chats.bulkPut(writes);
    await markHistoryDirty(writes.map((w) => w.id));
    return counts;
  });
}
