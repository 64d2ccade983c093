/**
 * Which of the two UI languages to show, apart from the strings themselves: the chat pages'
 * controls read this without bundling the side panel's dictionary.
 */
export type Lang = 'en' | 'zh';
export type LanguagePref = 'auto' | Lang;

/** The browser's language decides until the user picks one in Settings. */
export function detectLanguage(browserLanguage: string | undefined): Lang {
  return browserLanguage?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export function resolveLanguage(pref: LanguagePref, browserLanguage = globalThis.navigator?.language): Lang {
  return pref === 'auto' ? detectLanguage(browserLanguage) : pref;
}
