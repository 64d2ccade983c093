/**
 * What makes a memory's keywords, said once: the extraction prompt (prompt_templates/extract.md,
 * at its `<!-- keywords -->` marker) and the "Add keywords" call (keywords-prompt.ts) both carry
 * this text, so a memory gets the same kind of keywords whichever call wrote them. The
 * categories named are the circumstances the ranker reads from a keyword that names one
 * (lib/ranking/profile.ts). A change here changes both prompts: benchmark keywords files name the
 * prompt that made them (bench/lib/keyword-cache.ts).
 */
export const KEYWORDS_RULES = [
  "Give each memory 2–8 short keywords, the words someone would search for it with when their request does not repeat the memory's words:",
  '',
  '- its category: "home city", "family", "diet", "allergy", "health", "job", "budget", "schedule", "居住地", "家人", "饮食", "作息";',
  '- common synonyms of its main terms ("kids" for a daughter, "vegetarian" for "doesn\'t eat meat", "relocated" for "moved");',
  '- its main terms translated into the other of English and Chinese: a Chinese memory gets English keywords, an English memory gets Chinese ones.',
  '',
  'Keywords are search terms, not a summary: one to three words each, no sentences.',
].join('\n');
