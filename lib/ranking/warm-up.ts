/**
 * A worker that just woke pays once for everything the first ranking compiles: the tokenizer's
 * patterns, the Chinese and Japanese segmenters, the thesaurus, the intent and cue patterns,
 * the renderer. Done while the index is still being read from IndexedDB (the worker's thread
 * is idle then), the first real message does not pay it.
 */
import { createMemory } from '../memory/factory';
import { MemoryIndex } from './retrieve';
import { selectForInjection } from './select';

const SAMPLE = 'User lives in Chengdu and prefers concise answers; 用户喜欢周末爬山，日本語も少し勉強している。';

export function warmUpRanking(): void {
  const index = new MemoryIndex();
  index.upsert({ ...createMemory({ content: SAMPLE, type: 'preference' }), id: 'warm-up' });
  selectForInjection(index, 'Where should I go hiking this weekend? 这个周末去哪里玩？', {
    site: null,
    now: Date.now(),
    privacyPatterns: [],
    budgetTokens: 1200,
  });
}
