/**
 * Keywords of a text, used as a memory's stored tags. Intl.Segmenter splits Chinese and
 * Japanese into words and leaves Latin words whole, so one pass handles mixed text.
 * (The retrieval issue replaces this with wink-nlp lemmas for English plus CJK bigrams.)
 */
const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });

const STOP = new Set(
  "a an and are as at be but by do for from has have i i'm in is it its me my of on or so that the this to was we were with you your 的 了 是 我 你 在 和 也 都 就 很 吗 呢 吧 啊".split(
    ' ',
  ),
);

export function tagsFor(text: string, max = 12): string[] {
  const seen = new Set<string>();
  for (const { segment, isWordLike } of segmenter.segment(text.normalize('NFKC'))) {
    if (!isWordLike) continue;
    const word = segment.toLowerCase();
    if (STOP.has(word) || (word.length < 2 && !/[\p{Script=Han}\d]/u.test(word))) continue;
    seen.add(word);
    if (seen.size >= max) break;
  }
  return [...seen];
}
