/**
 * A custom (Anthropic-compatible) base URL needs its origin as a host permission, so the
 * background's fetch is not blocked by CORS. The manifest grants only the real API up front
 * (wxt.config.ts) and lists `https://*\/*`, `http://localhost/*` and `http://127.0.0.1/*` as
 * optional; this asks for exactly one origin at runtime.
 *
 * Must run in an extension page (the side panel), directly in the click handler of the button
 * that saves or tests the base URL, before any `await`: both Chrome and Firefox only allow
 * `permissions.request` during a user gesture, and Firefox ends the gesture at the first await.
 *   onClick={() => void ensureHostPermission(url).then((granted) => granted && save())}
 * A refusal is not an error: the call may still work if the server answers CORS itself.
 */
import { browser } from '#imports';

/** Origins the manifest already grants. */
const GRANTED = new Set(['https://api.anthropic.com']);

/** The match pattern for a base URL's origin (match patterns ignore the port). */
export function originPattern(baseUrl: string): string | null {
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return `${url.protocol}//${url.hostname}/*`;
  } catch {
    return null;
  }
}

export function needsHostPermission(baseUrl: string): boolean {
  try {
    return !GRANTED.has(new URL(baseUrl).origin);
  } catch {
    return false;
  }
}

/** Resolves true when the background may call `baseUrl` with host permission. */
export function ensureHostPermission(baseUrl: string): Promise<boolean> {
  const pattern = originPattern(baseUrl);
  if (!pattern || !needsHostPermission(baseUrl)) return Promise.resolve(pattern !== null);
  // No await before request(): it must stay inside the user gesture.
  try {
    return browser.permissions.request({ origins: [pattern] }).catch(() => false);
  } catch {
    // A browser that cannot ask (or a pattern it does not list as optional) grants nothing.
    return Promise.resolve(false);
  }
}
