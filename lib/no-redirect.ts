/**
 * The one fetch for requests that carry the user's text or a credential (model calls, the sync
 * server): it follows no redirect. A redirect would carry the text and the key or login to an
 * address the user never chose; in a browser `redirect: 'manual'` hides where it points (an
 * opaque response), so every redirect is refused, same-origin ones too. Node shows the 3xx.
 */
export async function fetchNoRedirect(
  input: string | URL | Request,
  init: RequestInit | undefined,
  refused: () => Error,
  fetcher: typeof fetch = globalThis.fetch,
): Promise<Response> {
  // Set last, over anything the caller passed: no caller can turn following back on.
  const response = await fetcher(input, { ...init, redirect: 'manual' });
  const redirect = response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
  if (redirect && response.status !== 304) {
    await response.body?.cancel().catch(() => {});
    throw refused();
  }
  return response;
}
