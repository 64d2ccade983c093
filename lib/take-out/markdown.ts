/**
 * Memories as a Markdown document people can read: active memories grouped by space (Everywhere
 * first, then each space by name; without spaces in use, no space headings at all), then by type
 * (the order of DESIGN.md §2), most important first, each with its importance and date in a trailing
 * "_(…)_" that "Bring in memories" reads back. Not a backup: the JSON export is the one exact
 * round-trip format. Pure; the caller passes the words in the panel's language.
 */
import type { Space } from '../memory/spaces';
import { MEMORY_TYPES, type MemoryRecord, type MemoryType } from '../memory/types';

export interface MarkdownWords {
  /** The top heading, with the date and count in it (a line under it would read as a memory). */
  title: (date: string, n: number) => string;
  type: (type: MemoryType) => string;
  importance: string;
  /** Shown for a memory kept to one site. */
  onlyOn: (site: string) => string;
  pinned: string;
  /** The heading of memories in no space (shown only when some memory is in a space). */
  everywhere: string;
}

export function byWeight(a: MemoryRecord, b: MemoryRecord): number {
  return (
    Number(b.pinned) - Number(a.pinned) ||
    b.importance - a.importance ||
    b.hitCount - a.hitCount ||
    b.updatedAt.localeCompare(a.updatedAt) ||
    a.id.localeCompare(b.id)
  );
}

/** One line of text: Markdown list items must not break, and `_(` would fake our metadata. */
function oneLine(text: string): string {
  return text.replace(/\s*\n+\s*/g, ' ').trim();
}

function line(m: MemoryRecord, words: MarkdownWords): string {
  const meta = [`${words.importance} ${m.importance}`, m.updatedAt.slice(0, 10)];
  if (m.scope !== 'global') meta.push(words.onlyOn(m.scope));
  if (m.pinned) meta.push(words.pinned);
  return `- ${oneLine(m.content)} _(${meta.join(' · ')})_`;
}

/** A space's name as heading text: it is the user's (or a file's) text, never markup. */
function asText(name: string): string {
  return oneLine(name).replace(/[\\`*_[\]<>#&|~]/g, (c) => `\\${c}`);
}

function byType(group: readonly MemoryRecord[], words: MarkdownWords, level: string): string[] {
  const out: string[] = [];
  for (const type of MEMORY_TYPES) {
    const some = group.filter((m) => m.type === type).sort(byWeight);
    if (some.length === 0) continue;
    out.push('', `${level} ${words.type(type)}`, '', ...some.map((m) => line(m, words)));
  }
  return out;
}

export function memoriesToMarkdown(
  all: readonly MemoryRecord[],
  words: MarkdownWords,
  at: string,
  spaces: readonly Space[] = [],
): string {
  const active = all.filter((m) => m.status === 'active');
  const out = [`# ${words.title(at.slice(0, 10), active.length)}`];
  const named = new Map(spaces.map((s) => [s.id, s.name]));
  // A memory whose space is not here is listed with Everywhere's (it never is: it waits in review).
  const spaceOf = (m: MemoryRecord) => (m.space !== undefined && named.has(m.space) ? m.space : undefined);
  if (!active.some((m) => spaceOf(m) !== undefined)) return `${[...out, ...byType(active, words, '##')].join('\n')}\n`;
  const everywhere = active.filter((m) => spaceOf(m) === undefined);
  if (everywhere.length) out.push('', `## ${asText(words.everywhere)}`, ...byType(everywhere, words, '###'));
  const order = [...spaces].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  for (const space of order) {
    const group = active.filter((m) => spaceOf(m) === space.id);
    if (group.length) out.push('', `## ${asText(space.name)}`, ...byType(group, words, '###'));
  }
  return `${out.join('\n')}\n`;
}
