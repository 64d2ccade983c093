/**
 * Fills prompt_templates/extract.md for one transcript window. The template's system part is
 * the same for every call (its keywords section is the text the keywords call uses too,
 * keywords-rules.ts); the user part carries the related memories (under short aliases,
 * which cost a few tokens where a UUID costs ~20), the chat's space (its name and description
 * are the user's text: data in a frame of their own, escaped like the transcript, so a
 * description can no more close its frame or add rules than a chat message can) and the
 * window's transcript.
 */
import template from '../../prompt_templates/extract.md?raw';
import { KEYWORDS_RULES } from '../add-keywords/keywords-rules';
import type { MemoryRecord } from '../memory/types';
import { escapeMemoryText } from '../ranking/render';
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
}

export interface BuiltPrompt {
  system: string;
  user: string;
  aliases: AliasMap;
}

function attr(value: string): string {
  return escapeMemoryText(value).replace(/["<>]/g, ' ').slice(0, 200);
}

function renderExisting(related: readonly MemoryRecord[]): { text: string; aliases: AliasMap } {
  const aliases = new Map<string, string>();
  const lines = related.map((m, i) => {
    const alias = `m${i + 1}`;
    aliases.set(alias, m.id);
    return `[${alias}] (${m.type}, importance ${m.importance}) ${escapeMemoryText(m.content)}`;
  });
  return { text: lines.length > 0 ? lines.join('\n') : '(none)', aliases };
}

/**
 * The space frame of the request, with what to do about it: only a chat in a space pays for
 * these words. One pass over the template, so a name cannot expand the description's placeholder.
 */
function renderSpace(space: ExtractionSpace | null | undefined): string {
  if (!space) return '';
  // Plain text by the space rules: no `<` of its own may open or close a frame.
  const text = (value: string) => escapeMemoryText(value).replaceAll('<', '‹');
  const fills: Record<string, string> = {
    space_name: text(space.name),
    space_description: text(space.description) || '(none)',
  };
  return `${spacePart.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => fills[key] ?? whole).trim()}\n\n`;
}

export function buildPrompt(input: PromptInput): BuiltPrompt {
  const { text, aliases } = renderExisting(input.related);
  const previous = input.previousSummary.trim()
    ? `<summary_so_far>${escapeMemoryText(input.previousSummary)}</summary_so_far>\n\n`
    : '';
  const fills: Record<string, string> = {
    existing: text,
    previous_summary: previous,
    space: renderSpace(input.space),
    site: attr(input.site),
    title: attr(input.title),
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
