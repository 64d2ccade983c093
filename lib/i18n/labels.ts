/** Names of the store's enums in the current language. */
import type { MemoryStatus, MemoryType, Scope } from '../memory/types';
import type { SiteMode } from '../settings/schema';
import { isSiteId, SITE_LABELS } from '../sites/ids';
import { hasString } from './dictionary';
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
  return hasString(key) ? t(key) : reason;
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
