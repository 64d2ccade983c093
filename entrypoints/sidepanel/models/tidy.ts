/**
 * Tidy-up as the panel sees it: the suggestion (when the store grew by a few hundred since the
 * last tidy-up), the estimate the background makes from the local groups (shown before any
 * call), the run (tracked work: progress and cancel in the work bar), and the proposals, read
 * live from the store, with the user's choice of which to accept. Each accepted proposal is its
 * own undo step, in Recent changes and on the proposal itself.
 */
import { computed, signal } from '@preact/signals';
import { watchTidyProposals } from '../../../lib/db/tidy-proposals';
import { t } from '../../../lib/i18n';
import type { ResponseOf } from '../../../lib/protocol';
import { send } from '../../../lib/protocol/panel-send';
import { isStale, type TidyProposalRow, touchesProtected } from '../../../lib/tidy/proposal';
import { byId, memories } from './memories';
import { fail, messageOf, say } from './notice';
import { recordAction } from './undo';
import { saidCancelled, track } from './work';

type Estimate = ResponseOf<'tidy.estimate'>;
type RunResult = ResponseOf<'tidy.run'>;

/** The panel is open (the estimate, then the proposals), or closed. */
export const tidyOpen = signal(false);
export const tidyEstimate = signal<Estimate | null>(null);
export const tidyResult = signal<RunResult | null>(null);
const tidyRows = signal<readonly TidyProposalRow[]>([]);
export const tidyChecked = signal<ReadonlySet<string>>(new Set());
/** The merge whose text is being edited before it is accepted, with the draft. */
export const tidyEditing = signal<{ id: string; text: string } | null>(null);
/** Active memories at the last tidy-up, and the growth worth a suggestion, as the background keeps them. */
const lastCount = signal<number | null>(null);
const threshold = signal(Number.POSITIVE_INFINITY);

export interface ShownProposal {
  row: TidyProposalRow;
  stale: boolean;
  protected: boolean;
}

/** Proposals still to decide and those accepted (with their undo); rejected ones leave the list. */
export const shownProposals = computed<readonly ShownProposal[]>(() => {
  const current = byId.value;
  return tidyRows.value
    .filter((r) => r.state !== 'rejected')
    .map((row) => ({
      row,
      stale:
        row.state === 'open' &&
        isStale(
          row,
          row.before.map((m) => current.get(m.id)),
        ),
      protected: touchesProtected(row),
    }));
});

export const openProposals = computed(() => shownProposals.value.filter((p) => p.row.state === 'open' && !p.stale));

const activeCount = computed(() => memories.value.filter((m) => m.status === 'active').length);

/** How many active memories came since the last tidy-up, when that is worth suggesting one. */
export const tidySuggestion = computed<number | null>(() => {
  const last = lastCount.value;
  if (last === null || tidyOpen.value) return null;
  const grown = activeCount.value - last;
  return grown >= threshold.value ? grown : null;
});

export function startTidyModel(): () => void {
  const stop = watchTidyProposals((rows) => {
    tidyRows.value = rows;
    const open = new Set(rows.filter((r) => r.state === 'open').map((r) => r.id));
    tidyChecked.value = new Set([...tidyChecked.value].filter((id) => open.has(id)));
  });
  void refreshTidyStatus();
  return stop;
}

async function refreshTidyStatus(): Promise<void> {
  try {
    const s = await send('tidy.status', {});
    lastCount.value = s.active - s.grown;
    threshold.value = s.threshold;
  } catch {
    // Without the count there is no honest suggestion to make; the button still works.
  }
}

export async function openTidy(): Promise<void> {
  tidyOpen.value = true;
  tidyResult.value = null;
  tidyEstimate.value = null;
  try {
    tidyEstimate.value = await send('tidy.estimate', {});
    if (tidyEstimate.value.groups === 0) await refreshTidyStatus();
  } catch (error) {
    fail(messageOf(error));
  }
}

export function closeTidy(): void {
  tidyOpen.value = false;
  tidyEstimate.value = null;
}

export async function dismissTidySuggestion(): Promise<void> {
  try {
    await send('tidy.dismiss', {});
    await refreshTidyStatus();
  } catch (error) {
    fail(messageOf(error));
  }
}

export async function runTidy(): Promise<void> {
  const estimate = tidyEstimate.value;
  if (!estimate) return;
  try {
    const r = await track('tidy', () =>
      send('tidy.run', { confirmedTokens: estimate.inputTokens + estimate.outputTokens }),
    );
    tidyEstimate.value = null;
    tidyResult.value = r;
    tidyChecked.value = new Set();
    await refreshTidyStatus();
  } catch (error) {
    if (saidCancelled('tidy', error)) return;
    fail(messageOf(error));
  }
}

export function toggleTidyChecked(id: string, on: boolean): void {
  const next = new Set(tidyChecked.value);
  if (on) next.add(id);
  else next.delete(id);
  tidyChecked.value = next;
}

function describe(row: TidyProposalRow): string {
  const text = (row.text ?? row.before.find((m) => m.id === (row.keepId ?? row.affectedIds[0]))?.content ?? '').replace(
    /\s+/g,
    ' ',
  );
  const short = text.length > 24 ? `${text.slice(0, 24)}…` : text;
  return t('tidy.undoLabel', { what: `${t(`tidy.action.${row.action}`)} “${short}”` });
}

export async function undoTidy(id: string): Promise<void> {
  try {
    const r = await send('tidy.undo', { id });
    if (r.changedSince > 0) say(() => t('undo.changedSince', { n: r.reverted, m: r.changedSince }));
    else say(() => t('undo.exact', { n: r.reverted }));
  } catch (error) {
    fail(messageOf(error));
  }
}

export function startTidyEdit(row: TidyProposalRow): void {
  tidyEditing.value = { id: row.id, text: row.text ?? '' };
}

export function changeTidyDraft(text: string): void {
  const current = tidyEditing.value;
  if (current) tidyEditing.value = { ...current, text };
}

export function cancelTidyEdit(): void {
  tidyEditing.value = null;
}

/** Accepts the merge being edited, with the user's text. */
export async function acceptTidyEdited(): Promise<void> {
  const current = tidyEditing.value;
  if (!current || current.text.trim() === '') return;
  if (await acceptTidy([current.id], current.text)) tidyEditing.value = null;
}

/**
 * Accepts these proposals, each its own undo step (Recent changes, and Undo on the proposal);
 * with `text`, one merge as the user edited it.
 */
export async function acceptTidy(ids: readonly string[], text?: string): Promise<boolean> {
  if (ids.length === 0) return false;
  const rows = new Map(tidyRows.value.map((r) => [r.id, r]));
  try {
    const r = await send('tidy.accept', { ids: [...ids], ...(text !== undefined ? { text } : {}) });
    for (const id of r.acceptedIds) {
      const row = rows.get(id);
      if (row)
        recordAction(describe(row), async () => {
          await send('tidy.undo', { id });
        });
    }
    tidyChecked.value = new Set();
    say(() =>
      [t('tidy.acceptedNote', { n: r.accepted }), r.stale > 0 ? t('tidy.staleNote', { n: r.stale }) : '']
        .filter(Boolean)
        .join(' '),
    );
    return r.accepted > 0;
  } catch (error) {
    fail(messageOf(error));
    return false;
  }
}

export async function rejectTidy(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await send('tidy.reject', { ids: [...ids] });
    tidyChecked.value = new Set();
  } catch (error) {
    fail(messageOf(error));
  }
}
