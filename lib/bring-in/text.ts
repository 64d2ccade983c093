/**
 * Splits pasted text or a Markdown file into memories, one per item:
 * - bullet and numbered lists (-, *, •, 1., 1), (1), 一、, （一）, ①), Markdown task boxes;
 * - one memory per line when the text is a list of lines, as ChatGPT's "Manage memories"
 *   screen copies (one saved memory per row), with its UI words ("Saved memories",
 *   "Delete all", 管理记忆 …) left out;
 * - prose paragraphs, as Claude's memory summary reads (headings such as "Work context" then
 *   paragraphs), split into sentences;
 * - headings (Markdown `#`, a bold line, a short line ending in ":") name the section of the
 *   items under them, which hints at the type;
 * - a leading date ("[2025-03-02] - …", the shape Claude's import prompt asks other
 *   assistants for) becomes the memory's date; this extension's own Markdown export puts
 *   importance and date in a trailing "_(…)_", read back here.
 * Code blocks, tables, rules and front matter are skipped. Pure: runs in the side panel.
 */
import { normalizeContent } from '../memory/normalize';
import { guessImportance, guessType } from './guess';
import { type FoundItem, type FoundSource, MAX_ITEM_CHARS, MAX_ITEMS } from './types';

/** Words of the memory screens themselves, never memories (compared case-insensitively). */
const CHROME = new Set(
  [
    'saved memories',
    'manage memories',
    'manage memory',
    'memory',
    'memories',
    'delete all',
    'delete',
    'search memories',
    'memory is full',
    'memory updated',
    'clear memory',
    "clear chatgpt's memory",
    'reference saved memories',
    '已保存的记忆',
    '保存的记忆',
    '管理记忆',
    '记忆',
    '全部删除',
    '删除全部',
    '删除',
    '搜索记忆',
    '记忆已满',
    '记忆已更新',
  ].map((s) => s.toLowerCase()),
);

const BULLET =
  /^\s*(?:[-*+]\s+|[•·◦‣▪●○–—]\s*|\d{1,3}[.)、．](?!\d)\s*|[(（]\d{1,3}[)）]\s*|[一二三四五六七八九十]{1,3}[、．]\s*|[(（][一二三四五六七八九十]{1,3}[)）]\s*|[①-⑳]\s*)(?:\[[ xX]\]\s*)?/u;
const HEADING_MD = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/;
const HEADING_BOLD = /^\s*(?:\*\*|__)(.+?)(?:\*\*|__)\s*[:：]?\s*$/;
const HEADING_COLON = /^\s*([^.!?。！？:：]{1,40})[:：]\s*$/;
const LEADING_DATE = /^\s*[[(（]?(\d{4}[-/.]\d{1,2}[-/.]\d{1,2})[\])）]?\s*(?:[-–—:：|]\s*)?/;
const OWN_META = /\s*_?\((?:importance|重要性)\s*([1-5])(?:\s*·\s*(\d{4}-\d{2}-\d{2}))?[^)]*\)_?\s*$/i;
const SENTENCE_END = /[.!?。！？…)）"”]$/;

interface Line {
  text: string;
  section: string | null;
  bullet: boolean;
  /** Indented and not a bullet: continues the bullet above it. */
  cont: boolean;
}

function isoDay(raw: string): string | null {
  const [y, m, d] = raw.split(/[-/.]/).map(Number);
  if (!y || !m || !d || m > 12 || d > 31) return null;
  const at = Date.UTC(y, m - 1, d);
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** Markdown inline marks off: links keep their text, emphasis and code marks go. */
function plainInline(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(?<![\w*])[*_](?!\s)(.+?)(?<!\s)[*_](?![\w*])/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .trim();
}

function headingOf(line: string): string | null {
  const m = HEADING_MD.exec(line) ?? HEADING_BOLD.exec(line) ?? HEADING_COLON.exec(line);
  return m?.[1] ? plainInline(m[1]) : null;
}

/** Lines with their section, bullet lines marked; skipped structure removed. */
function scan(text: string): Line[] {
  const out: Line[] = [];
  let section: string | null = null;
  let fence = false;
  const lines = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  let start = 0;
  if (lines[0]?.trim() === '---') {
    const end = lines.indexOf('---', 1);
    if (end > 0) start = end + 1;
  }
  for (const raw of lines.slice(start)) {
    if (/^\s*(```|~~~)/.test(raw)) {
      fence = !fence;
      continue;
    }
    if (fence || /^\s*\|/.test(raw) || /^\s*([-*_=])(\s*\1){2,}\s*$/.test(raw) || /^\s*>?\s*$/.test(raw)) {
      out.push({ text: '', section, bullet: false, cont: false });
      continue;
    }
    const bullet = BULLET.test(raw);
    const heading = bullet ? null : headingOf(raw);
    if (heading) {
      section = heading;
      out.push({ text: '', section, bullet: false, cont: false });
      continue;
    }
    const body = plainInline(raw.replace(BULLET, '').replace(/^\s*>\s?/, ''));
    if (CHROME.has(body.toLowerCase())) continue;
    out.push({ text: body, section, bullet, cont: !bullet && /^\s+\S/.test(raw) });
  }
  return out;
}

/** Sentences of a prose paragraph; a full stop inside "e.g." or "3.5" does not split. */
export function sentences(paragraph: string): string[] {
  const parts = paragraph.split(/(?<=[。！？])|(?<=[\p{L}\p{N})"”'’][.!?])\s+(?=[\p{Lu}"“\p{Script=Han}])/u);
  return parts.map((s) => s.trim()).filter(Boolean);
}

/** Groups scanned lines into raw item texts with their sections. */
function group(lines: Line[]): { text: string; section: string | null }[] {
  const items: { text: string; section: string | null }[] = [];
  let block: Line[] = [];
  let afterBullet = false;
  const flush = () => {
    if (block.length === 0) return;
    const section = block[0]?.section ?? null;
    const texts = block.map((l) => l.text);
    // A lone line under a heading, or a long one, is a paragraph of prose (Claude's summary);
    // consecutive short lines are a list of lines (ChatGPT's memory screen).
    const first = texts[0] ?? '';
    const listLike =
      block.length === 1
        ? section === null && first.length <= 200
        : texts.filter((t) => SENTENCE_END.test(t) || t.length < 90).length * 2 >= texts.length;
    const pieces = listLike ? texts.flatMap((t) => (t.length > 300 ? sentences(t) : [t])) : sentences(texts.join(' '));
    for (const text of pieces) items.push({ text, section });
    block = [];
  };
  for (const line of lines) {
    if (line.bullet) {
      flush();
      items.push({ text: line.text, section: line.section });
      afterBullet = true;
      continue;
    }
    if (!line.text) {
      flush();
      afterBullet = false;
      continue;
    }
    // An indented line right under a bullet continues that bullet's text.
    const last = items[items.length - 1];
    if (line.cont && afterBullet && last) {
      last.text = `${last.text} ${line.text}`;
      continue;
    }
    afterBullet = false;
    if (block.length > 0 && block[0]?.section !== line.section) flush();
    block.push(line);
  }
  flush();
  return items;
}

function toItem(text: string, section: string | null): FoundItem | null {
  let content = text.trim();
  let createdAt: string | null = null;
  let importance: number | null = null;
  const own = OWN_META.exec(content);
  if (own) {
    importance = Number(own[1]);
    if (own[2]) createdAt = isoDay(own[2]);
    content = content.slice(0, own.index).trim();
  }
  const dated = LEADING_DATE.exec(content);
  if (dated?.[1] && isoDay(dated[1])) {
    createdAt ??= isoDay(dated[1]);
    content = content.slice(dated[0].length).trim();
  }
  content = content.slice(0, MAX_ITEM_CHARS);
  if (!/[\p{L}\p{N}]/u.test(content) || normalizeContent(content).length < 2) return null;
  const type = guessType(content, section);
  return { content, type, importance: importance ?? guessImportance(content, type), section, createdAt };
}

/** Every memory in the text, in order, each once (same words = same memory). */
export function parseText(text: string, kind: 'text' | 'markdown' = 'text'): FoundSource {
  const seen = new Set<string>();
  const items: FoundItem[] = [];
  let skipped = 0;
  for (const raw of group(scan(text))) {
    const item = toItem(raw.text, raw.section);
    const key = item ? normalizeContent(item.content) : '';
    if (!item || seen.has(key) || items.length >= MAX_ITEMS) {
      skipped++;
      continue;
    }
    seen.add(key);
    items.push(item);
  }
  return { kind, items, skipped };
}
