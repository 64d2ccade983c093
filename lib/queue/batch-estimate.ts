/**
 * The estimate shown before a batch of picked chats is queued: chats, calls, tokens and price
 * from the queue's own estimate (estimate.ts, the figure each call is checked against the
 * daily cap with), and how many of the chats today's cap and per-site bounds leave room for,
 * in the order the queue will take them. Nothing is written and no call goes out.
 */
import { db } from '../db/db';
import { pickStatus } from '../db/extract-batches';
import { stripMarks } from '../db/install-mark';
import { jobIdOf } from '../db/jobs';
import { siteDayUse } from '../db/site-bounds';
import { usageOfDay } from '../db/usage';
import type { BatchEstimate, BatchPick } from '../extraction/batch-schemas';
import { type ChatEstimate, estimateChat } from '../extraction/estimate';
import type { Chat } from '../memory/types';
import { callCost } from '../provider/pricing';
import type { Settings } from '../settings/schema';
import { SITE_RATE_LIMITS, siteTokenLimits } from '../sites/bounds';
import { now, utcDay } from '../time';
import { callSpaceOf } from './chat-space';
import { relatedMemories } from './related';

interface Planned {
  site: Chat['site'];
  jobId: string;
  cost: ChatEstimate;
}

/** Each site's marks are read once for the whole batch. */
function marksOf(): (site: Chat['site']) => Promise<readonly string[]> {
  const cache = new Map<Chat['site'], Promise<readonly string[]>>();
  return (site) => {
    const marks = cache.get(site) ?? stripMarks(site);
    cache.set(site, marks);
    return marks;
  };
}

/**
 * How many of the planned chats, taken in job order, fit today: the queue pauses at the first
 * call the cap has no room for, and a site stops at its daily share of tokens or jobs.
 */
async function fitToday(planned: readonly Planned[], settings: Settings, usedToday: number): Promise<number> {
  const cap = settings.dailyTokenCap;
  let left = cap > 0 ? cap - usedToday : Number.POSITIVE_INFINITY;
  const siteLimit = siteTokenLimits(cap).day;
  const sites = new Map<string, { jobs: number; tokens: number }>();
  let fit = 0;
  for (const p of planned) {
    const tokens = p.cost.inputTokens + p.cost.outputTokens;
    const site = sites.get(p.site) ?? (await siteDayUse(p.site, now()));
    sites.set(p.site, site);
    if (tokens > left || site.tokens >= siteLimit || site.jobs >= SITE_RATE_LIMITS.day.jobs) break;
    left -= tokens;
    site.tokens += tokens;
    site.jobs++;
    fit++;
  }
  return fit;
}

/** Chats read at a time: a batch of thousands of long chats is never held whole. */
const READ_CHUNK = 100;

export async function estimateBatch(pick: BatchPick, settings: Settings): Promise<BatchEstimate> {
  const ids = [...new Set(pick.chatIds)];
  const marks = marksOf();
  const planned: Planned[] = [];
  let alreadyExtracted = 0;
  let unavailable = 0;
  for (let at = 0; at < ids.length; at += READ_CHUNK) {
    for (const chat of await db.chats.bulkGet(ids.slice(at, at + READ_CHUNK))) {
      const status = pickStatus(chat, pick.reextract);
      if (status === 'already') alreadyExtracted++;
      else if (status === 'unavailable' || !chat) unavailable++;
      else {
        const { space, filter } = await callSpaceOf(chat);
        const cost = await estimateChat(chat, {
          patterns: settings.privacyPatterns,
          marks: await marks(chat.site),
          related: (window) => relatedMemories(window, chat, filter),
          space,
        });
        // A re-extracted chat is queued at its next version (batch start), so it sorts as that job.
        const version = chat.extractedVersion >= chat.version ? chat.version + 1 : chat.version;
        planned.push({ site: chat.site, jobId: jobIdOf(chat.id, version), cost });
      }
    }
  }
  planned.sort((a, b) => a.jobId.localeCompare(b.jobId));
  const today = await usageOfDay(utcDay());
  const usedToday = today.inputTokens + today.outputTokens;
  const totals = planned.reduce(
    (t, p) => ({
      calls: t.calls + p.cost.calls,
      inputTokens: t.inputTokens + p.cost.inputTokens,
      outputTokens: t.outputTokens + p.cost.outputTokens,
    }),
    { calls: 0, inputTokens: 0, outputTokens: 0 },
  );
  const cost = callCost(settings.model, settings.provider, totals.inputTokens, totals.outputTokens);
  return {
    chats: planned.length,
    alreadyExtracted,
    unavailable,
    ...totals,
    cost: { amount: cost.amount, currency: cost.currency, known: cost.known },
    dailyTokenCap: settings.dailyTokenCap,
    usedToday,
    fitToday: await fitToday(planned, settings, usedToday),
  };
}
