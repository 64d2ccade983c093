/**
 * No secret rebuilt on its way out. A secret the user wrote with characters a reader drops or
 * folds (zero-width spaces and joiners, a soft hyphen, tabs, double spaces, line breaks,
 * full-width or Arabic-Indic digits) must not leave in any form a reader could read back: not
 * in a past chat's excerpt or its title in the block, not in a memory's line, not in an
 * extraction request, not in what a desktop tool gets (real store, real router). And the
 * extraction request redacts the secret, never the turn around it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter, NATIVE_SENDER } from '../../../entrypoints/background/router';
import { recordCapture } from '../../../lib/db/chats';
import { keepHistoryIndexed } from '../../../lib/db/history-upkeep';
import { putMemories } from '../../../lib/db/memories';
import { dropIndex, warmIndex } from '../../../lib/db/memory-index-source';
import { pastChatsFor } from '../../../lib/db/past-chats';
import { loadSettings, saveSettings } from '../../../lib/db/settings-store';
import { buildPrompt } from '../../../lib/extraction/extract-prompt';
import { prepareTurns } from '../../../lib/extraction/transcript';
import { EVERYWHERE_ONLY } from '../../../lib/memory/spaces';
import { redact } from '../../../lib/privacy/privacy';
import { selectForInjection } from '../../../lib/ranking/select';
import { defaultSettings, type PrivacyPattern, type Settings } from '../../../lib/settings/schema';
import { extensionSender, memory, routerOptions } from '../helpers';
import { readBack } from './read-back';

const CARD = '4111111111111111';
const KEY = 'sk-ant-api03-Zq8vR2mW-Lx7pT4nY-Kc9bHs3e';
const ID = '11010519491231002X';
const CUSTOM: PrivacyPattern = { label: 'project', pattern: 'falcon-[0-9]{4}' };

const holds = (text: string, secret: string) => readBack(text).includes(readBack(secret));

/** Secrets written the ways a page can show them, each in its own user turn. */
const SPLIT = {
  zwsp: `my key is ${KEY.slice(0, 14)}\u200b${KEY.slice(14, 26)}\u200b${KEY.slice(26)}`,
  softHyphen: `and the card 4111\u00ad1111\u00ad1111\u00ad1111 expires soon`,
  tab: `card 4111\t1111\t1111\t1111 on file`,
  doubleSpace: `card 4111  1111  1111  1111 on file`,
  lineBreak: `card 4111\n1111\n1111\n1111\non file`,
  joiner: `codename falcon\u200d-\u200d2024 is secret`,
  fullWidth: '我的卡号是４１１１ １１１１ １１１１ １１１１，请帮我查',
  arabicIndic: `ID ${[...ID.slice(0, 17)].map((d) => String.fromCodePoint(0x660 + Number(d))).join('')}X here`,
};
const SECRETS: Record<keyof typeof SPLIT, string> = {
  zwsp: KEY,
  softHyphen: CARD,
  tab: CARD,
  doubleSpace: CARD,
  lineBreak: CARD,
  joiner: 'falcon-2024',
  fullWidth: CARD,
  arabicIndic: ID,
};

function withPatterns(patterns: PrivacyPattern[]): Settings {
  const s = defaultSettings();
  s.sites.chatgpt.pastChats = 'this-site';
  s.privacyPatterns = patterns;
  return s;
}

async function captureSplitChats() {
  for (const [name, text] of Object.entries(SPLIT)) {
    await recordCapture({
      site: 'chatgpt',
      conversationId: `split-${name}`,
      url: `https://chatgpt.test/c/split-${name}`,
      title: 'Billing questions',
      turns: [
        { role: 'user', text: `Billing question about my payment: ${text}` },
        { role: 'assistant', text: 'Billing answers: payment details are on the account page.' },
      ],
    });
  }
  await keepHistoryIndexed();
}

const route = createRouter(handlers, routerOptions);

describe('past chats: the excerpt in the block', () => {
  beforeEach(captureSplitChats);

  it('rebuilds no secret, whatever characters split it', async () => {
    const settings = withPatterns([CUSTOM]);
    const leaked: string[] = [];
    for (const name of Object.keys(SPLIT) as (keyof typeof SPLIT)[]) {
      const excerpts = await pastChatsFor(settings, {
        site: 'chatgpt',
        conversationId: null,
        url: 'https://chatgpt.test/',
        draft: 'billing question about my payment',
        now: Date.now(),
        spaces: EVERYWHERE_ONLY,
        skip: Object.keys(SPLIT)
          .filter((n) => n !== name)
          .map((n) => `chatgpt:split-${n}`),
      });
      expect(excerpts.length).toBeGreaterThan(0);
      const { block } = selectForInjection(await warmIndex(), 'billing question about my payment', {
        site: 'chatgpt',
        now: Date.now(),
        budgetTokens: 1200,
        excerpts,
        privacyPatterns: settings.privacyPatterns,
      });
      if (holds(block!, SECRETS[name])) leaked.push(name);
    }
    expect(leaked).toEqual([]);
  });
});

describe('titles', () => {
  it('are filtered in the excerpt header and in search_chats', async () => {
    await recordCapture({
      site: 'chatgpt',
      conversationId: 'refund',
      url: 'https://chatgpt.test/c/refund',
      title: 'Refund for card 4111 1111 1111 1111',
      turns: [
        { role: 'user', text: 'How do I ask for a refund on a duplicate charge?' },
        { role: 'assistant', text: 'Ask the merchant first, then your bank for a chargeback on the refund.' },
      ],
    });
    await keepHistoryIndexed();
    const settings = withPatterns([]);
    await saveSettings(settings);
    const excerpts = await pastChatsFor(settings, {
      site: 'chatgpt',
      conversationId: null,
      url: 'https://chatgpt.test/',
      draft: 'how do I ask for a refund on a duplicate charge',
      now: Date.now(),
      spaces: EVERYWHERE_ONLY,
    });
    const { block } = selectForInjection(await warmIndex(), 'refund duplicate charge', {
      site: 'chatgpt',
      now: Date.now(),
      budgetTokens: 1200,
      excerpts,
      privacyPatterns: [],
    });
    expect(block).toContain('Refund for card [redacted: card number]');
    expect(holds(block!, CARD)).toBe(false);

    await route(
      { type: 'desktopTools.set', payload: { enabled: true, allowAdd: false, searchChats: true } },
      extensionSender,
    );
    const reply = await route(
      { type: 'tool.search_chats', payload: { client: 'Cursor', query: 'refund duplicate charge' } },
      NATIVE_SENDER,
    );
    expect(reply).toMatchObject({ ok: true });
    const chats = (reply as { data: { chats: { title: string }[] } }).data.chats;
    expect(chats.map((c) => c.title)).toEqual(['Refund for card [redacted: card number]']);
    expect(holds(JSON.stringify(reply), CARD)).toBe(false);
  });
});

describe('memories', () => {
  it('leave the block and the desktop tools with no rebuilt secret', async () => {
    await putMemories([
      memory({ content: 'Pays rent with the card 4111\n1111\n1111\n1111 every month' }),
      memory({ content: `Pays rent through the key ${KEY.slice(0, 14)}\u200b${KEY.slice(14)}` }),
    ]);
    dropIndex();
    const { block } = selectForInjection(await warmIndex(), 'how do I pay rent every month', {
      site: 'chatgpt',
      now: Date.now(),
      budgetTokens: 1200,
      privacyPatterns: [],
    });
    expect(block).toContain('Pays rent');
    expect(holds(block!, CARD)).toBe(false);
    expect(holds(block!, KEY)).toBe(false);

    const settings = await loadSettings();
    await saveSettings({ ...settings, desktopTools: { ...settings.desktopTools, enabled: true } });
    const reply = await route(
      { type: 'tool.search_memories', payload: { client: 'Cursor', query: 'pay rent' } },
      NATIVE_SENDER,
    );
    expect(JSON.stringify(reply)).toContain('Pays rent');
    expect(holds(JSON.stringify(reply), CARD)).toBe(false);
    expect(holds(JSON.stringify(reply), KEY)).toBe(false);
  });
});

describe('extraction requests', () => {
  it('carry no secret in any spacing or digit form', () => {
    const turns = Object.values(SPLIT).map((text) => ({ role: 'user' as const, text, at: '' }));
    const { turns: prepared } = prepareTurns(turns, [CUSTOM]);
    const leaked = Object.keys(SPLIT).filter((name, i) =>
      holds(prepared[i]!.text, SECRETS[name as keyof typeof SPLIT]),
    );
    expect(leaked).toEqual([]);
  });

  it('filter the chat title it names', () => {
    const window = { head: [], turns: [{ index: 0, role: 'user' as const, text: 'hello', tokens: 1 }], omitted: 0 };
    const prompt = buildPrompt({
      site: 'chatgpt',
      title: 'Refund for card 4111 1111 1111 1111',
      window,
      related: [memory({ content: 'Card on file: 4111\n1111\n1111\n1111' })],
      previousSummary: 'The user asked about card 4111\t1111\t1111\t1111.',
      privacyPatterns: [],
    });
    expect(prompt.user).toContain('Refund for card [redacted: card number]');
    expect(holds(prompt.user, CARD)).toBe(false);
  });

  it("redact a connection string's password, not the turn that follows", () => {
    const { turns } = prepareTurns(
      [
        { role: 'user', text: 'Why does psql postgresql://app:Tr4ck!ng-2024@db.internal:5432/orders hang?', at: '' },
        {
          role: 'assistant',
          text: 'That string carries your password in plain text, so keep it in PGPASSWORD instead. It hangs because the pool is full: would you like me to add PgBouncer in front of it?',
          at: '',
        },
        { role: 'user', text: 'No PgBouncer, we stay with one connection per worker.', at: '' },
      ],
      [],
    );
    expect(turns[0]!.text).not.toContain('Tr4ck!ng-2024');
    expect(turns[0]!.text).toContain('postgresql://app:');
    expect(turns[0]!.text).toContain('@db.internal:5432/orders hang?');
    expect(turns[1]!.text).toContain('would you like me to add PgBouncer in front of it?');
    expect(turns[1]!.text).toContain('[redacted: password line]');
  });
});

describe('the filter itself', () => {
  it('finds full-width card numbers, and replaces the right span', () => {
    const out = redact('我的卡号是４１１１ １１１１ １１１１ １１１１，请帮我查');
    expect(out.text).toBe('我的卡号是[redacted: card number]，请帮我查');
  });
});
