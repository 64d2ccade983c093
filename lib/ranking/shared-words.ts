/**
 * The words a memory shares with a request, as the memory writes them: read with the ranker's
 * own tokenizer, so "works" meets "working" here as it does in the index. Background and Node
 * only (the tokenizer stays out of the page and the panel): the panel gets the words with the
 * preview and with each Activity record, and says them in a sentence.
 */
import { CHAR_MARK, termsOf } from '../text/keywords';

/** How many shared words are named at most. */
const MAX_SHARED_WORDS = 4;

/** A text's index terms without the single CJK characters (too weak to call a shared word). */
function indexTerms(text: string): Set<string> {
  return new Set(termsOf(text).filter((term) => !term.startsWith(CHAR_MARK)));
}

/** `term` as the memory writes it (its case), or the term itself. */
function asWritten(content: string, term: string): string {
  const at = content.toLowerCase().indexOf(term);
  return at < 0 ? term : content.slice(at, at + term.length);
}

/**
 * The words each memory shares with `request`, first written first: the request is read once,
 * however many memories are asked about (a block's dozen, on the send).
 */
export function wordsSharedWith(request: string): (content: string) => string[] {
  const wanted = indexTerms(request);
  return (content) => {
    const out: string[] = [];
    for (const word of new Set(termsOf(content, { bigrams: false }))) {
      if ([...indexTerms(word)].some((term) => wanted.has(term))) out.push(asWritten(content, word).slice(0, 80));
      if (out.length === MAX_SHARED_WORDS) break;
    }
    return out;
  };
}

/** The memory's words that meet the request's, first written first. */
export function sharedWords(request: string, content: string): string[] {
  return wordsSharedWith(request)(content);
}
