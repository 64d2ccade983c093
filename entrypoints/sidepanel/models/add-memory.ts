/**
 * Adding a memory by hand, and the "Remember this" context menu: the background keeps the
 * selected text as a pending draft; the panel takes it, opens the form prefilled and stores
 * nothing until the user confirms.
 */
import { signal } from '@preact/signals';
import type { SpaceId } from '../../../lib/memory/spaces';
import type { MemorySource, MemoryType, Scope } from '../../../lib/memory/types';
import { DRAFT_WAITING_EVENT } from '../../../lib/protocol/panel-events';
import { send } from '../../../lib/protocol/panel-send';
import { onPanelEvent } from './background-events';
import { addMemory } from './memory-actions';
import { go } from './nav';
import { spaceChoice } from './spaces';

export interface AddDraft {
  content: string;
  type: MemoryType;
  importance: number;
  scope: Scope;
  note: string;
  source: MemorySource | null;
  /** null: Everywhere. */
  space: SpaceId | null;
}

const EMPTY_DRAFT: AddDraft = {
  content: '',
  type: 'fact',
  importance: 3,
  scope: 'global',
  note: '',
  source: null,
  space: null,
};

export const addOpen = signal(false);
export const addDraft = signal<AddDraft>(EMPTY_DRAFT);

/** The space the list shows, so a memory added while looking at Work lands in Work. */
function shownSpace(): SpaceId | null {
  const c = spaceChoice.value;
  return typeof c === 'string' ? null : c.space;
}

export function openAdd(prefill: Partial<AddDraft> = {}): void {
  addDraft.value = { ...EMPTY_DRAFT, space: shownSpace(), ...prefill };
  addOpen.value = true;
}

export function changeAdd(patch: Partial<AddDraft>): void {
  addDraft.value = { ...addDraft.value, ...patch };
}

export function cancelAdd(): void {
  addOpen.value = false;
  addDraft.value = EMPTY_DRAFT;
}

export async function submitAdd(): Promise<boolean> {
  const d = addDraft.value;
  if (!d.content.trim()) return false;
  const added = await addMemory({
    content: d.content.trim(),
    type: d.type,
    importance: d.importance,
    scope: d.scope,
    note: d.note,
    source: d.source,
    ...(d.space !== null ? { space: d.space } : {}),
  });
  if (added) cancelAdd();
  return !!added;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'web';
  } catch {
    return 'web';
  }
}

async function takePendingDraft(): Promise<void> {
  const { draft } = await send('menu.pending', {});
  if (!draft) return;
  go('memories');
  openAdd({
    content: draft.text,
    source: { site: draft.site ?? hostOf(draft.url), url: draft.url, chatId: '' },
  });
}

/** Takes a draft waiting at start-up, and any that arrives while the panel is open. */
export function startPendingDrafts(): () => void {
  const stop = onPanelEvent((event) => {
    if (event.type === DRAFT_WAITING_EVENT) void takePendingDraft().catch(() => {});
  });
  void takePendingDraft().catch(() => {});
  return stop;
}
