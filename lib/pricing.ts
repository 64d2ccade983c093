/**
 * The one place that states what a call is assumed to cost (USD per million tokens, Anthropic
 * list prices for standard, uncached requests; checked against the model overview pages).
 * Matched by model-id prefix, most specific first. An unknown model (a custom base URL may
 * serve anything) is priced like a Sonnet, so the estimate errs high rather than low.
 */
export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
  /** False when the model is not in the table and the fallback price was used. */
  known: boolean;
}

const PRICES: readonly [prefix: string, input: number, output: number][] = [
  ['claude-haiku-4', 1, 5],
  ['claude-3-5-haiku', 0.8, 4],
  ['claude-3-haiku', 0.25, 1.25],
  ['claude-sonnet-4', 3, 15],
  ['claude-3-7-sonnet', 3, 15],
  ['claude-3-5-sonnet', 3, 15],
  ['claude-opus-4-5', 5, 25],
  ['claude-opus-4', 15, 75],
];

const FALLBACK: ModelPrice = { inputPerMTok: 3, outputPerMTok: 15, known: false };

export function priceFor(model: string): ModelPrice {
  const id = model.trim().toLowerCase();
  const row = PRICES.find(([prefix]) => id.startsWith(prefix));
  return row ? { inputPerMTok: row[1], outputPerMTok: row[2], known: true } : FALLBACK;
}

export function costUsd(model: string, inputTokens: number, outputTokens: number): number {
  const price = priceFor(model);
  return (inputTokens * price.inputPerMTok + outputTokens * price.outputPerMTok) / 1_000_000;
}
