/** Extraction and the "Add keywords" call ask for keywords with one and the same text. */
import { describe, expect, it } from 'vitest';
import { KEYWORDS_SYSTEM } from '../../../lib/add-keywords/keywords-prompt';
import { KEYWORDS_RULES } from '../../../lib/add-keywords/keywords-rules';
import { EXTRACT_SYSTEM_PROMPT } from '../../../lib/extraction/extract-prompt';

describe('keywords instructions', () => {
  it('are the same shared text in the extraction prompt and in the keywords call', () => {
    expect(EXTRACT_SYSTEM_PROMPT).toContain(KEYWORDS_RULES);
    expect(KEYWORDS_SYSTEM).toContain(KEYWORDS_RULES);
  });

  it('ask for the category, synonyms and the other language, as search terms', () => {
    for (const part of [
      'category',
      'synonyms',
      'translated into the other of English and Chinese',
      'one to three words',
    ]) {
      expect(KEYWORDS_RULES).toContain(part);
    }
  });

  it('leave no marker unfilled in the extraction prompt', () => {
    expect(EXTRACT_SYSTEM_PROMPT).not.toMatch(/<!--/);
  });
});
