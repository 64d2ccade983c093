/**
 * This installation's mark, written at the end of the injected block's first line. Only a
 * block carrying it is stripped from captured messages, so text a user types between a
 * look-alike opener and closer stays theirs. Not a secret (it is visible in every block sent),
 * just something nobody types by accident. Background only; chat pages get it with their
 * site's switches.
 */
import { browser } from '#imports';

const MARK_KEY = 'install.mark';
const MARK_SHAPE = /^[0-9a-z]{8}$/;

let loading: Promise<string> | null = null;

export function installMark(): Promise<string> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function load(): Promise<string> {
  const stored = (await browser.storage.local.get(MARK_KEY))[MARK_KEY];
  if (typeof stored === 'string' && MARK_SHAPE.test(stored)) return stored;
  const mark = newMark();
  await browser.storage.local.set({ [MARK_KEY]: mark });
  return mark;
}

function newMark(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => '0123456789abcdefghijklmnopqrstuvwxyz'[b % 36]).join('');
}
