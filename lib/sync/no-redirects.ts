/**
 * Every request to the sync server carries the login and sealed documents, so none follows a
 * redirect: an answer sending it elsewhere (another origin, or anywhere: CouchDB never
 * redirects its API) fails the request with its own error, and nothing is sent again.
 */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class Redirected extends Error {
  override name = 'redirected';
}

export async function fetchWithoutRedirects(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const res = await fetch(input, { ...init, redirect: 'manual' });
  // A browser hides where a manual redirect goes (an opaque response); Node shows the 3xx.
  if (res.type === 'opaqueredirect' || REDIRECTS.has(res.status)) {
    await res.body?.cancel().catch(() => {});
    throw new Redirected('the server answered with a redirect');
  }
  return res;
}
