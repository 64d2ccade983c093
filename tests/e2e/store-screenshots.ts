/**
 * The store listings' screenshots (1280×800, English and Chinese), saved under store/screenshots/:
 * the production build in Debian's Chromium, the ChatGPT fixture page served on its real URL on
 * the left and the side panel page at its real 360 px on the right, drawn side by side as
 * Chrome shows them. Run with `npm run screenshots` after `npm run build:chrome`; look at every
 * picture before committing it.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ADAPTERS } from '../../lib/adapters';
import { launchChromium } from './harness/chromium';
import { readStore } from './harness/extension-calls';
import { loadSampleStore, openView, setLanguage, unfoldCard } from './harness/panel';
import { ROOT } from './harness/paths';
import { putRows } from './harness/seed';
import { buildFixtures, generating, homeUrl, sentMessages, serveFixtures } from './harness/sites';

const OUT = join(ROOT, 'store/screenshots');
const W = 1280;
const H = 800;
const PANEL = 360;
const CHAT = W - PANEL;

/** The fixture pages carry the real sites' markup but not their styles: a plain chat look for the picture. */
const CHAT_LOOK = `
  body { margin: 0; font: 15px/1.5 system-ui, "Noto Sans CJK SC", sans-serif; color: #0d0d0d; background: #fff; }
  .flex.h-full { display: flex; height: 100vh; }
  nav { width: 220px; background: #f9f9f9; padding: 16px 12px; box-sizing: border-box; font-size: 14px; }
  nav::before { content: "ChatGPT"; display: block; font-weight: 600; margin-bottom: 16px; }
  #history a { display: block; color: #0d0d0d; text-decoration: none; padding: 6px 8px; border-radius: 8px; background: #ececec; }
  main { flex: 1; display: flex; flex-direction: column; padding: 24px 40px; box-sizing: border-box; min-width: 0; }
  #thread { flex: 1; overflow: auto; display: flex; flex-direction: column; gap: 18px; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  [data-message-author-role="user"] { display: flex; flex-direction: column; align-items: flex-end; }
  .whitespace-pre-wrap { white-space: pre-wrap; }
  .user-message-bubble-color { background: #f1f1f1; border-radius: 18px; padding: 10px 16px; max-width: 80%; font-size: 14px; }
  .markdown p { margin: 0 0 8px; }
  .text-token-text-secondary { color: #8f8f8f; font-size: 13px; margin-bottom: 4px; }
  [role="toolbar"] { color: #8f8f8f; font-size: 12px; }
  form { position: relative; border: 1px solid #e3e3e3; border-radius: 24px; padding: 12px 56px 12px 18px; box-shadow: 0 2px 8px rgb(0 0 0 / 6%); }
  .ProseMirror { outline: none; min-height: 24px; }
  .ProseMirror p { margin: 0; }
  [data-testid="composer-trailing-actions"] { position: absolute; right: 10px; bottom: 8px; }
  [data-testid="send-button"], [data-testid="stop-button"] { width: 32px; height: 32px; border-radius: 50%; border: none; background: #0d0d0d; color: #fff; }
`;

async function chatPage(ext: Awaited<ReturnType<typeof launchChromium>>): Promise<Page> {
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: CHAT, height: H });
  await page.goto(homeUrl('chatgpt'));
  await page.waitForSelector('claude-mem-controls', { state: 'attached', timeout: 20_000 });
  await page.addStyleTag({ content: CHAT_LOOK });
  return page;
}

/** Types and sends a message on the fixture; the extension adds its block as the user sends. */
async function send(page: Page, text: string): Promise<void> {
  const before = (await sentMessages(page)).length;
  await page.click(ADAPTERS.find((a) => a.id === 'chatgpt')!.selectors.composer.join(', '));
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  for (let i = 0; i < 100 && (await sentMessages(page)).length === before; i++) await page.waitForTimeout(100);
  for (let i = 0; i < 150 && (await generating(page)); i++) await page.waitForTimeout(100);
}

/** The chat page and the panel side by side at 1280×800, as one PNG. */
async function compose(ext: Awaited<ReturnType<typeof launchChromium>>, chat: Page, panel: Page, name: string) {
  await panel.evaluate(() => document.fonts.ready);
  await panel.waitForTimeout(300);
  const left = (await chat.screenshot()).toString('base64');
  const right = (await panel.screenshot()).toString('base64');
  const page = await ext.context.newPage();
  await page.setViewportSize({ width: W, height: H });
  await page.setContent(
    `<body style="margin:0;display:flex;background:#ddd">
      <img style="width:${CHAT}px;height:${H}px" src="data:image/png;base64,${left}">
      <img style="width:${PANEL}px;height:${H}px;border-left:1px solid #c7c7c7;box-sizing:border-box" src="data:image/png;base64,${right}">
    </body>`,
  );
  await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode())));
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  await page.close();
  console.info(`wrote store/screenshots/${name}.png`);
}

/** Two of the imported memories again, as proposals from a chat, waiting for the user's review. */
async function seedProposals(panel: Page, lang: 'en' | 'zh'): Promise<void> {
  const rows = await readStore<Record<string, unknown>>(panel, 'memories');
  const texts =
    lang === 'zh'
      ? ['下个月要去杭州出差三天，想找安静的酒店', '孩子对猫毛过敏']
      : [
          'Is moving the billing database to Postgres 17 next quarter.',
          'Prefers answers that end with a short checklist.',
        ];
  const base = rows.find((r) => r.status === 'active')!;
  const now = Date.now();
  await putRows(
    panel,
    'memories',
    texts.map((content, i) => ({
      ...base,
      id: `shot-proposal-${lang}-${i}`,
      content,
      status: 'proposed',
      pinned: false,
      note: '',
      hitCount: 0,
      lastHitAt: null,
      createdAt: new Date(now - i * 60_000).toISOString(),
      updatedAt: new Date(now - i * 60_000).toISOString(),
    })),
  );
  await panel.reload();
}

mkdirSync(OUT, { recursive: true });
await buildFixtures(['chatgpt']);
for (const lang of ['en', 'zh'] as const) {
  const ext = await launchChromium();
  try {
    await serveFixtures(ext.context);
    const panel = await ext.openSidePanel();
    await panel.setViewportSize({ width: PANEL, height: H });
    await panel.getByRole('tablist', { name: /Views|视图/ }).waitFor();
    if (lang === 'zh') await setLanguage(panel, 'zh');
    await loadSampleStore(panel);

    // 1. The panel with memories, beside a new chat.
    const chat = await chatPage(ext);
    await openView(panel, 'memories');
    await compose(ext, chat, panel, `01-memories-${lang}`);

    // 2. A message sent with its memories block, and the panel's log of what went in and why.
    await send(
      chat,
      lang === 'zh' ? '帮我写一个 FastAPI 的鉴权中间件' : 'Help me write the auth middleware for FastAPI',
    );
    await openView(panel, 'activity');
    await panel.locator('.entry-head').first().click();
    await compose(ext, chat, panel, `02-injected-block-${lang}`);

    // 3. Chats search: the chats the extension recorded, found by a word.
    await send(
      chat,
      lang === 'zh' ? '周末去成都哪里吃火锅比较好？' : 'Where should I eat hot pot in Chengdu this weekend?',
    );
    await openView(panel, 'chats');
    const box = panel.getByRole('searchbox', { name: /Search chats|搜索对话/ });
    // The chat is searchable once the extension has recorded its turn: search again until it is.
    for (let i = 0; i < 30 && (await panel.locator('.chat-result').count()) === 0; i++) {
      await box.fill('');
      await box.fill(lang === 'zh' ? '火锅' : 'hot pot');
      await panel.waitForTimeout(1000);
    }
    await panel.locator('.chat-result').first().waitFor({ timeout: 5_000 });
    await compose(ext, chat, panel, `03-chats-search-${lang}`);

    // 4. Review: memories proposed from a chat wait for accept, edit or reject.
    await seedProposals(panel, lang);
    await openView(panel, 'memories');
    await unfoldCard(panel, /wait(s)? for review|待你确认/);
    await compose(ext, chat, panel, `04-review-${lang}`);
  } finally {
    await ext.close();
  }
}
