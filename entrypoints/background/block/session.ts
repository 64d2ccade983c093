/**
 * The block session: the one owner of a chat tab's memory block, from the draft to its record.
 * Nothing else in the background creates, hands out, invalidates or records a block; the
 * handlers (handlers/injection.ts, handlers/feedback.ts) only pass the sender's tab in.
 *
 * A block's life, per tab:
 *
 *   draft (inject.prepare, warm) ─► space and filter (../chat-space.ts)
 *        ─► candidates, composed (compose.ts) ─► warmed (warmed.ts)
 *   send or hand (inject.prepare) ─► the warmed block for this draft and space, else composed
 *        ─► the hour's bound (lib/db/block-handouts.ts) ─► handed out (handed-out.ts) ─► the page
 *   inject.missed ─► marked missed, the miss in Activity (records.ts)
 *   inject.record ─► taken, recorded with its hits (records.ts) ─► last recorded (last-recorded.ts)
 *   a source changes (stale.ts) ─► warmed ones dropped, the chat tabs told (tab-events) to ask again
 *
 * What is kept where, and why:
 *
 *   worker memory    warmed blocks; the last block recorded per tab. The worker can be stopped
 *                    at any moment, so neither is relied on: a send composes again, and a
 *                    follow-up finds its injection by chat id in Activity.
 *   storage.session  handed-out blocks (ids, score parts, the query; no memory text) and the
 *                    tab's record (../tab-state.ts: switched-off memories, space choice). They
 *                    outlive a stopped worker (a block inserted by hand may be sent minutes
 *                    later), only extension contexts can read them (never the page), and they
 *                    end with the browser session.
 *   Dexie            the hour's hand-out counts (a restarted worker still bounds what one site
 *                    draws out) and the records (Activity is the user's, kept until deleted).
 *
 * Tabs are sessions of their own whichever window holds them (tab ids are unique across
 * windows), and a change to a block's sources tells every chat tab, in every window. A tab in a
 * private window gets blocks (the user's memories may go into a message there) but keeps
 * nothing for a record: the router refuses a record or a miss from there
 * (lib/protocol/private-window.ts), so no handed-out entry is written for it.
 *
 * The page keeps only which state its conversation is in (lib/content/page-block.ts: open,
 * late, sent) and the request for the draft being sent; the side panel's preview is composed by
 * the same compose.ts, and hands nothing out.
 */
import { takeHandout } from '../../../lib/db/block-handouts';
import { loadSettings } from '../../../lib/db/settings-store';
import type { SpaceId } from '../../../lib/memory/spaces';
import type { ParsedRequestOf, ResponseOf } from '../../../lib/protocol';
import type { Selection } from '../../../lib/ranking/select';
import { wordsSharedWith } from '../../../lib/ranking/shared-words';
import { nowMs } from '../../../lib/time';
import { filterKey, pageProject, spaceOfTab } from '../chat-space';
import { draftPaused, type Judgment, judgmentFor } from '../request-keywords';
import type { ChatPageSender as ChatTab } from '../router';
import { type BlockInputs, composeBlock } from './compose';
import { keepHandedOut, markMissed, takeHandedOut } from './handed-out';
import { rememberInjection } from './last-recorded';
import { pastChatUses, writeMissed, writeSent } from './records';
import { keepWarmed, takeWarmed } from './warmed';

export { lastInjectionOfTab } from './last-recorded';
export { tellStale, wirePreparedStale } from './stale';

type Prepared = ResponseOf<'inject.prepare'>;

const NOTHING: Prepared = { block: null, token: null, memoryIds: [], tokens: 0 };

/**
 * What a warmed block's choice depended on besides its draft and the store, which stale.ts
 * watches: the spaces the chat reaches, and the request keywords answer it was made with (its
 * keywords and picks, by the answer's stamp): an answer that arrives after the block was warmed
 * makes it chosen again at the send.
 */
function warmBasis(spaces: BlockInputs['spaces'], judged: Judgment): string {
  return `${filterKey(spaces)}|${judged.stamp}`;
}

/**
 * The block for a draft typed in `tab`. `warm` (typing) composes and keeps it here, and hands
 * nothing out; `send` and `hand` take the warmed one (or compose) and hand it out, within the
 * hour's bound, with a token the page records it by.
 */
export async function prepareBlock(tab: ChatTab, req: ParsedRequestOf<'inject.prepare'>): Promise<Prepared> {
  const { draft, use, learn } = req;
  const project = pageProject(tab.site, req.project);
  const settings = await loadSettings();
  if (settings.sites[tab.site].inject === 'off' || draft.trim() === '') return NOTHING;
  if (use === 'warm')
    draftPaused({ tabId: tab.tabId, site: tab.site, url: tab.url, draft, learn: learn === true, project });
  // The chat's space decides which memories it may get; a block chosen for another space is not reused.
  const space = await spaceOfTab({ tabId: tab.tabId, site: tab.site, url: tab.url, project });
  // The model's keywords and picks, if its answer came in time (never waited for).
  const judged = judgmentFor(tab.tabId, tab.site, tab.url, draft, settings);
  const inputs: BlockInputs = {
    site: tab.site,
    draft,
    settings,
    spaces: space.filter,
    exclude: space.tab?.excluded ?? [],
    requestKeywords: judged.keywords,
    picks: judged.picks,
    conversationId: space.tab?.conversationId ?? null,
    url: tab.url,
  };
  const basis = warmBasis(space.filter, judged);
  if (use === 'warm') {
    keepWarmed(tab.tabId, draft, basis, await composeBlock(inputs));
    return NOTHING;
  }
  const selection = takeWarmed(tab.tabId, draft, basis) ?? (await composeBlock(inputs));
  return selection.block ? handOut(tab, selection, learn === false ? '' : draft, space.space) : NOTHING;
}

/**
 * A composed block given to the page, within the hour's bound, with a token for its record.
 * `query`: what the record keeps of the draft (nothing for a chat the user asked not to remember).
 */
async function handOut(tab: ChatTab, selection: Selection, query: string, space: SpaceId | null): Promise<Prepared> {
  // Each block handed to a page counts against its tab's and site's hourly bound.
  if (!(await takeHandout(tab.site, tab.tabId, nowMs()))) return NOTHING;
  const token = crypto.randomUUID();
  // A private window's block is never recorded: nothing of its draft is kept for a record that cannot come.
  if (!tab.private) {
    const shared = wordsSharedWith(query);
    await keepHandedOut(token, {
      site: tab.site,
      url: tab.url,
      query: query.slice(0, 500),
      tokens: selection.tokens,
      items: selection.items.map((r) => ({
        memoryId: r.memory.id,
        score: r.score,
        parts: r.parts,
        shared: shared(r.memory.content),
      })),
      pastChats: pastChatUses(selection.excerpts),
      at: nowMs(),
      ...(space ? { space } : {}),
    });
  }
  return {
    block: selection.block,
    token,
    memoryIds: selection.items.map((r) => r.memory.id),
    tokens: selection.tokens,
  };
}

/**
 * The page's first message went out without this block (not ready within its hold): Activity
 * shows the miss now; if the conversation's next message carries the block, recordSent turns
 * the same entry into a late injection.
 */
export async function recordMissed(tab: ChatTab, token: string): Promise<boolean> {
  const handed = await markMissed(token, tab.site);
  if (!handed) return false;
  await writeMissed(token, handed);
  return true;
}

/** The page sent a message carrying the block: its record, once per token, for its own site only. */
export async function recordSent(tab: ChatTab, token: string, chatId: string | null): Promise<boolean> {
  const handed = await takeHandedOut(token, tab.site);
  // Unknown token (never handed out, another site's, expired, or already recorded): nothing to record.
  if (!handed) return false;
  await writeSent(token, handed, chatId);
  rememberInjection(tab.site, tab.tabId, token);
  return true;
}
