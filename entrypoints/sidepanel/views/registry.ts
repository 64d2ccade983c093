/**
 * Every side panel view, in tab order. A view is one entry: its id (the tab's and panel's DOM
 * id), its tab label in English and Chinese, the component that renders it (wrapped in
 * `ViewPanel id="<id>"`) and the strings module it reads. `tests/unit/sidepanel/views-registry.test.ts`
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
}

export const PANEL_VIEWS = [
  { id: 'memories', label: ['Memories', '记忆'], component: MemoriesView, strings: MEMORY_STRINGS },
  { id: 'tab', label: ['This tab', '当前页'], component: ThisTabView, strings: TAB_STRINGS },
  { id: 'chats', label: ['Chats', '对话'], component: ChatsView, strings: CHATS_STRINGS },
  { id: 'queue', label: ['Queue', '队列'], component: QueueView, strings: QUEUE_STRINGS },
  { id: 'activity', label: ['Activity', '记录'], component: ActivityView, strings: ACTIVITY_STRINGS },
  { id: 'insights', label: ['Insights', '洞察'], component: InsightsView, strings: INSIGHTS_STRINGS },
  { id: 'settings', label: ['Settings', '设置'], component: SettingsView, strings: SETTINGS_STRINGS },
] as const satisfies readonly PanelView[];

export type ViewId = (typeof PANEL_VIEWS)[number]['id'];
type RegisteredIds = Record<ViewId, true>;

declare module '../models/nav' {
  // Navigation (go, view) accepts exactly the ids registered above.
  interface PanelViewIds extends RegisteredIds {}
}

/** The tab list as the panel renders it, in the current language. */
export function navTabs(): { id: ViewId; label: string }[] {
  return PANEL_VIEWS.map((v) => ({ id: v.id, label: inLanguage(v.label) }));
}
