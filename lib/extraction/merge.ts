/**
 * Decides what the model's answer does to the store (DESIGN.md §2–§4, §9), as a pure plan the db
 * layer writes in one transaction. For each extracted item, in order:
 *   1. invisible characters are removed and the privacy filter drops it if it holds anything
 *      sensitive;
 *   2. its review reasons are collected (lib/memory/review-rules.ts, plus text not sent here
 *      and the user's "ask me first"): with any, what it would do waits as a proposal;
 *   3. `update <id>` changes that memory (its old text becomes a version), `supersede <id>`
 *      adds the new one and retires the old; a change to a pinned or hand-edited memory always
 *      waits for review, and the memory stays as it is;
 *   4. otherwise it is compared with the active and proposed memories of its type: a
 *      restatement of one is "already known" and changes nothing, a detected contradiction
 *      (same text with other numbers or negation, or the same single-valued topic) with an
 *      active one supersedes it, anything else is added.
 * Spaces: each item is filed in the chat's space or Everywhere (space-filing.ts), and a change
 * joins memories of one space only. Restatements and contradictions are looked for in the item's
 * own space, so one space's answer never marks another's memory known or superseded; an
 * `update`/`supersede` the model aims at a memory filed elsewhere (a space chat is shown its own
 * and Everywhere's) is not applied but waits for review (`other-space`): accepting it changes that
 * memory where it is. Neither a space's text moves into Everywhere, nor an Everywhere memory is
 * replaced from a space, without the user seeing it.
 * A proposed memory is never changed, superseded or merged into. Items are merged one by one
 * against the running result, so two items of one answer that say the same thing end up as one.
 */

import { createMemory } from '../memory/factory';
import { withoutInvisible } from '../memory/invisible';
import { normalizeContent } from '../memory/normalize';
import { isProtected, memoryReasons, textReasons } from '../memory/review-rules';
import type { SpaceId } from '../memory/spaces';
import {
  MAX_MEMORY_CHARS,
  type MemoryRecord,
  type MemorySource,
  type Origin,
  type ReviewReason,
} from '../memory/types';
import { changeMemory } from '../memory/versions';
import { localDay, plausibleWhen } from '../memory/when';
import { sensitiveLabel } from '../privacy/privacy';
import type { PrivacyPattern, ReviewMode } from '../settings/schema';
import { type AliasMap, resolveTarget } from './extract-prompt';
import type { ExtractedMemory } from './extract-schema';
import { relation } from './similarity';
import { type ExtractionSpace, filedSpace } from './space-filing';

export interface MergeContext {
  /** Every active and proposed memory in the store (restatements are looked for in the item's space). */
  active: readonly MemoryRecord[];
  aliases: AliasMap;
  source: MemorySource;
  patterns: readonly PrivacyPattern[];
  now: string;
  /**
   * Where the text came from: `sent` when every user turn of the chat was typed and sent in
   * this browser, `opened` otherwise (what is extracted then waits for review), `brought-in`
   * for Bring in (only text that reads as an instruction or carries a link, an e-mail address
   * or markup waits). Absent: `sent`.
   */
  origin?: Origin;
  /** The user's choice for new memories from this site. Absent: use at once. */
  review?: ReviewMode;
  /** Per item: it rests on what the assistant said, not on the user's words (grounding.ts). */
  fromAssistant?: readonly boolean[];
  /** The chat's space (space-filing.ts); absent or null: no space, everything files Everywhere. */
  space?: ExtractionSpace | null;
  /**
   * The chat was in a space that no longer exists: what it yields files Everywhere but waits for
   * review (`space-gone`), so a deleted space's work never reaches every chat unseen.
   */
  spaceGone?: boolean;
}

export interface MergeStats {
  added: number;
  updated: number;
  superseded: number;
  unchanged: number;
  dropped: number;
  /** Written as proposals: new memories or changes waiting for the user's review. */
  proposed: number;
}

export interface MergePlan {
  /** Records to write (new, updated and superseded ones), each once. */
  writes: MemoryRecord[];
  stats: MergeStats;
  /** Why items were dropped, by privacy label (never the text). */
  droppedLabels: string[];
  /**
   * The stored memories the plan's decisions rest on: those it changes or supersedes, those it
   * found restated, and those a proposal would change. Written as they were read, or not at all.
   */
  restsOn: string[];
}

class Working {
  readonly byId = new Map<string, MemoryRecord>();
  readonly changed = new Set<string>();
  /** Memories this plan created: a later item of the same answer may still raise their importance. */
  readonly fresh = new Set<string>();
  /** Stored memories a decision looked at (MergePlan.restsOn). */
  readonly consulted = new Set<string>();

  constructor(active: readonly MemoryRecord[]) {
    for (const m of active) this.byId.set(m.id, m);
  }

  put(memory: MemoryRecord): void {
    this.byId.set(memory.id, memory);
    this.changed.add(memory.id);
  }

  add(memory: MemoryRecord): void {
    this.put(memory);
    this.fresh.add(memory.id);
  }

  /** Active and proposed memories of a type in one space: what a new item there may restate. */
  knownOfType(type: MemoryRecord['type'], space: SpaceId | undefined): MemoryRecord[] {
    return [...this.byId.values()].filter(
      (m) => (m.status === 'active' || m.status === 'proposed') && m.type === type && m.space === space,
    );
  }
}

interface Item extends ExtractedMemory {
  /** Invisible characters removed from the model's text. */
  removed: number;
  /** Rests on what the assistant said (grounding.ts). */
  assistant: boolean;
  /** Where it is filed (undefined: Everywhere). */
  space: SpaceId | undefined;
}

function newRecord(item: Item, ctx: MergeContext, reasons: readonly ReviewReason[], changes?: string): MemoryRecord {
  const base = createMemory({ ...item, source: ctx.source });
  return {
    ...base,
    ...(item.space !== undefined ? { space: item.space } : {}),
    createdAt: ctx.now,
    updatedAt: ctx.now,
    origin: ctx.origin ?? { kind: 'sent' },
    ...(reasons.length > 0
      ? { status: 'proposed' as const, proposal: { reasons: [...reasons], ...(changes ? { changes } : {}) } }
      : {}),
    ...(item.removed > 0 ? { invisibleRemoved: item.removed } : {}),
    ...(item.when !== undefined ? { when: item.when } : {}),
  };
}

/**
 * A restatement: the same memory said again ("already known"). For the model's explicit
 * `update`, only when the new text says no more than the stored one (a near-duplicate no
 * longer than it): a more precise text is a change, kept as a version.
 */
function restates(known: MemoryRecord, item: Item, explicit = false): boolean {
  if (relation(known.content, item.content) !== 'duplicate') return false;
  if (!explicit) return true;
  return normalizeContent(item.content).length <= normalizeContent(known.content).length;
}

/** Only memories this answer created may take a higher importance from a restatement. */
function restated(work: Working, known: MemoryRecord, item: Item, stats: MergeStats): void {
  if (!work.fresh.has(known.id)) work.consulted.add(known.id);
  if (work.fresh.has(known.id) && item.importance > known.importance)
    work.put({ ...known, importance: item.importance });
  stats.unchanged++;
}

/** Changes `target` as the item says (`update`: in place, `supersede`: a new memory), or proposes it. */
function change(
  work: Working,
  target: MemoryRecord,
  item: Item,
  op: 'update' | 'supersede',
  ctx: MergeContext,
  reasons: ReviewReason[],
  stats: MergeStats,
): void {
  if (!work.fresh.has(target.id)) work.consulted.add(target.id);
  const held = isProtected(target) ? [...reasons, 'changes-protected' as const] : reasons;
  if (held.length > 0) {
    work.add(newRecord(item, ctx, held, target.id));
    stats.proposed++;
    return;
  }
  if (op === 'update') {
    const [changed, version] = changeMemory(
      target,
      {
        content: item.content,
        type: item.type,
        importance: item.importance,
        ...(item.keywords ? { keywords: item.keywords } : {}),
        source: ctx.source,
        origin: ctx.origin ?? { kind: 'sent' },
        invisibleRemoved: item.removed,
        ...(item.when !== undefined ? { when: item.when } : {}),
      },
      ctx.now,
    );
    work.put(changed);
    work.put(version);
    stats.updated++;
    return;
  }
  const fresh = newRecord(item, ctx, []);
  work.add(fresh);
  work.put({ ...target, status: 'superseded', supersededBy: fresh.id, updatedAt: ctx.now });
  stats.superseded++;
}

function reasonsFor(item: Item, ctx: MergeContext): ReviewReason[] {
  // What the user chose to bring in is theirs, except text that reads as an instruction or
  // carries a link, an e-mail address or markup.
  if (ctx.origin?.kind === 'brought-in') return textReasons(item.content);
  const reasons = memoryReasons(item);
  if (ctx.origin?.kind === 'opened') reasons.unshift('not-sent-here');
  // An assistant turn is only as trustworthy as the page that shows it.
  if (item.assistant) reasons.push('assistant-said');
  if (ctx.review === 'ask-first') reasons.push('ask-first');
  if (ctx.spaceGone) reasons.push('space-gone');
  return reasons;
}

function mergeOne(work: Working, item: Item, ctx: MergeContext, stats: MergeStats): void {
  const reasons = reasonsFor(item, ctx);
  const targetId = item.op === 'add' ? null : resolveTarget(item.target, ctx.aliases);
  const target = targetId ? work.byId.get(targetId) : undefined;
  if (target && target.status === 'active' && item.op !== 'add') {
    const elsewhere = target.space !== item.space ? ['other-space' as const] : [];
    if (restates(target, item, true)) restated(work, target, item, stats);
    else change(work, target, item, item.op, ctx, [...reasons, ...elsewhere], stats);
    return;
  }
  // `add`, or a target we cannot resolve: judge it against its space like any new memory.
  const known = work.knownOfType(item.type, item.space);
  const same = known.find((m) => restates(m, item));
  if (same) {
    restated(work, same, item, stats);
    return;
  }
  const conflict = known.find((m) => m.status === 'active' && relation(m.content, item.content) === 'conflict');
  if (conflict) {
    change(work, conflict, item, 'supersede', ctx, reasons, stats);
    return;
  }
  work.add(newRecord(item, ctx, reasons));
  if (reasons.length > 0) stats.proposed++;
  else stats.added++;
}

export function planMerge(items: readonly ExtractedMemory[], ctx: MergeContext): MergePlan {
  const work = new Working(ctx.active);
  const stats: MergeStats = { added: 0, updated: 0, superseded: 0, unchanged: 0, dropped: 0, proposed: 0 };
  const droppedLabels: string[] = [];
  for (const [i, raw] of items.entries()) {
    const cleaned = withoutInvisible(raw.content);
    const content = cleaned.text.trim().slice(0, MAX_MEMORY_CHARS);
    const label = content ? sensitiveLabel(content, ctx.patterns) : 'empty';
    if (label) {
      stats.dropped++;
      droppedLabels.push(label);
      continue;
    }
    mergeOne(
      work,
      {
        ...raw,
        content,
        removed: cleaned.removed,
        assistant: ctx.fromAssistant?.[i] ?? false,
        space: filedSpace(ctx.space ?? null, raw),
        when: plausibleWhen(raw.when, localDay(Date.parse(ctx.now))),
      },
      ctx,
      stats,
    );
  }
  const writes = [...work.changed].map((id) => work.byId.get(id)).filter((m): m is MemoryRecord => !!m);
  return { writes, stats, droppedLabels, restsOn: [...work.consulted] };
}
