/** A content script's page state for unit tests: one conversation, the page's turns as given. */
import type { ChatSiteAdapter, ChatTurn } from '../../../lib/adapters/types';
import type { PageState } from '../../../lib/content/state';
import { turnHash } from '../../../lib/content/turn-delta';

export function pageState(turns: ChatTurn[], opts: { learn?: boolean; onRead?: () => void } = {}): PageState {
  const adapter = {
    isGenerating: () => false,
    title: () => 'A chat',
    project: () => null,
  } as unknown as ChatSiteAdapter;
  return {
    adapter,
    ctx: { setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms) } as unknown as PageState['ctx'],
    conversationId: 'c1',
    excluded: false,
    exclusionSet: 0,
    pendingExclude: false,
    sentOnNewChat: false,
    config: { learn: opts.learn ?? true, inject: 'auto' },
    configKnown: true,
    marks: [],
    turns: {
      read: () => {
        opts.onRead?.();
        return turns.map((t) => ({ ...t, hash: turnHash(t) }));
      },
    },
    lang: 'en',
    changed: () => {},
    configured: () => {},
  };
}
