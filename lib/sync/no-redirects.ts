/**
 * Every request to the sync server carries the login and sealed documents, so none follows a
 * redirect: an answer sending it elsewhere (another origin, or anywhere: CouchDB never
 * redirects its API) fails the request with its own error, and nothing is sent again.
 */
import { fetchNoRedirect } from '../no-redirect';

export class Redirected extends Error {
  override name = 'redirected';
}

export function fetchWithoutRedirects(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return fetchNoRedirect(input, init, () => new Redirected('the server answered with a redirect'));
}
