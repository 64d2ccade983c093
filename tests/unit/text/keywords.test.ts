import { describe, expect, it } from 'vitest';
import { CHAR_MARK, tagsFor, termsOf } from '../../../lib/text/keywords';

describe('keywords', () => {
  it('lemmatises and stems English, drops stop words, keeps numbers', () => {
    const terms = termsOf('Priya researched rescue shelters and ran 3 miles');
    expect(terms).toEqual(expect.arrayContaining(['priya', 'research', 'rescu', 'shelter', 'run', '3', 'mile']));
    expect(terms).not.toContain('and');
    // "fishing" (noun) and "fished" (verb) meet on one stem.
    expect(termsOf('went fishing')).toContain('fish');
    expect(termsOf('Where has he fished?')).toContain('fish');
  });

  it('segments Chinese and adds bigrams so imperfect splits still meet', () => {
    const terms = termsOf('我平时晚上九点以后才有空学习');
    expect(terms).toEqual(expect.arrayContaining(['平时', '晚上', '以后', '学习', '九点', '有空']));
    // A word the segmenter glued differently in the query still shares its bigram.
    expect(termsOf('有空的时候')).toContain('有空');
    expect(terms).toContain(`${CHAR_MARK}空`);
    expect(terms).not.toContain('我');
  });

  it('handles mixed Chinese and English in one text, in order', () => {
    const terms = termsOf('用户的后端主要用 Go 写，部署在 Kubernetes，用 TiDB 2024');
    expect(terms).toEqual(expect.arrayContaining(['后端', 'kubernet', 'tidb', '2024']));
    expect(tagsFor('用户的后端主要用 Go 写，部署在 Kubernetes')).toEqual(
      expect.arrayContaining(['主要', 'kubernetes']),
    );
  });

  it('keeps Japanese kanji/katakana words, not hiragana grammar', () => {
    const terms = termsOf('日本語を勉強しています');
    expect(terms).toEqual(expect.arrayContaining(['日本', '勉強']));
    expect(terms).not.toContain('を');
  });

  it('returns nothing for empty or symbol-only text', () => {
    expect(termsOf('')).toEqual([]);
    expect(termsOf('  ，。!?…  ')).toEqual([]);
    expect(tagsFor('')).toEqual([]);
  });

  it('copes with huge input and caps tags', () => {
    const huge = '用户爱喝绿茶 and enjoys long hikes in the mountains. '.repeat(2000);
    expect(termsOf(huge).length).toBeGreaterThan(10_000);
    const tags = tagsFor(huge, 5);
    expect(tags).toHaveLength(5);
    expect(new Set(tags).size).toBe(5);
  });

  it('normalises full-width text (NFKC) and case', () => {
    expect(termsOf('ＴｉＤＢ')).toEqual(termsOf('tidb'));
  });
});
