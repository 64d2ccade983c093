/**
 * The side panel's strings in English and Simplified Chinese. Each module keeps a string's
 * two languages on one line (`key: ['English', '中文']`), so a missing translation is a type
 * error, not a blank. `{name}` marks a value. Counts go through Intl.PluralRules: a text
 * `one|other` picks its form by `{n}`; inside a text, `{name:one|other}` picks by `{name}`,
 * with `#` standing for the number (`{older:# older version|# older versions}`). Chinese has
 * one form, so its texts carry none.
 * No signals here: the background imports this for the context menu's title.
 */
import type { Lang } from './language';
import { ACTIVITY_STRINGS } from './strings-activity';
import { BRIDGE_STRINGS } from './strings-bridge';
import { BRING_IN_STRINGS } from './strings-bring-in';
import { CHAT_SPACE_STRINGS } from './strings-chat-space';
import { CHATS_STRINGS } from './strings-chats';
import { COMMON_STRINGS } from './strings-common';
import { INSIGHTS_STRINGS } from './strings-insights';
import { MEMORY_STRINGS } from './strings-memories';
import { PROVIDER_STRINGS } from './strings-providers';
import { QUEUE_STRINGS } from './strings-queue';
import { REVIEW_STRINGS } from './strings-review';
import { SETTINGS_STRINGS } from './strings-settings';
import { SPACES_STRINGS } from './strings-spaces';
import { STORE_STRINGS } from './strings-store';
import { SYNC_STRINGS } from './strings-sync';
import { TAB_STRINGS } from './strings-tab';
import { TIDY_STRINGS } from './strings-tidy';
import { WORK_STRINGS } from './strings-work';

export const STRING_MODULES = [
  COMMON_STRINGS,
  MEMORY_STRINGS,
  TAB_STRINGS,
  CHAT_SPACE_STRINGS,
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
  SPACES_STRINGS,
] as const;

/** Every module's keys in one type: a module added to STRING_MODULES needs nothing else here. */
type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
const ALL = Object.assign({}, ...STRING_MODULES) as Intersect<(typeof STRING_MODULES)[number]>;

export type StringKey = keyof typeof ALL;
export type { Lang, LanguagePref } from './language';
export { detectLanguage } from './language';
export type Vars = Readonly<Record<string, string | number>>;

const RULES: Record<Lang, Intl.PluralRules> = {
  en: new Intl.PluralRules('en'),
  zh: new Intl.PluralRules('zh-CN'),
};

/** Splits `one|other` at its own bar, not at the bars of a `{name:…|…}` inside it. */
function splitForms(text: string): string[] {
  const forms = [''];
  let depth = 0;
  for (const ch of text) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (ch === '|' && depth === 0) forms.push('');
    else forms[forms.length - 1] += ch;
  }
  return forms;
}

/** A count given as a number or as a number already formatted for display ("1,204"). */
function countOf(value: string | number | undefined): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return undefined;
  const n = Number(value.replace(/[,\s]/g, ''));
  return value.trim() !== '' && Number.isFinite(n) ? n : undefined;
}

/** `forms` is `one|other`; the plural category of `n` in `language` picks one (`other` for any but `one`). */
function pluralForm(language: Lang, forms: string[], n: number): string {
  const [one, other] = forms as [string, string | undefined];
  if (other === undefined) return one;
  return RULES[language].select(n) === 'one' ? one : other;
}

export function translate(language: Lang, key: StringKey, vars: Vars = {}): string {
  const [en, zh] = ALL[key] as readonly [string, string];
  let text = language === 'zh' ? zh : en;
  const whole = splitForms(text);
  const n = countOf(vars.n);
  if (whole.length > 1 && n !== undefined) text = pluralForm(language, whole, n);
  text = text.replace(/\{(\w+):([^{}]*)\}/g, (all, name: string, forms: string) => {
    const count = countOf(vars[name]);
    return count === undefined
      ? all
      : pluralForm(language, forms.split('|'), count).replaceAll('#', String(vars[name]));
  });
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export function hasString(key: string): key is StringKey {
  return Object.hasOwn(ALL, key);
}
