/** Names of the store's enums in the current language. */

import { hasCjk } from '../cjk';
import type { MemoryStatus, MemoryType, Scope } from '../memory/types';
import type { SiteMode } from '../settings/schema';
import { isSiteId, SITE_LABELS } from '../sites/ids';
import { hasString, type StringKey } from './dictionary';
import { lang, t } from './index';

export function typeLabel(type: MemoryType): string {
  return t(`type.${type}`);
}

export function statusLabel(status: MemoryStatus): string {
  return t(`status.${status}`);
}

export function scopeLabel(scope: Scope | string): string {
  if (scope === 'global') return t('scope.global');
  return isSiteId(scope) ? SITE_LABELS[scope] : scope;
}

export function modeLabel(mode: SiteMode): string {
  return t(`mode.${mode}`);
}

/** A backup's reason as stored (English, from the background), in the panel's language. */
export function backupReasonLabel(reason: string): string {
  const key = `backups.reason.${reason}`;
  if (hasString(key)) return t(key);
  // A reason no string names (a newer version's, a tool's) is shown as written only in English.
  return lang.value === 'en' ? reason : t('backups.reason.other');
}

/** The model's and the API's own words as lib/model writes them, each a sentence of the panel's. */
const MODEL_DETAILS: readonly [RegExp, StringKey][] = [
  [/^the model's answer is malformed: (?<detail>.*)$/s, 'detail.malformed'],
  [/^No API key is set\b/, 'detail.noKey'],
  [/^the model did not call (?<tool>\S+) \((?<stop>.*)\)$/s, 'detail.noToolCall'],
];

/**
 * An error's detail as written by the background, a model or an API (English), in the panel's
 * language: a known one translated, any other inside a Chinese sentence that says what it is.
 */
export function detailLabel(text: string): string {
  if (lang.value === 'en' || hasCjk(text)) return text;
  for (const [pattern, key] of MODEL_DETAILS) {
    const found = pattern.exec(text);
    if (found) return t(key, found.groups ?? {});
  }
  return t('detail.asWritten', { detail: text });
}

/** A space of the user's kept apart that an import joined (lib/db/import-spaces.ts). */
export interface KeptApart {
  name: string;
  isolated: boolean;
  archived: boolean;
}

/** "The file joined Client Z (isolated), …": the spaces kept apart an import joined; '' for none. */
export function keptApartText(spaces: readonly KeptApart[] | undefined): string {
  if (!spaces?.length) return '';
  const names = spaces.map((s) =>
    t(s.isolated ? 'transfer.keptApartIsolated' : 'transfer.keptApartArchived', { name: s.name }),
  );
  return t('transfer.keptApart', { names: names.join(lang.value === 'zh' ? '、' : ', ') });
}
