/** The panel's current language as a signal, and `t()` that components call to read strings. */
import { signal } from '@preact/signals';
import { detectLanguage, type Lang, type LanguagePref, type StringKey, translate, type Vars } from './dictionary';

export type { Lang, LanguagePref, StringKey, Vars } from './dictionary';

export const lang = signal<Lang>(detectLanguage(globalThis.navigator?.language));

export function applyLanguagePref(pref: LanguagePref, browserLanguage = globalThis.navigator?.language): void {
  lang.value = pref === 'auto' ? detectLanguage(browserLanguage) : pref;
  if (typeof document !== 'undefined') document.documentElement.lang = lang.value === 'zh' ? 'zh-CN' : 'en';
}

/** Reads the language signal, so a component that calls it re-renders when the language changes. */
export function t(key: StringKey, vars?: Vars): string {
  return translate(lang.value, key, vars);
}

/** A label written in place as `[English, 中文]`, in the current language (reads the signal too). */
export function inLanguage(pair: readonly [en: string, zh: string]): string {
  return lang.value === 'zh' ? pair[1] : pair[0];
}
