/**
 * The memory block for the draft, asked for while the user types so that pressing Enter
 * rarely waits (the request also wakes a sleeping service worker), and put into the composer
 * in a way that can always be undone.
 */
import { normalizeText } from '../adapters/dom';
import type { ChatSiteAdapter } from '../adapters/types';
import type { ResponseOf } from '../protocol';
import { call, until } from './rpc';

export type Prepared = ResponseOf<'inject.prepare'>;
/** A prepared block older than this is asked for again (memories may have changed). */
const FRESH_MS = 60_000;

/**
 * `learning`: the chat may be remembered (a block for one that may not keeps no query);
 * `project`: the site project the page is in, read at each request (project.ts).
 */
export function createPreparer(learning: () => boolean = () => true, project: () => string | null = () => null) {
  let current: { draft: string; at: number; promise: Promise<Prepared | null> } | null = null;
  return {
    /** The request for this exact draft: reused while fresh, started otherwise. */
    forDraft(draft: string): Promise<Prepared | null> {
      const key = normalizeText(draft);
      if (current && current.draft === key && performance.now() - current.at < FRESH_MS) return current.promise;
      const promise = call('inject.prepare', { draft, use: 'send', learn: learning(), project: project() }, 10_000);
      const entry = { draft: key, at: performance.now(), promise };
      current = entry;
      // A failed request is not an answer: the next try asks again.
      void promise.then((reply) => {
        if (!reply && current === entry) current = null;
      });
      return promise;
    },
    /**
     * While the user types: the background chooses the block and keeps it until the send, and
     * may ask for the draft's search keywords (`learn`: this chat may be learnt from).
     */
    warm(draft: string, learn: boolean): void {
      if (draft.trim() !== '') void call('inject.prepare', { draft, use: 'warm', learn, project: project() }, 10_000);
    },
    clear(): void {
      current = null;
    },
  };
}

/**
 * The block for `draft` by `deadline` (`first`: a request already out for it). A request that
 * fails at once is asked again while time remains: a worker that is starting or stopping drops
 * messages. `late` is a request still out at the deadline: its block may yet come.
 */
export async function prepareBy(
  preparer: ReturnType<typeof createPreparer>,
  draft: string,
  deadline: number,
  first: Promise<Prepared | null> | null,
): Promise<{ prepared: Prepared | null; late: Promise<Prepared | null> | null }> {
  let request = first ?? preparer.forDraft(draft);
  for (let attempt = 0; ; attempt++) {
    let settled = false;
    const done = () => {
      settled = true;
    };
    void request.then(done, done);
    const prepared = await until(request, deadline);
    if (prepared) return { prepared, late: null };
    if (!settled) return { prepared: null, late: request };
    if (attempt > 0 || performance.now() >= deadline) return { prepared: null, late: null };
    request = preparer.forDraft(draft);
  }
}

export type Outcome = 'inserted' | 'untouched' | 'broken';

/**
 * Puts the block in front of the user's text. If the editor ends up holding anything other
 * than block + draft or the untouched draft, the draft is written back; 'broken' means even
 * that failed, and the caller must not send.
 */
export async function applyBlock(
  adapter: ChatSiteAdapter,
  composer: HTMLElement,
  block: string,
  draft: string,
): Promise<Outcome> {
  try {
    if (await adapter.insertBlock(composer, block)) return 'inserted';
  } catch {
    // fall through to the check below
  }
  if (normalizeText(adapter.readComposer(composer)) === normalizeText(draft)) return 'untouched';
  const restored = await adapter.replace(composer, draft).catch(() => false);
  return restored ? 'untouched' : 'broken';
}
