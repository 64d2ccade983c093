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

describe("This tab's excerpts", () => {
  it('shows each with its site, title and text, and a Remove button that names the chat', () => {
    const removed: string[] = [];
    const root = mount(
      <PastChatExcerpts
        excerpts={[
          {
            chatId: 'chatgpt:a',
            site: 'chatgpt',
            title: 'Lisbon trip',
            date: '2026-03-02T10:00:00.000Z',
            text: 'User: where to stay\nAssistant: Alfama',
            why: 'match',
          },
        ]}
        onRemove={(id) => removed.push(id)}
      />,
    );
    expect(root.textContent).toContain('Lisbon trip');
    expect(root.textContent).toContain('User: where to stay');
    root.querySelector('button')!.click();
    expect(removed).toEqual(['chatgpt:a']);
  });
});
