/**
 * The injection log, newest first, each entry joined to the memories it used. "This was wrong"
 * demotes or deletes one memory of an entry; undo puts the memory and the entry back.
 */

import { signal } from '@preact/signals';
import type { ToolCall } from '../../../lib/bridge/tool-call';
import { hasCjk } from '../../../lib/cjk';
import { type HandoutCount, handoutCounts } from '../../../lib/db/block-handouts';
import { watch } from '../../../lib/db/live';
import { recentInjections } from '../../../lib/db/panel-reads';
import { recentRequestCalls } from '../../../lib/db/request-calls';
import { recentToolCalls } from '../../../lib/db/tool-calls';
import { t } from '../../../lib/i18n';
import type { Injection } from '../../../lib/memory/types';
import { send } from '../../../lib/protocol/panel-send';
import type { RequestCall } from '../../../lib/request-keywords/request-call';
import { fail, messageOf } from './notice';
import { recordAction } from './undo';

export const injections = signal<readonly Injection[]>([]);
export const activityLoaded = signal(false);
/** Request keywords calls, newest first. */
export const requestCalls = signal<readonly RequestCall[]>([]);
/** Desktop tools' calls, newest first. */
export const toolCalls = signal<readonly ToolCall[]>([]);
/** The entry whose details are open (one at a time keeps the list short at 360 px). */
export const openEntry = signal<string | null>(null);

/** Blocks handed to each site in the last hour, and how many its bound held back. */
export const handouts = signal<readonly HandoutCount[]>([]);

export function startActivityModel(): () => void {
  const stopInjections = watch(
    () => recentInjections(200),
    (rows) => {
      injections.value = rows;
      activityLoaded.value = true;
    },
  );
  const stopCounts = watch(
    () => handoutCounts(Date.now()),
    (rows) => {
      handouts.value = rows;
    },
  );
  const stopCalls = watch(
    () => recentToolCalls(200),
    (rows) => {
      toolCalls.value = rows;
    },
  );
  const stopRequests = watch(
    () => recentRequestCalls(100),
    (rows) => {
      requestCalls.value = rows;
    },
  );
  return () => {
    stopInjections();
    stopCounts();
    stopCalls();
    stopRequests();
  };
}

export function toggleEntry(id: string): void {
  openEntry.value = openEntry.value === id ? null : id;
}

/** The first words of the draft, as the log shows them. */
export function firstWords(text: string, max = 8): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const cut = hasCjk(clean) ? clean.slice(0, max * 2) : clean.split(' ').slice(0, max).join(' ');
  return cut.length < clean.length ? `${cut}…` : cut;
}

export async function markWrong(injectionId: string, memoryId: string, action: 'demote' | 'delete'): Promise<void> {
  try {
    const r = await send('injections.markWrong', { injectionId, memoryId, action });
    const label = t(action === 'demote' ? 'undo.demoted' : 'undo.deleted', {
      what: firstWords(r.memoryBefore.content, 4),
    });
    recordAction(label, async () => {
      await send('memories.restore', { records: [r.memoryBefore] });
      await send('injections.restore', { records: [r.injectionBefore] });
    });
  } catch (error) {
    fail(messageOf(error));
  }
}
