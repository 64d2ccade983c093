/**
 * This installation's mark, written at the end of the injected block's first line. Only a
 * block carrying it is stripped from captured messages, so text a user types between a
 * look-alike opener and closer stays theirs. Not a secret (it is visible in every block sent
 * to that site), so each site gets its own: derived from a random seed kept in the private
 * database, it cannot link one user's chats across sites. Background only; chat pages get
 * their site's mark with their site's switches.
 */

import type { SiteId } from '../sites/ids';
import { readTrusted, writeTrusted } from './trusted';

const SEED_NAME = 'install.seed';
/** The one mark builds up to 0.2.x used on every site: still stripped from older captures. */
const LEGACY_MARK_NAME = 'install.mark';
const SEED_SHAPE = /^[0-9a-f]{64}$/;
const MARK_SHAPE = /^[0-9a-z]{8}$/;
const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

let loading: Promise<{ seed: CryptoKey; legacy: string | null }> | null = null;
const marks = new Map<SiteId, Promise<string>>();

function loadSeed() {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function load(): Promise<{ seed: CryptoKey; legacy: string | null }> {
  let hex = await readTrusted(SEED_NAME);
  if (typeof hex !== 'string' || !SEED_SHAPE.test(hex)) {
    hex = [...crypto.getRandomValues(new Uint8Array(32))].map((b) => b.toString(16).padStart(2, '0')).join('');
    await writeTrusted(SEED_NAME, hex);
  }
  const bytes = new Uint8Array((hex as string).match(/../g)!.map((h) => Number.parseInt(h, 16)));
  const seed = await crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const legacy = await readTrusted(LEGACY_MARK_NAME);
  return { seed, legacy: typeof legacy === 'string' && MARK_SHAPE.test(legacy) ? legacy : null };
}

async function derive(site: SiteId): Promise<string> {
  const { seed } = await loadSeed();
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', seed, new TextEncoder().encode(`mark:${site}`)));
  return [...mac.slice(0, 8)].map((b) => ALPHABET[b % 36]).join('');
}

/** The mark blocks carry on this site. */
export function installMark(site: SiteId): Promise<string> {
  let mark = marks.get(site);
  if (!mark) {
    mark = derive(site).catch((error: unknown) => {
      marks.delete(site);
      throw error;
    });
    marks.set(site, mark);
  }
  return mark;
}

/** Every mark a block captured on this site may carry: its own, and an older build's. */
export async function stripMarks(site: SiteId): Promise<string[]> {
  const [mark, { legacy }] = await Promise.all([installMark(site), loadSeed()]);
  return legacy && legacy !== mark ? [mark, legacy] : [mark];
}

/** Forgets what was read (tests reset the database under it). */
export function resetInstallMarks(): void {
  loading = null;
  marks.clear();
}
