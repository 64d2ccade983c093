/**
 * What the Firefox chat-page tests share: asking the background as the side panel does, and a
 * fixture chat page served on its real address with the extension's controls attached.
 */
import type { Page } from 'puppeteer-core';
import { type FirefoxExtension, poll } from './firefox';
import { fixtureResponse } from './sites';

type Reply = { ok: boolean; data?: unknown; error?: { message: string } };
type RuntimeGlobal = { browser: { runtime: { sendMessage(m: unknown): Promise<Reply> } } };

/** A caller of background messages from an extension page; a refusal throws with its message. */
export function panelAsk(panel: Page) {
  return async <T>(type: string, payload: unknown): Promise<T> => {
    const reply = await panel.evaluate(
      (t, p) => (globalThis as unknown as RuntimeGlobal).browser.runtime.sendMessage({ type: t, payload: p }),
      type,
      payload,
    );
    if (!reply.ok) throw new Error(`${type}: ${reply.error?.message}`);
    return reply.data as T;
  };
}

/** A new tab on `url`, answered from the fixture pages, once the extension's controls are on it. */
export async function openFixtureChat(ff: FirefoxExtension, url: string): Promise<Page> {
  const page = await ff.browser.newPage();
  await page.setRequestInterception(true);
  page.on('request', (req) => {
    const response = fixtureResponse(new URL(req.url()), req.isNavigationRequest());
    void (response ? req.respond(response) : req.abort());
  });
  await page.goto(url);
  await poll(
    () => page.evaluate(() => document.querySelector('claude-mem-controls') !== null),
    (attached) => attached,
    10_000,
  );
  return page;
}
