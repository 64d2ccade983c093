/**
 * What a call is assumed to cost: the chosen provider's list price for the model (per million
 * uncached input / output tokens, in that provider's currency; the table and its sources are
 * in lib/provider/presets.ts). A model the table does not know, or a custom endpoint, has no price:
 * the panel then shows tokens only, rather than a figure made up from another provider.
 */
import { type Currency, presetOf } from './presets';

export interface ModelPrice {
  inputPerMTok: number;
  outputPerMTok: number;
  currency: Currency;
  /** False when no price is known: the figures are 0 and must not be shown as a cost. */
  known: boolean;
}

const UNKNOWN: ModelPrice = { inputPerMTok: 0, outputPerMTok: 0, currency: 'USD', known: false };

/** The price of `model` at `provider` (default: Anthropic's list). */
export function priceFor(model: string, provider = 'anthropic'): ModelPrice {
  const preset = presetOf(provider);
  if (!preset) return UNKNOWN;
  const id = model.trim().toLowerCase();
  const row = preset.prices.find(([prefix]) => id.startsWith(prefix.toLowerCase()));
  if (!row) return { ...UNKNOWN, currency: preset.currency };
  return { inputPerMTok: row[1], outputPerMTok: row[2], currency: preset.currency, known: true };
}

export interface CallCost {
  /** The cost in `currency`; 0 when the price is unknown. */
  amount: number;
  currency: Currency;
  known: boolean;
}

export function callCost(model: string, provider: string, inputTokens: number, outputTokens: number): CallCost {
  const price = priceFor(model, provider);
  const amount = (inputTokens * price.inputPerMTok + outputTokens * price.outputPerMTok) / 1_000_000;
  return { amount, currency: price.currency, known: price.known };
}

/** USD cost at Anthropic's list prices (kept for callers that only know a Claude model). */
export function costUsd(model: string, inputTokens: number, outputTokens: number): number {
  return callCost(model, 'anthropic', inputTokens, outputTokens).amount;
}
