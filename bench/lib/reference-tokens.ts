/**
 * The reference token count: @anthropic-ai/tokenizer, the Claude tokenizer that runs offline
 * (it predates Claude 3: a reference, not the truth). Its `countTokens` builds a tokenizer per
 * call; this keeps one for the whole process.
 */
import { getTokenizer } from '@anthropic-ai/tokenizer';

let tokenizer: ReturnType<typeof getTokenizer> | null = null;

export function referenceTokens(text: string): number {
  tokenizer ??= getTokenizer();
  return tokenizer.encode(text.normalize('NFKC'), 'all').length;
}
