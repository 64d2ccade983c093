// @vitest-environment happy-dom
/**
 * Settings → Sites → a site's line, opened: the "past chats" switch with its three choices, the
 * warning that chats from one company then go to another shown for "any site's" only, in
 * English and Chinese; and This tab's excerpt list with its Remove button.
 */
import { describe, expect, it } from 'vitest';
import { PastChatExcerpts } from '../../../components/past-chat-excerpts';
import { SiteRow } from '../../../components/site-row';
import { lang } from '../../../lib/i18n';
import { type SiteSettings, SiteSettingsSchema } from '../../../lib/settings/schema';
import { mount, resetAfterEach } from './mount';

resetAfterEach();

async function openRow(settings: SiteSettings, onChange: (p: Partial<SiteSettings>) => void = () => {}) {
  const root = mount(
    <table>
      <tbody>
        <SiteRow name="ChatGPT" settings={settings} onChange={onChange} />
      </tbody>
    </table>,
  );
  root.querySelector<HTMLButtonElement>('.site-more-toggle')!.click();
  // Preact renders the opened row on its next tick.
  await new Promise((r) => setTimeout(r, 0));
  return root;
}

const select = (root: HTMLElement) =>
  root.querySelector<HTMLSelectElement>('select[aria-label$="past chats as context"]');

describe('the past chats switch', () => {
  it('is off by default, offers this site and any site, and says where chats then go', async () => {
    const changes: Partial<SiteSettings>[] = [];
    const root = await openRow(SiteSettingsSchema.parse({}), (p) => changes.push(p));
    const box = select(root)!;
    expect(box.getAttribute('aria-label')).toBe('ChatGPT: use my past chats as context');
    expect(box.value).toBe('off');
    expect([...box.options].map((o) => o.textContent)).toEqual(['Off', 'This site’s chats', 'Any site’s chats']);
    expect(root.textContent).not.toContain('Chats from one company then go to another');
    box.value = 'any-site';
    box.dispatchEvent(new Event('change'));
    expect(changes).toEqual([{ pastChats: 'any-site' }]);
  });

  it('warns for any site, in English and Chinese', async () => {
    const settings = SiteSettingsSchema.parse({ pastChats: 'any-site' });
    expect((await openRow(settings)).textContent).toContain('Chats from one company then go to another');
    lang.value = 'zh';
    document.body.innerHTML = '';
    expect((await openRow(settings)).textContent).toContain('这样一家公司的对话会发给另一家');
  });
});

/** Two excerpts of one chat (its first and its fourth exchange), as the preview lists them. */
const EXCERPTS = [
  {
    key: 'chatgpt:a#0',
    chatId: 'chatgpt:a',
    site: 'chatgpt' as const,
    title: 'Lisbon trip',
    date: '2026-03-02T10:00:00.000Z',
    text: 'User: where to stay\nAssistant: Alfama',
    why: 'match',
    coverage: 0.6,
  },
  {
    key: 'chatgpt:a#6',
    chatId: 'chatgpt:a',
    site: 'chatgpt' as const,
    title: 'Lisbon trip',
    date: '2026-03-02T10:00:00.000Z',
    text: 'User: and to eat\nAssistant: Time Out Market',
    why: 'match',
    coverage: 0.4,
  },
];

describe("This tab's excerpts", () => {
  it('shows each with its site, title, why and text; Remove on one removes that one, not its chat', () => {
    const removed: string[] = [];
    const root = mount(<PastChatExcerpts excerpts={EXCERPTS} onRemove={(key) => removed.push(key)} />);
    expect(root.textContent).toContain('Lisbon trip');
    expect(root.textContent).toContain('User: where to stay');
    expect(root.textContent).toContain('Holds 60% of the words of your message.');
    root.querySelectorAll('button')[1]!.click();
    expect(removed).toEqual(['chatgpt:a#6']);
  });

  it('names who spoke in Chinese in the Chinese panel', () => {
    lang.value = 'zh';
    const root = mount(<PastChatExcerpts excerpts={EXCERPTS} onRemove={() => {}} />);
    expect(root.textContent).toContain('用户：where to stay');
    expect(root.textContent).toContain('助手：Alfama');
    expect(root.textContent).not.toMatch(/User:|Assistant:/);
  });
});
