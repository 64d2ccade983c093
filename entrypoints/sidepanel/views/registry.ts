/**
 * Every side panel view, in tab order. A view is one entry: its id (the tab's and panel's DOM
 * id), its tab label in English and Chinese, the component that renders it (wrapped in
 * `ViewPanel id="<id>"`) and the strings module it reads. A view with a `group` is not a tab of
 * its own in the top row: it is a tab inside its group's tab (`VIEW_GROUPS`), so the top row
 * stays short enough for a 320 px panel. `tests/unit/sidepanel/views-registry.test.ts`
 * checks each entry is labelled in both languages, in the tab list, reachable by keyboard and
 * its strings are in the dictionary.
 */
import type { ComponentType } from 'preact';
import { inLanguage } from '../../../lib/i18n';
import { ACTIVITY_STRINGS } from '../../../lib/i18n/strings-activity';
import { CHATS_STRINGS } from '../../../lib/i18n/strings-chats';
import { INSIGHTS_STRINGS } from '../../../lib/i18n/strings-insights';
import { MEMORY_STRINGS } from '../../../lib/i18n/strings-memories';
import { QUEUE_STRINGS } from '../../../lib/i18n/strings-queue';
import { SETTINGS_STRINGS } from '../../../lib/i18n/strings-settings';
import { TAB_STRINGS } from '../../../lib/i18n/strings-tab';
import { ActivityView } from './activity-view';
import { ChatsView } from './chats-view';
import { InsightsView } from './insights-view';
import { MemoriesView } from './memories-view';
import { QueueView } from './queue-view';
import { SettingsView } from './settings-view';
import { ThisTabView } from './this-tab-view';

export interface PanelView {
  readonly id: string;
  readonly label: readonly [en: string, zh: string];
  readonly component: ComponentType;
  /** The view's own strings (`lib/i18n/strings-<name>.ts`), one of the dictionary's modules. */
  readonly strings: Readonly<Record<string, readonly [string, string]>>;
  /** The top-row tab this view sits under, if it is not a tab of its own. */
  readonly group?: GroupId;
}

/** Top-row tabs that hold several views, each with a second row of tabs. */
export const VIEW_GROUPS = [{ id: 'work', label: ['Activity', '动态'] }] as const satisfies readonly {
  id: string;
  label: readonly [string, string];
}[];
type GroupId = (typeof VIEW_GROUPS)[number]['id'];

export const PANEL_VIEWS = [
  { id: 'memories', label: ['Memories', '记忆'], component: MemoriesView, strings: MEMORY_STRINGS },
  { id: 'tab', label: ['This tab', '当前页'], component: ThisTabView, strings: TAB_STRINGS },
  { id: 'chats', label: ['Chats', '对话'], component: ChatsView, strings: CHATS_STRINGS },
  // The group opens on the log of what went into each message; the queue is one tab further.
  { id: 'activity', label: ['Log', '记录'], component: ActivityView, strings: ACTIVITY_STRINGS, group: 'work' },
  { id: 'queue', label: ['Queue', '队列'], component: QueueView, strings: QUEUE_STRINGS, group: 'work' },
  { id: 'insights', label: ['Insights', '洞察'], component: InsightsView, strings: INSIGHTS_STRINGS, group: 'work' },
  { id: 'settings', label: ['Settings', '设置'], component: SettingsView, strings: SETTINGS_STRINGS },
] as const satisfies readonly PanelView[];

export type ViewId = (typeof PANEL_VIEWS)[number]['id'];
type RegisteredIds = Record<ViewId, true>;

declare module '../models/nav' {
  // Navigation (go, view) accepts exactly the ids registered above.
  interface PanelViewIds extends RegisteredIds {}
}

export type TopId = Exclude<ViewId, GroupedId> | GroupId;
type GroupedId = Extract<(typeof PANEL_VIEWS)[number], { group: string }>['id'];

/** The top-row tab a view is shown under: its group's, or its own. */
export function topOf(id: ViewId): TopId {
  const entry: PanelView | undefined = PANEL_VIEWS.find((v) => v.id === id);
  return (entry?.group ?? id) as TopId;
}

/** The views inside one group, in tab order. */
export function groupViews(group: GroupId): { id: ViewId; label: string }[] {
  return PANEL_VIEWS.filter((v: PanelView) => v.group === group).map((v) => ({ id: v.id, label: inLanguage(v.label) }));
}

export function isGroup(id: string): id is GroupId {
  return VIEW_GROUPS.some((g) => g.id === id);
}

/** The top row as the panel renders it, in the current language: a group where its views are. */
export function navTabs(): { id: TopId; label: string; views?: ViewId[] }[] {
  const out: { id: TopId; label: string; views?: ViewId[] }[] = [];
  for (const v of PANEL_VIEWS as readonly PanelView[]) {
    const group = VIEW_GROUPS.find((g) => g.id === v.group);
    if (!group) out.push({ id: v.id as TopId, label: inLanguage(v.label) });
    else if (!out.some((t) => t.id === group.id))
      out.push({ id: group.id, label: inLanguage(group.label), views: groupViews(group.id).map((g) => g.id) });
  }
  return out;
}
