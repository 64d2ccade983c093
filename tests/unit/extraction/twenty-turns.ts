/** Loads the 20-message fixture chat (tests/fixtures/extraction/chat-20-turns.json). */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ExtractedMemory } from '../../../lib/extraction/extract-schema';
import { createMemory } from '../../../lib/memory/factory';
import type { MemoryRecord, MemoryType } from '../../../lib/memory/types';
import type { SiteId } from '../../../lib/sites/ids';

export interface TwentyTurns {
  site: SiteId;
  conversationId: string;
  url: string;
  title: string;
  existing: { id: string; content: string; type: MemoryType; importance: number }[];
  turns: { role: 'user' | 'assistant'; text: string }[];
  answer: { summary: string; memories: ExtractedMemory[] };
}

export function loadTwentyTurns(): TwentyTurns {
  const file = resolve(import.meta.dirname, '../../fixtures/extraction/chat-20-turns.json');
  return JSON.parse(readFileSync(file, 'utf8')) as TwentyTurns;
}

/** The stored memories the chat starts from, with the fixture's ids. */
export function existingRecords(fixture: TwentyTurns, at: string): MemoryRecord[] {
  return fixture.existing.map((e) => ({ ...createMemory(e), id: e.id, createdAt: at, updatedAt: at }));
}

/** The scripted answer with each '@<id>' target replaced by what `aliasFor(id)` says. */
export function answerWithAliases(fixture: TwentyTurns, aliasFor: (id: string) => string): TwentyTurns['answer'] {
  const memories = fixture.answer.memories.map((m) =>
    m.target?.startsWith('@') ? { ...m, target: aliasFor(m.target.slice(1)) } : m,
  );
  return { ...fixture.answer, memories };
}
