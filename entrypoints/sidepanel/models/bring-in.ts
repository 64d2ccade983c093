/**
 * "Bring in memories": read pasted text or a file in the panel (pure parsers, instant), show
 * every item with its guessed type and importance and what it would do to the store (the
 * background dry-runs the extraction's merge), let the user untick and change items, refine
 * the guesses with one model call, then commit all ticked items at once. Undo takes back
 * exactly what the commit wrote, leaving alone what changed since.
 */
import { computed, signal } from '@preact/signals';
import { checkSourceSize, readPasted } from '../../../lib/bring-in/read-source';
import { applyRefine, estimateRefine, MAX_REFINE_ITEMS } from '../../../lib/bring-in/refine-prompt';
import type { FoundSource, ItemCheck, SourceKind } from '../../../lib/bring-in/types';
import { t } from '../../../lib/i18n';
import type { MemoryType } from '../../../lib/memory/types';
import { send } from '../../../lib/protocol/panel-send';
import { offerKeywordsAfter } from './keywords';
import { fail, messageOf, say } from './notice';
import { readInWorker, SourceReadCancelled } from './source-reader';
import { undoExactly } from './transfer';
import { saidCancelled, track, trackHere } from './work';

export interface PreviewItem {
  content: string;
  type: MemoryType;
  importance: number;
  createdAt: string | null;
  include: boolean;
  check: ItemCheck | null;
}

export const bringOpen = signal(false);
export const pasted = signal('');
export const source = signal<{ kind: SourceKind; skipped: number } | null>(null);
export const items = signal<readonly PreviewItem[]>([]);
export const readError = signal<string | null>(null);
export const price = signal<{
  inputPerMTok: number;
  outputPerMTok: number;
  currency: 'USD' | 'CNY';
  known: boolean;
} | null>(null);

/**
 * How many preview rows are drawn: a 2,000-item export drawn at once froze the panel for
 * tens of seconds (measured in the bring-in e2e), so rows come a page at a time; ticking,
 * counts, refine and commit still cover every item.
 */
export const PREVIEW_PAGE = 200;
export const shownRows = signal(PREVIEW_PAGE);

export function showMoreRows(): void {
  shownRows.value += PREVIEW_PAGE;
}

export const selected = computed(() => items.value.filter((i) => i.include && i.check?.verdict !== 'private'));

export function openBringIn(): void {
  bringOpen.value = true;
  void send('usage.summary', {})
    .then((u) => (price.value = u.price))
    .catch(() => {});
}

export function closeBringIn(): void {
  bringOpen.value = false;
  pasted.value = '';
  source.value = null;
  items.value = [];
  readError.value = null;
}

async function show(found: FoundSource): Promise<void> {
  source.value = { kind: found.kind, skipped: found.skipped };
  items.value = found.items.map((i) => ({ ...i, include: true, check: null }));
  shownRows.value = PREVIEW_PAGE;
  readError.value = null;
  await checkItems();
}

export async function readPaste(): Promise<void> {
  try {
    await show(readPasted(pasted.value));
  } catch (error) {
    readError.value = messageOf(error);
  }
}

/**
 * Reads a chosen file in a worker with a bar (bytes read, then the parse) and a Cancel that
 * stops it at once; a file over the limit is refused before any of it is read.
 */
export async function readFile(file: File): Promise<void> {
  try {
    checkSourceSize(file.size);
    const found = await trackHere('bringIn', (report, signal) =>
      readInWorker(
        file,
        (p) => (p.phase === 'read' ? report('read', p.done, p.total, 'bytes') : report('parse', 0, 0)),
        signal,
      ),
    );
    await show(found);
  } catch (error) {
    if (error instanceof SourceReadCancelled) say(() => t('work.cancelled', { what: t('work.kind.bringIn') }));
    else readError.value = messageOf(error);
  }
}

const payload = (list: readonly PreviewItem[]) =>
  list.map(({ content, type, importance, createdAt }) => ({ content, type, importance, createdAt }));

/** Asks the background what each item would do (new / already known / updates / replaces / private). */
async function checkItems(): Promise<void> {
  const list = items.value;
  if (list.length === 0) return;
  try {
    const { checks } = await track('bringIn', () => send('bringIn.check', { items: payload(list) }));
    if (items.value !== list) return;
    items.value = list.map((item, i) => ({ ...item, check: checks[i] ?? null }));
  } catch (error) {
    if (saidCancelled('bringIn', error)) return;
    fail(messageOf(error));
  }
}

export function editItem(index: number, patch: Partial<Pick<PreviewItem, 'type' | 'importance' | 'include'>>): void {
  items.value = items.value.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

export function selectAll(include: boolean): void {
  items.value = items.value.map((item) => ({ ...item, include }));
}

export const refineEstimate = computed(() => estimateRefine(items.value.slice(0, MAX_REFINE_ITEMS)));

export async function refine(): Promise<void> {
  const list = items.value.slice(0, MAX_REFINE_ITEMS);
  try {
    const answer = await track('refine', () =>
      send('bringIn.refine', { items: list.map(({ content, type, importance }) => ({ content, type, importance })) }),
    );
    const refined = applyRefine(list, answer);
    const changed = refined.filter((r, i) => r.type !== list[i]?.type || r.importance !== list[i]?.importance).length;
    items.value = [...refined, ...items.value.slice(list.length)];
    say(() => t('bring.refined', { n: changed }));
  } catch (error) {
    if (saidCancelled('refine', error)) return;
    fail(messageOf(error));
  }
}

export async function commitBringIn(): Promise<void> {
  const chosen = selected.value;
  if (chosen.length === 0) return;
  try {
    const r = await track('bringIn', () => send('bringIn.commit', { items: payload(chosen) }));
    say(() => t('bring.done', { ...r }));
    undoExactly(t('bring.undo', { n: chosen.length }), r.undoId);
    closeBringIn();
    await offerKeywordsAfter('bringIn', 'memories');
  } catch (error) {
    if (saidCancelled('bringIn', error)) return;
    fail(() => t('bring.failed', { error: messageOf(error) }));
  }
}
