/**
 * Memories as a Markdown document people can read: active memories grouped by type (the
 * order of DESIGN.md §2), most important first, each with its importance and date in a trailing
 * "_(…)_" that "Bring in memories" reads back. Not a backup: the JSON export is the one exact
 * round-trip format. Pure; the caller passes the words in the panel's language.
 */
import { MEMORY_TYPES, type MemoryRecord, type MemoryType } from '../memory/types';

export interface MarkdownWords {
  /** The top heading, with the date and count in it (a line under it would read as a memory). */
  title: (date: string, n: number) => string;
  type: (type: MemoryType) => string;
  importance: string;
  /** Shown for a memory kept to one site. */
  onlyOn: (site: string) => string;
  pinned: string;
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

export function memoriesToMarkdown(all: readonly MemoryRecord[], words: MarkdownWords, at: string): string {
  const active = all.filter((m) => m.status === 'active');
  const out = [`# ${words.title(at.slice(0, 10), active.length)}`];
  for (const type of MEMORY_TYPES) {
    const group = active.filter((m) => m.type === type).sort(byWeight);
    if (group.length === 0) continue;
    out.push('', `## ${words.type(type)}`, '', ...group.map((m) => line(m, words)));
  }
  return `${out.join('\n')}\n`;
}
