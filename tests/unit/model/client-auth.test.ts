/**
 * The real SDK against the loopback fake, one fake per auth style, each refusing the other
 * styles: the key goes in exactly the header the provider documents, and nowhere for a local
 * server (not even a stored key).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../lib/model/client';
import type { AuthStyle } from '../../../lib/provider/presets';
import { FakeAnthropicApi } from '../../fake-api/server';

const KEY = 'sk-test-auth-0123456789abcdef';
const STYLES: readonly AuthStyle[] = ['x-api-key', 'bearer', 'none'];
const fakes = Object.fromEntries(STYLES.map((a) => [a, new FakeAnthropicApi({ auth: a, key: KEY })])) as Record<
  AuthStyle,
  FakeAnthropicApi
>;

beforeAll(async () => {
  for (const f of Object.values(fakes)) await f.start();
});
afterAll(async () => {
  for (const f of Object.values(fakes)) await f.stop();
});

async function call(fake: FakeAnthropicApi, auth: AuthStyle): Promise<number> {
  const client = createClient({ apiKey: KEY, baseUrl: fake.url, auth, timeoutMs: 5_000 });
  try {
    await client.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] });
    return 200;
  } catch (error) {
    return (error as { status?: number }).status ?? -1;
  }
}

describe('auth styles against a server that accepts only one', () => {
  it.each(STYLES)('%s: accepted by its own kind of server', async (auth) => {
    expect(await call(fakes[auth], auth)).toBe(200);
    const req = fakes[auth].messageRequests().at(-1);
    if (auth === 'x-api-key') {
      expect(req?.headers['x-api-key']).toBe(KEY);
      expect(req?.headers.authorization).toBeUndefined();
    } else if (auth === 'bearer') {
      expect(req?.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(req?.headers['x-api-key']).toBeUndefined();
    } else {
      expect(req?.headers.authorization).toBeUndefined();
      expect(req?.headers['x-api-key']).toBeUndefined();
      expect(req?.rawBody).not.toContain(KEY);
    }
  });

  it.each(STYLES.flatMap((server) => STYLES.filter((s) => s !== server).map((client) => [client, server] as const)))(
    '%s is refused by a %s server',
    async (client, server) => {
      expect(await call(fakes[server], client)).toBe(401);
      expect(fakes[server].refused.at(-1)).toMatchObject({ status: 401 });
    },
  );
});
