// @vitest-environment happy-dom
/**
 * Settings → Your data as the user drives it, through the real router and store: Export writes
 * chats with their summaries only; ticking "Include chat history" next to it puts every message
 * in the file. The box and the hint read the same in Chinese.
 */
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { exportChatHistory } from '../../../entrypoints/sidepanel/models/transfer';
import { SettingsData } from '../../../entrypoints/sidepanel/views/settings-data';
import { recordCapture } from '../../../lib/db/chats';
import { lang } from '../../../lib/i18n';
import { extensionSender, routerOptions } from '../helpers';
import { mount, resetAfterEach } from './mount';

const route = createRouter(handlers, routerOptions);
const TYPED = 'Our daughter starts at the Shuangliu school in September';

resetAfterEach();
beforeEach(() => {
  fakeBrowser.runtime.onMessage.addListener((m: unknown, _s: unknown, sendResponse: (r: unknown) => void) => {
    void route(m, extensionSender).then(sendResponse);
    return true;
  });
});
afterEach(() => {
  exportChatHistory.value = false;
  vi.restoreAllMocks();
});

/** Clicks Export and returns the text of the file the panel hands to the browser. */
async function download(root: HTMLElement): Promise<string> {
  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push(blob as Blob);
    return 'blob:export';
  });
  const button = [...root.querySelectorAll('button')].find((b) => b.textContent === 'Export memories');
  if (!button) throw new Error('no Export button');
  await act(() => button.click());
  await vi.waitFor(() => expect(files).toHaveLength(1));
  return (files[0] as Blob).text();
}

async function shown(): Promise<HTMLElement> {
  let root!: HTMLElement;
  await act(() => {
    root = mount(<SettingsData />);
  });
  return root;
}

describe('Export in Settings → Your data', () => {
  beforeEach(async () => {
    await recordCapture({
      site: 'chatgpt',
      conversationId: 'school',
      url: 'https://chatgpt.com/c/school',
      title: 'School',
      turns: [{ role: 'user', text: TYPED }],
    });
  });

  it('leaves the messages out unless Include chat history is ticked', async () => {
    const root = await shown();
    const box = root.querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(box?.closest('label')?.textContent).toBe('Include chat history (every message, word for word)');
    expect(box?.checked).toBe(false);
    const plain = await download(root);
    expect(JSON.parse(plain).chats).toMatchObject([{ id: 'chatgpt:school', turns: [] }]);
    expect(plain).not.toContain(TYPED);

    vi.restoreAllMocks();
    await act(() => box?.click());
    expect(exportChatHistory.value).toBe(true);
    const full = await download(root);
    expect(JSON.parse(full).chats[0].turns.map((t: { text: string }) => t.text)).toEqual([TYPED]);
  });

  it('says in Chinese what the file holds and what the box adds', async () => {
    lang.value = 'zh';
    const root = await shown();
    expect(root.textContent).toContain('不含消息原文');
    expect(root.querySelector('input[type="checkbox"]')?.closest('label')?.textContent).toBe(
      '包含聊天记录（每条消息，逐字保存）',
    );
  });
});
