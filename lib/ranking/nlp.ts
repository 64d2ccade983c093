/**
 * The one wink-nlp instance. Its English model is ~3.8 MB, so only the background service
 * worker and Node (tests, bench) may import this file: never the content script or the side
 * panel. The model is parsed on first use, not at import, so a worker that wakes
 * for an unrelated message does not pay for it.
 */

import model from 'wink-eng-lite-web-model';
import winkNLP, { type ItsFunction } from 'wink-nlp';
import stem from 'wink-porter2-stemmer';

type Wink = ReturnType<typeof winkNLP>;

let instance: Wink | null = null;

/** `pos` is needed for lemmas; `ner` keeps dates, money and times as whole entities. */
function nlp(): Wink {
  instance ??= winkNLP(model, ['pos', 'ner']);
  return instance;
}

export interface EnglishToken {
  /** Lower-cased lemma ("researched" → "research", "kids" → "kid", "ran" → "run"). */
  lemma: string;
  /**
   * Porter2 stem of the lemma: the lemma alone depends on the part of speech ("camping" the
   * noun vs "camp" the verb), the stem joins them ("camp").
   */
  stem: string;
  /** wink's token type: word, number, time, currency, punctuation, email, url… */
  type: string;
  stop: boolean;
}

/**
 * A capitalised stop word inside a sentence is a name, not a function word: "Go" the language
 * in "后端只用 Go 写", "May" the month. Sentence-initial capitals prove nothing.
 */
function properNoun(values: readonly string[], types: readonly string[], i: number): boolean {
  const v = values[i] ?? '';
  if (v.length < 2 || v[0] === v[0]?.toLowerCase()) return false;
  const prev = values[i - 1];
  return i > 0 && !(types[i - 1] === 'punctuation' && /^[.!?]$/.test(prev ?? ''));
}

export function englishTokens(text: string): EnglishToken[] {
  const w = nlp();
  const its = w.its;
  const tokens = w.readDoc(text).tokens();
  // wink's typings give `its.lemma` a signature `out()` does not accept; at run time it is fine.
  const lemmas = tokens.out(its.lemma as unknown as ItsFunction<string>) as string[];
  const values = tokens.out(its.value) as string[];
  const types = tokens.out(its.type) as string[];
  const stops = tokens.out(its.stopWordFlag) as unknown as boolean[];
  return lemmas.map((raw, i) => {
    const lemma = raw.toLowerCase();
    const type = types[i] ?? 'word';
    const stop = !!stops[i] && !properNoun(values, types, i);
    return { lemma, stem: type === 'word' ? stem(lemma) : lemma, type, stop };
  });
}
