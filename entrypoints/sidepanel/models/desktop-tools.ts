/**
 * Desktop tools in the panel: the bridge's status, followed while Settings is open, and the
 * switches, which Save settings writes with the rest of Settings.
 */
import { computed, signal } from '@preact/signals';
import { browser } from '#imports';
import type { BridgeStatus } from '../../../lib/bridge/status';
import { send } from '../../../lib/protocol/panel-send';
import type { DesktopTools } from '../../../lib/settings/schema';
import { fail, messageOf } from './notice';

export const bridgeStatus = signal<BridgeStatus | null>(null);
const POLL_MS = 1000;

async function refresh(): Promise<void> {
  try {
    bridgeStatus.value = await send('desktopTools.status', {});
  } catch (error) {
    fail(messageOf(error));
  }
}

/** Follows the bridge while the caller is mounted (connecting, connected, recent callers). */
export function startDesktopToolsModel(): () => void {
  void refresh();
  const timer = setInterval(() => void refresh(), POLL_MS);
  return () => clearInterval(timer);
}

/** The switches as the user set them, until Save settings (null: as stored). */
export const desktopDraft = signal<DesktopTools | null>(null);

/** What the switches show: the user's unsaved choice, else what the background holds. */
export const desktopShown = computed(() => desktopDraft.value ?? bridgeStatus.value?.desktopTools ?? null);

export const desktopDirty = computed(() => {
  const draft = desktopDraft.value;
  const stored = bridgeStatus.value?.desktopTools;
  return draft !== null && stored !== undefined && JSON.stringify(draft) !== JSON.stringify(stored);
});

export function editDesktopTools(patch: Partial<DesktopTools>): void {
  const current = desktopShown.value;
  if (current) desktopDraft.value = { ...current, ...patch };
}

/**
 * Part of Save settings. Must start inside the click: turning the tools on asks for the
 * optional nativeMessaging permission, which the browser offers only from a user gesture;
 * the background connects as soon as it is granted, and says "no permission" until then.
 */
export function writeDesktopTools(): Promise<void> {
  const draft = desktopDraft.value;
  if (!draft || !desktopDirty.value) {
    desktopDraft.value = null;
    return Promise.resolve();
  }
  if (draft.enabled && !bridgeStatus.value?.desktopTools.enabled)
    void browser.permissions.request({ permissions: ['nativeMessaging'] }).catch(() => false);
  return send('desktopTools.set', draft).then((status) => {
    bridgeStatus.value = status;
    if (desktopDraft.value === draft) desktopDraft.value = null;
  });
}
