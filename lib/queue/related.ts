/**
 * The stored memories most related to a transcript window, for update/supersede decisions:
 * they go into the extraction prompt (run-job.ts), and into its estimate (estimate.ts). Only
 * memories the chat may reach by its space (`spaces`, chat-space.ts) are candidates: a Work
 * chat's prompt never carries Home's memories to the model.
 */
import { warmIndex } from '../db/memory-index-source';
import type { TranscriptWindow } from '../extraction/transcript';
import type { SpaceFilter } from '../memory/spaces';
import type { Chat, MemoryRecord } from '../memory/types';
import { nowMs } from '../time';

/** How many related memories go into the prompt: enough for update/supersede, cheap in tokens. */
const RELATED_LIMIT = 20;

/**
 * Each user message is ranked on its own (a query keeps only its first words), and a memory
 * keeps its best score over the messages.
 */
export async function relatedMemories(
  window: TranscriptWindow,
  chat: Chat,
  spaces: SpaceFilter,
): Promise<MemoryRecord[]> {
  const index = await warmIndex();
  const best = new Map<string, { memory: MemoryRecord; score: number }>();
  for (const turn of [...window.head, ...window.turns]) {
    if (turn.role !== 'user') continue;
    for (const r of index.rank(turn.text, { site: chat.site, now: nowMs(), limit: RELATED_LIMIT, spaces })) {
      if ((best.get(r.memory.id)?.score ?? -Infinity) < r.score) best.set(r.memory.id, r);
    }
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || a.memory.id.localeCompare(b.memory.id))
    .slice(0, RELATED_LIMIT)
    .map((r) => r.memory);
}
