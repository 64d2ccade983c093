/**
 * The side panel's strings in English and Simplified Chinese. Each module keeps a string's
 * two languages on one line (`key: ['English', '中文']`), so a missing translation is a type
 * error, not a blank. `{name}` marks a value; `one|many` picks by `{n}` in English.
 * No signals here: the background imports this for the context menu's title.
 */
import type { Lang } from './language';
import { ACTIVITY_STRINGS } from './strings-activity';
import { BRIDGE_STRINGS } from './strings-bridge';
import { BRING_IN_STRINGS } from './strings-bring-in';
import { CHATS_STRINGS } from './strings-chats';
import { COMMON_STRINGS } from './strings-common';
import { INSIGHTS_STRINGS } from './strings-insights';
import { MEMORY_STRINGS } from './strings-memories';
import { PROVIDER_STRINGS } from './strings-providers';
import { QUEUE_STRINGS } from './strings-queue';
import { REVIEW_STRINGS } from './strings-review';
import { SETTINGS_STRINGS } from './strings-settings';
import { STORE_STRINGS } from './strings-store';
import { SYNC_STRINGS } from './strings-sync';
import { TAB_STRINGS } from './strings-tab';
import { TIDY_STRINGS } from './strings-tidy';
import { WORK_STRINGS } from './strings-work';

export const STRING_MODULES = [
  COMMON_STRINGS,
  MEMORY_STRINGS,
  TAB_STRINGS,
  QUEUE_STRINGS,
  ACTIVITY_STRINGS,
  INSIGHTS_STRINGS,
  SETTINGS_STRINGS,
  PROVIDER_STRINGS,
  STORE_STRINGS,
  WORK_STRINGS,
  BRING_IN_STRINGS,
  BRIDGE_STRINGS,
  REVIEW_STRINGS,
  CHATS_STRINGS,
  TIDY_STRINGS,
  SYNC_STRINGS,
] as const;

/** Every module's keys in one type: a module added to STRING_MODULES needs nothing else here. */
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
const ALL = Object.assign({}, ...STRING_MODULES) as Intersect<(typeof STRING_MODULES)[number]>;

export type StringKey = keyof typeof ALL;
export type { Lang, LanguagePref } from './language';
export { detectLanguage } from './language';
export type Vars = Readonly<Record<string, string | number>>;

export function translate(language: Lang, key: StringKey, vars: Vars = {}): string {
  const [en, zh] = ALL[key] as readonly [string, string];
  let text = language === 'zh' ? zh : en;
  if (text.includes('|') && typeof vars.n === 'number') {
    const [one, many] = text.split('|') as [string, string];
    text = vars.n === 1 ? one : many;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function hasString(key: string): key is StringKey {
  return Object.hasOwn(ALL, key);
}
