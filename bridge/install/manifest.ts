/**
 * The host manifest each browser reads: the host's name, the program it starts, and exactly
 * which extensions may connect — Chromium-family browsers by origin (`allowed_origins`, no
 * wildcards allowed), Firefox by add-on id (`allowed_extensions`).
 */
import { createHash } from 'node:crypto';
import type { Browser } from './targets';

/** Chrome's id for a manifest `key`: the first 128 bits of the key's SHA-256, hex digits 0–f written a–p. */
export function extensionIdFromKey(publicKeyBase64: string): string {
  const hex = createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((h) => String.fromCharCode(97 + Number.parseInt(h, 16))).join('');
}

export interface ManifestInput {
  browser: Browser;
  hostName: string;
  /** The launcher the browser runs (absolute). */
  path: string;
  /** Chromium extension ids allowed to connect (checked by install options). */
  chromeIds: readonly string[];
  /** Firefox add-on ids allowed to connect. */
  geckoIds: readonly string[];
}

export function hostManifest(m: ManifestInput): Record<string, unknown> {
  const common = {
    name: m.hostName,
    description: 'claude-mem desktop bridge: your memory for Claude Desktop, Claude Code and Cursor',
    path: m.path,
    type: 'stdio',
  };
  return m.browser === 'firefox'
    ? { ...common, allowed_extensions: [...m.geckoIds] }
    : { ...common, allowed_origins: m.chromeIds.map((id) => `chrome-extension://${id}/`) };
}
