/**
 * Turns the model's tidy answer for one call into proposals, trusting nothing in it: an entry
 * may act only on the notes of its own group (a label of another group, or anything unknown,
 * is dropped and counted, so a note that reads as an order cannot reach past its group), a
 * group answered twice keeps its first entry, and an entry that does not make a whole action
 * (a merge without text or of one note, a keep that is not in the group, a merge across scopes)
 * proposes nothing. A merged text loses its invisible characters and must pass the privacy
 * filter.
 */

import { withoutInvisible } from '../memory/invisible';
import { MAX_MEMORY_CHARS, type MemoryRecord } from '../memory/types';
import { sensitiveLabel } from '../privacy/privacy';
import type { PrivacyPattern } from '../settings/schema';
import type { TidyGroup } from './group';
import { labelOf, type TidyAction, type TidyAnswer } from './prompt';

export interface TidyBatchInput {
  kind: TidyGroup['kind'];
  members: readonly MemoryRecord[];
}

/** A proposal before it is stored: what it would do, and the group as it was when asked. */
export interface TidyDraft {
  action: Exclude<TidyAction, 'keep-all'>;
  kind: TidyGroup['kind'];
  /** The memory that keeps (merge: carries the new text; keep-newer: stays as it is). */
  keepId: string | null;
  /** Merged away or older (become superseded versions of `keepId`), or archived. */
  affectedIds: string[];
  /** The merged text (merge only). */
  text: string | null;
  invisibleRemoved: number;
  reason: string;
  /** Every member of the group, as it was when the model saw it (staleness is checked against it). */
  before: MemoryRecord[];
}

export interface TidyCheck {
  drafts: TidyDraft[];
  /** Groups the model said to keep as they are. */
  keptAll: number;
  /** Ids an entry named outside its own group (or that were never shown): dropped. */
  foreignIds: number;
  /** Entries that made no whole action, answered a group twice, or named no group of the call. */
  invalid: number;
  /** Merged texts the privacy filter refused. */
  privacyDropped: number;
  /** Groups the answer left out. */
  unanswered: number;
}

const REASON_CHARS = 300;

function newest(members: readonly MemoryRecord[]): MemoryRecord | undefined {
  return [...members].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id))[0];
}

function cleanReason(text: string | undefined): string {
  return withoutInvisible(text ?? '')
    .text.replace(/\s+/g, ' ')
    .trim()
    .slice(0, REASON_CHARS);
}

type Entry = TidyAnswer['groups'][number];

/** The entry's own members by label; counts every label it names that is not one of them. */
function ownMembers(entry: Entry, gi: number, group: TidyBatchInput, out: TidyCheck) {
  const byLabel = new Map(group.members.map((m, mi) => [labelOf(gi, mi), m]));
  const pick = (label: string): MemoryRecord | null => {
    const m = byLabel.get(
      label
        .trim()
        .replace(/^\[|\]$/g, '')
        .toLowerCase(),
    );
    if (!m) out.foreignIds++;
    return m ?? null;
  };
  const ids = [...new Set((entry.ids ?? []).map(pick).filter((m): m is MemoryRecord => m !== null))];
  const keep = entry.keep === undefined || entry.keep === '' ? null : pick(entry.keep);
  return { ids, keep };
}

function draftOf(
  entry: Entry,
  gi: number,
  group: TidyBatchInput,
  patterns: readonly PrivacyPattern[],
  out: TidyCheck,
): TidyDraft | null {
  const { ids, keep } = ownMembers(entry, gi, group, out);
  const base = { kind: group.kind, reason: cleanReason(entry.reason), before: [...group.members], invisibleRemoved: 0 };
  if (entry.action === 'archive') {
    const gone = ids.filter((m) => m !== keep);
    return gone.length > 0
      ? { ...base, action: 'archive', keepId: null, affectedIds: gone.map((m) => m.id), text: null }
      : null;
  }
  if (entry.action === 'keep-newer') {
    if (!keep) return null;
    const older = (ids.length > 0 ? ids : group.members).filter((m) => m.id !== keep.id);
    return older.length > 0
      ? { ...base, action: 'keep-newer', keepId: keep.id, affectedIds: older.map((m) => m.id), text: null }
      : null;
  }
  // merge
  const cleaned = withoutInvisible(entry.text ?? '');
  const text = cleaned.text.trim().slice(0, MAX_MEMORY_CHARS);
  const merged = keep && !ids.includes(keep) ? [...ids, keep] : ids;
  const into = keep ?? newest(merged);
  if (!text || !into || merged.length < 2) return null;
  // A merged text lands in one memory's scope: text kept to one site must not reach another
  // site's pages or desktop tools through it (keep-newer moves no text, so it may cross scopes).
  if (merged.some((m) => m.scope !== into.scope)) return null;
  if (sensitiveLabel(text, patterns)) {
    out.privacyDropped++;
    return null;
  }
  return {
    ...base,
    action: 'merge',
    keepId: into.id,
    affectedIds: merged.filter((m) => m.id !== into.id).map((m) => m.id),
    text,
    invisibleRemoved: cleaned.removed,
  };
}

/** The proposals one answer makes for its call's groups, and what was dropped on the way. */
export function checkTidyAnswer(
  groups: readonly TidyBatchInput[],
  answer: TidyAnswer,
  patterns: readonly PrivacyPattern[] = [],
): TidyCheck {
  const out: TidyCheck = { drafts: [], keptAll: 0, foreignIds: 0, invalid: 0, privacyDropped: 0, unanswered: 0 };
  const answered = new Set<number>();
  for (const entry of answer.groups) {
    // Models write the group as we labelled it (`g2`), sometimes as the bare number.
    const match = /^g?(\d+)$/i.exec(entry.group.trim());
    const gi = match ? Number(match[1]) - 1 : -1;
    const group = groups[gi];
    if (!group || answered.has(gi)) {
      out.invalid++;
      continue;
    }
    answered.add(gi);
    if (entry.action === 'keep-all') {
      out.keptAll++;
      continue;
    }
    const privacyBefore = out.privacyDropped;
    const draft = draftOf(entry, gi, group, patterns, out);
    if (draft) out.drafts.push(draft);
    else if (out.privacyDropped === privacyBefore) out.invalid++;
  }
  out.unanswered = groups.length - answered.size;
  return out;
}
