/**
 * Which base URLs the extension may send the key and transcripts to. `https` anywhere; plain
 * `http` only to this computer (a local model server), because over `http` anyone on the
 * network path could read the key and the chats. "This computer" is decided on the parsed
 * host, never on the text: `http://localhost.evil.com`, `http://127.0.0.1.nip.io` and
 * `http://localhost@evil.com` all go elsewhere.
 */

export type BaseUrlProblem = 'invalid' | 'not_https' | 'credentials';

/** `localhost`, any 127.0.0.0/8 address, or `[::1]`, as the URL parser normalised them. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  const parts = host.split('.');
  if (parts.length !== 4 || parts[0] !== '127') return false;
  return parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

export function baseUrlProblem(text: string): BaseUrlProblem | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  // A user:password part would ride along on every request and hides the real host.
  if (url.username !== '' || url.password !== '') return 'credentials';
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return 'not_https';
  return null;
}

export function isAllowedBaseUrl(text: string): boolean {
  return baseUrlProblem(text) === null;
}

/** True when calls to this base URL stay on this computer. */
export function isLoopbackUrl(text: string): boolean {
  try {
    return isLoopbackHost(new URL(text).hostname);
  } catch {
    return false;
  }
}
