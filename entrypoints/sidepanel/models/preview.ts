/** Keeps the This tab preview current as the draft, exclusions, memories or budget change. */
import { effect, signal } from '@preact/signals';
import { watch } from '../../../lib/db/live';
import { recentRequestCalls } from '../../../lib/db/request-calls';
import { tabSpace } from './chat-space';
import { byId, memories } from './memories';
import { saved } from './settings';
import { EMPTY_PREVIEW, type Preview, rankerPreview } from './tab-preview';
import { activeTab, draft, excludedIds } from './this-tab';

export const preview = signal<Preview>(EMPTY_PREVIEW);
/** The newest request keywords call: its answer may change the preview of the tab's draft. */
const lastCall = signal<string | null>(null);

/** The ranker does not return what it was told to exclude: list those too, switched off. */
function withExcluded(p: Preview, excluded: ReadonlySet<string>): Preview {
  const have = new Set(p.items.map((i) => i.memory.id));
  const off = [...excluded]
    .filter((id) => !have.has(id))
    .map((id) => byId.value.get(id))
    .filter((m) => m !== undefined)
    .map((memory) => ({
      memory,
      score: 0,
      parts: { text: 0, intent: 0, importance: 0, recency: 0, hits: 0, feedback: 0 },
      shared: [],
      excluded: true,
    }));
  return { ...p, items: [...p.items, ...off] };
}

async function compute(site: NonNullable<typeof activeTab.value>['site'], text: string): Promise<void> {
  if (!site || !text.trim()) {
    preview.value = EMPTY_PREVIEW;
    return;
  }
  const excluded = excludedIds.value;
  const tabId = activeTab.value?.tabId;
  const fromRanker = await rankerPreview({ site, draft: text, excluded, tabId }).catch(() => EMPTY_PREVIEW);
  if (draft.value !== text) return;
  preview.value = withExcluded(fromRanker, excluded);
}

export function startPreview(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const dispose = effect(() => {
    const site = activeTab.value?.site ?? null;
    const text = draft.value;
    void excludedIds.value;
    void memories.value;
    void saved.value;
    void lastCall.value;
    // Another space: other memories may go in.
    void tabSpace.value;
    clearTimeout(timer);
    timer = setTimeout(() => void compute(site, text), 150);
  });
  const stopCalls = watch(
    () => recentRequestCalls(1),
    (rows) => {
      lastCall.value = rows[0]?.id ?? null;
    },
  );
  return () => {
    clearTimeout(timer);
    dispose();
    stopCalls();
  };
}
