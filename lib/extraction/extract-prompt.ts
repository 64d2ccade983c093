/**
 * Fills prompt_templates/extract.md for one transcript window. The template's system part is
 * the same for every call (its keywords section is the text the keywords call uses too,
 * keywords-rules.ts); the user part carries the related memories (under short aliases,
 * which cost a few tokens where a UUID costs ~20), the chat's space (its name and description
 * are the user's text: data in a frame of their own, escaped like the transcript, so a
 * description can no more close its frame or add rules than a chat message can) and the
 * window's transcript. Every field from the user's data (the title, the memories, the summary,
 * the space's name and description) goes through the privacy filter's exit as the transcript
 * does (lib/privacy/leaving.ts).
 */
import template from '../../prompt_templates/extract.md?raw';
import { KEYWORDS_RULES } from '../add-keywords/keywords-rules';
import type { MemoryRecord } from '../memory/types';
import { leavingLine } from '../privacy/leaving';
import { escapeMemoryText } from '../ranking/block';
import type { PrivacyPattern } from '../settings/schema';
import type { ExtractionSpace } from './space-filing';
import { renderWindow, type TranscriptWindow } from './transcript';

const [systemPart = '', rest = ''] = template.split('<!-- user -->');
const [userPart = '', spacePart = ''] = rest.split('<!-- space -->');
export const EXTRACT_SYSTEM_PROMPT = systemPart
  .replace('<!-- system -->', '')
  .replace('<!-- keywords -->', KEYWORDS_RULES)
  .trim();

/** Alias → memory id for the memories shown to the model in one call. */
export type AliasMap = ReadonlyMap<string, string>;

export interface PromptInput {
  site: string;
  title: string;
  window: TranscriptWindow;
  related: readonly MemoryRecord[];
  /** The summary written for the previous window (or a previous extraction of this chat). */
  previousSummary: string;
  /** The chat's space; absent or null: the chat is in none. */
  space?: ExtractionSpace | null;
  /** The user's privacy patterns (the built-in ones always run). */
  privacyPatterns: readonly PrivacyPattern[];
}

export interface BuiltPrompt {
  system: string;
  user: string;
  aliases: AliasMap;
}

type Patterns = readonly PrivacyPattern[];

/** A field of the user's data as it may leave: filtered, one line, escaped as memory text. */
const leaving = (value: string, patterns: Patterns) => escapeMemoryText(leavingLine(value, patterns));

function attr(value: string, patterns: Patterns): string {
  return leaving(value, patterns).replace(/["<>]/g, ' ').slice(0, 200);
}

function renderExisting(related: readonly MemoryRecord[], patterns: Patterns): { text: string; aliases: AliasMap } {
  const aliases = new Map<string, string>();
  const lines = related.map((m, i) => {
    const alias = `m${i + 1}`;
    aliases.set(alias, m.id);
    return `[${alias}] (${m.type}, importance ${m.importance}) ${leaving(m.content, patterns)}`;
  });
  return { text: lines.length > 0 ? lines.join('\n') : '(none)', aliases };
}

/**
 * The space frame of the request, with what to do about it: only a chat in a space pays for
 * these words. One pass over the template, so a name cannot expand the description's placeholder.
 */
function renderSpace(space: ExtractionSpace | null | undefined, patterns: Patterns): string {
  if (!space) return '';
  // Plain text by the space rules: no `<` of its own may open or close a frame.
  const text = (value: string) => leaving(value, patterns).replaceAll('<', '‹');
  const fills: Record<string, string> = {
    space_name: text(space.name),
    space_description: text(space.description) || '(none)',
  };
  return `${spacePart.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => fills[key] ?? whole).trim()}\n\n`;
}

export function buildPrompt(input: PromptInput): BuiltPrompt {
  const patterns = input.privacyPatterns;
  const { text, aliases } = renderExisting(input.related, patterns);
  const previous = input.previousSummary.trim()
    ? `<summary_so_far>${leaving(input.previousSummary, patterns)}</summary_so_far>\n\n`
    : '';
  const fills: Record<string, string> = {
    existing: text,
    previous_summary: previous,
    space: renderSpace(input.space, patterns),
    site: attr(input.site, patterns),
    title: attr(input.title, patterns),
    transcript: renderWindow(input.window),
  };
  // One pass, so a placeholder-like string inside the transcript is never expanded.
  const user = userPart.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => fills[key] ?? whole).trim();
  return { system: EXTRACT_SYSTEM_PROMPT, user, aliases };
}

/** Resolves what the model put in `target`: an alias we gave it, or a full id it echoed. */
export function resolveTarget(target: string | undefined, aliases: AliasMap): string | null {
  if (!target) return null;
  const key = target.trim().replace(/^\[|\]$/g, '');
  if (aliases.has(key)) return aliases.get(key) ?? null;
  for (const id of aliases.values()) if (id === key) return id;
  return null;
}
