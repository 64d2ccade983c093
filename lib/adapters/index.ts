/**
 * The explicit registry: one entry per site, in the order of SITE_IDS. A convention test
 * checks that every file is registered, has a fixture, and matches lib/sites.ts.
 */

import { siteForUrl } from '../sites/ids';
import chatgpt from './chatgpt';
import claude from './claude';
import deepseek from './deepseek';
import doubao from './doubao';
import gemini from './gemini';
import grok from './grok';
import kimi from './kimi';
import perplexity from './perplexity';
import qwen from './qwen';
import type { ChatSiteAdapter } from './types';

export const ADAPTERS: readonly ChatSiteAdapter[] = [
  chatgpt,
  claude,
  gemini,
  deepseek,
  perplexity,
  kimi,
  doubao,
  qwen,
  grok,
];

export const ADAPTER_MATCHES: readonly string[] = ADAPTERS.flatMap((a) => a.matches);

/** The adapter for a page, by the same host rules as the manifest's matches. */
export function adapterForUrl(url: string | URL): ChatSiteAdapter | null {
  const site = siteForUrl(url);
  return site ? (ADAPTERS.find((a) => a.id === site) ?? null) : null;
}
