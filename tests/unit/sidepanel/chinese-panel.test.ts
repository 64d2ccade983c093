/**
 * No English in the Chinese panel: every panel string has a Chinese form that is Chinese; every
 * backup reason the background writes (read from its source, so a new one cannot slip by) has
 * its Chinese name; the model's own error details, as lib/model really writes them, reach the
 * Chinese panel translated or inside a Chinese sentence; the preview's why-sentences are Chinese.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { whySentence } from '../../../entrypoints/sidepanel/models/why-chosen';
import { hasCjk } from '../../../lib/cjk';
import { lang } from '../../../lib/i18n';
import { STRING_MODULES } from '../../../lib/i18n/dictionary';
import { backupReasonLabel, detailLabel } from '../../../lib/i18n/labels';
import { forcedToolCall } from '../../../lib/model/tool-call';

const ROOT = resolve(import.meta.dirname, '../../..');

afterEach(() => {
  lang.value = 'en';
});

/** Every .ts file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The reasons the background gives its backups, as written in its calls. */
function backupReasons(): string[] {
  const found = new Set<string>();
  for (const file of [...sources(join(ROOT, 'lib')), ...sources(join(ROOT, 'entrypoints/background'))]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:createBackup|backupBefore|backupFirst)\(\s*'([^']+)'/g)) found.add(m[1]!);
    for (const m of text.matchAll(/\? '((?:before|after) [^']+)' : '((?:before|after) [^']+)'/g)) {
      found.add(m[1]!);
      found.add(m[2]!);
    }
  }
  return [...found].sort();
}

/** A fake Anthropic client answering one message: the real lib/model code writes the detail. */
function answering(content: unknown[]): Anthropic {
  const message = { content, stop_reason: 'end_turn', usage: { input_tokens: 1, output_tokens: 1 } };
  return { messages: { create: async () => message } } as unknown as Anthropic;
}

const TOOL = {
  name: 'save_memories',
  description: 'Save memories',
  schema: z.object({ memories: z.array(z.object({ content: z.string(), importance: z.number() })) }),
};

async function modelProblem(content: unknown[]): Promise<string> {
  const request = { model: 'm', maxTokens: 10, system: '', tool: TOOL, user: 'hi' };
  const result = await forcedToolCall(answering(content), request, new AbortController().signal);
  if (result.problem === null) throw new Error('the answer was used');
  return result.problem;
}

describe('the Chinese panel', () => {
  it('has every panel string in Chinese (Chinese characters, not the English copied)', () => {
    const entries = STRING_MODULES.flatMap((mod) => Object.entries(mod)) as [string, readonly [string, string]][];
    expect(entries.length).toBeGreaterThan(500);
    // Words in Latin letters and no Chinese: English left in. Punctuation and number formats
    // ("{done} / {total}", "、") carry no words; a company's name reads the same in both.
    const english = entries.filter(([key, [, zh]]) => {
      const words = zh.replace(/\{[^{}]*\}/g, '');
      return /[A-Za-z]/.test(words) && !hasCjk(words) && !key.startsWith('provider.name.');
    });
    expect(english.map(([key, [, zh]]) => `${key}: ${zh}`)).toEqual([]);
  });

  it('names every backup reason the background writes', () => {
    const reasons = backupReasons();
    expect(reasons).toContain('before space delete');
    expect(reasons).toContain('after edits');
    lang.value = 'zh';
    const english = reasons.filter((r) => !hasCjk(backupReasonLabel(r)));
    expect(english).toEqual([]);
    // One a later version writes is named in Chinese too, never shown as written.
    expect(hasCjk(backupReasonLabel('before a future thing'))).toBe(true);
    lang.value = 'en';
    expect(backupReasonLabel('after edits')).toBe('after edits');
  });

  it('shows the model’s error details translated, or inside a Chinese sentence', async () => {
    const malformed = await modelProblem([
      { type: 'tool_use', id: 't', name: 'save_memories', input: { memories: [{ content: 'x' }] } },
    ]);
    const noCall = await modelProblem([{ type: 'text', text: 'I would rather not.' }]);
    expect(malformed).toMatch(/^the model's answer is malformed: /);
    lang.value = 'zh';
    expect(detailLabel(malformed)).toMatch(/^模型的回答格式不对：/);
    expect(detailLabel(noCall)).toBe('模型没有调用 save_memories（停止原因：end_turn）');
    expect(detailLabel('No API key is set: add one in Settings to tidy up with the model.')).toBe(
      '还没有设置 API 密钥：请在设置中添加。',
    );
    const raw = '401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}';
    expect(detailLabel(raw)).toBe(`原始信息（英文）：${raw}`);
    // Chinese from a Chinese API is shown as it is; English in the English panel too.
    expect(detailLabel('余额不足')).toBe('余额不足');
    lang.value = 'en';
    expect(detailLabel(malformed)).toBe(malformed);
  });

  it('says why a memory is in the preview in Chinese', () => {
    lang.value = 'zh';
    const reasons = ['pinned', 'intent', 'profile', 'importance', 'recency', 'hits', 'feedback'] as const;
    for (const reason of reasons) expect(hasCjk(whySentence({ kind: 'other', reason })), reason).toBe(true);
    expect(whySentence({ kind: 'meaning' })).toMatch(/意思相近/);
    expect(whySentence({ kind: 'words', words: ['FastAPI', '账单'] })).toBe('和你的消息都提到了“FastAPI”“账单”。');
  });
});
