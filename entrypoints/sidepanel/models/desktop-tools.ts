/**
 * Desktop tools in the panel: the bridge's status, followed while Settings is open, and the
 * switches. Turning them on asks for the optional nativeMessaging permission inside the click
 * (the browser asks only from a user gesture); the background connects once it is granted.
 */
import { signal } from '@preact/signals';
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

export function setDesktopTools(patch: Partial<DesktopTools>): void {
  const current = bridgeStatus.value?.desktopTools;
  if (!current) return;
  // Asked inside the click (the browser prompts only from a user gesture); the background
  // connects as soon as it is granted, and says "no permission" until then.
  if (patch.enabled === true) void browser.permissions.request({ permissions: ['nativeMessaging'] }).catch(() => false);
  void send('desktopTools.set', { ...current, ...patch })
    .then((status) => {
      bridgeStatus.value = status;
    })
    .catch((error) => fail(messageOf(error)));
}
