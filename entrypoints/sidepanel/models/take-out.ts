/**
 * Taking memories elsewhere, from what the panel already holds: a Markdown file grouped by
 * type, and a short text for a custom-instruction box within a limit the user sets (kept in
 * this panel's local storage; ChatGPT's 1,500 characters by default).
 */
import { signal } from '@preact/signals';
import { t } from '../../../lib/i18n';
import { scopeLabel, typeLabel } from '../../../lib/i18n/labels';
import type { Space } from '../../../lib/memory/spaces';
import { send } from '../../../lib/protocol/panel-send';
import {
  CHATGPT_CUSTOM_INSTRUCTIONS_CHARS,
  charCount,
  customInstructionText,
  MAX_LIMIT,
  MIN_LIMIT,
} from '../../../lib/take-out/custom-text';
import { memoriesToMarkdown } from '../../../lib/take-out/markdown';
import { now } from '../../../lib/time';
import { memories } from './memories';
import { fail, messageOf, say } from './notice';

const LIMIT_KEY = 'claude-mem.customInstructionLimit';

function storedLimit(): number {
  const n = Number(globalThis.localStorage?.getItem(LIMIT_KEY));
  return Number.isInteger(n) && n >= MIN_LIMIT && n <= MAX_LIMIT ? n : CHATGPT_CUSTOM_INSTRUCTIONS_CHARS;
}

export const customLimit = signal(storedLimit());

export function setCustomLimit(n: number): void {
  const clamped = Math.max(MIN_LIMIT, Math.min(MAX_LIMIT, Math.round(n)));
  customLimit.value = clamped;
  globalThis.localStorage?.setItem(LIMIT_KEY, String(clamped));
}

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function markdownText(spaces: readonly Space[], at: string = now()): string {
  return memoriesToMarkdown(
    memories.value,
    {
      title: (date, n) => t('takeout.markdownTitle', { date, n }),
      type: typeLabel,
      importance: t('takeout.importance'),
      onlyOn: (site) => t('takeout.onlyOn', { site: scopeLabel(site) }),
      pinned: t('takeout.pinned'),
      everywhere: t('takeout.everywhere'),
    },
    at,
    spaces,
  );
}

/** Grouped by space: the spaces' names are read when the file is made. */
export async function exportMarkdown(): Promise<void> {
  const file = `claude-mem-${now().slice(0, 10)}.md`;
  try {
    const { spaces } = await send('spaces.list', {});
    download(file, markdownText(spaces), 'text/markdown');
    say(() => t('takeout.exported', { file }));
  } catch (error) {
    fail(() => messageOf(error));
  }
}

export async function copyForInstructions(): Promise<void> {
  const out = customInstructionText(memories.value, t('takeout.heading'), customLimit.value);
  if (!out.text) {
    fail(() => t('takeout.nothing'));
    return;
  }
  try {
    await navigator.clipboard.writeText(out.text);
    say(() => t('takeout.copied', { n: out.included, chars: charCount(out.text), left: out.left }));
  } catch (error) {
    fail(() => t('takeout.copyFailed', { error: messageOf(error) }));
  }
}
