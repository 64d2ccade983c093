/**
 * The past-chats search reads no chat when no chat's matching turns, all together, hold the
 * floor's share of the request (lib/db/past-chats.ts). That is exact only if an excerpt never
 * covers more than its chat's matching turns together: checked here on the real scoring and
 * cutting, for any request words, postings, turn lengths and keywords.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { excerptQuery, excerptTerms, scoreTurns } from '../../../lib/history/excerpt-score';
import { excerptsOfChat, type TurnMatch } from '../../../lib/history/excerpts';
import { chatOfKey, type TermList, turnOfKey } from '../../../lib/history/turn-lists';

const WORDS = ['lisbon', 'visa', 'budget', 'ferry', 'museum', 'train', 'hotel', 'alfama', '签证', '预算'];
const TURN_SPAN = 1_048_576;

describe("an excerpt's coverage", () => {
  it("is never more than its chat's matching turns hold together", () => {
    fc.assert(
      fc.property(
        fc.subarray(WORDS, { minLength: 1 }),
        fc.subarray(WORDS),
        fc.array(fc.integer({ min: 5, max: 900 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(2), fc.nat(11), fc.nat(WORDS.length * 4)), { maxLength: 60 }),
        (draftWords, keywords, lengths, postings) => {
          const query = excerptQuery(`Can you help me with ${draftWords.join(' ')}?`, keywords);
          const terms = excerptTerms(query);
          // Each posting puts one term in one turn of one of three chats (turns past a chat's end
          // stay in: the index may hold turns the chat has lost since).
          const byTerm = new Map<string, Set<number>>();
          for (const [chat, turn, t] of postings) {
            const term = terms[t % terms.length]!;
            byTerm.set(term, (byTerm.get(term) ?? new Set()).add((chat + 1) * TURN_SPAN + turn));
          }
          const lists = new Map<string, TermList>();
          for (const [term, keys] of byTerm) {
            const sorted = Float64Array.from([...keys].sort((a, b) => a - b));
            lists.set(term, { keys: sorted, tfs: sorted.map(() => 1) });
          }
          const scored = scoreTurns(query, lists, 60);
          const byChat = new Map<number, TurnMatch[]>();
          for (const [key, score] of scored.score) {
            const list = byChat.get(chatOfKey(key)) ?? [];
            list.push({ turn: turnOfKey(key), score, units: scored.held.get(key) ?? [] });
            byChat.set(chatOfKey(key), list);
          }
          const turns = lengths.map(
            (n, i) => ({ role: i % 2 === 0 ? 'user' : 'assistant', text: 'x'.repeat(n) }) as const,
          );
          for (const [n, matches] of byChat) {
            const bound = scored.coverageOf(matches.flatMap((m) => m.units));
            const chat = { id: `c${n}`, site: 'chatgpt' as const, title: 't', url: 'u', updatedAt: '', turns };
            for (const e of excerptsOfChat(chat, matches, matches, scored.coverageOf, (t) => t)) {
              expect(e.coverage).toBeLessThanOrEqual(bound);
            }
          }
        },
      ),
    );
  });
});
