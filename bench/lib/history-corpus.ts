/**
 * A generated chat history for bench:history: deterministic, half English, half Chinese, with
 * word frequencies following Zipf's law as real text does (a few words everywhere, most rare),
 * so postings lists have realistic lengths. The English vocabulary is common English words
 * plus generated ones; Chinese is words of one to four characters of the CJK block, also Zipf-distributed.
 * Written as a ChatGPT export: a message tree per chat with a hidden system node and one
 * abandoned (edited) branch, as real exports have.
 */
import { mulberry32 } from './seeded';

const COMMON =
  'time year people way day man thing woman life child world school state family student group country problem hand part place case week company system program question work government number night point home water room mother area money story fact month lot right study book eye job word business issue side kind head house service friend father power hour game line end member law car city community name president team minute idea kid body information back parent face others level office door health person art war history party result change morning reason research girl guy moment air teacher force education garden kitchen recipe travel music movie budget flight hotel ticket coffee bread starter glaze python server database query index memory chart report plan meeting email project deadline invoice visa passport'.split(
    ' ',
  );
const SYLLABLES =
  'ka lo mi ne ru ta shi po ve da qui zor ben tal mar fen gil hop jun kes lum nor pex rav sul tev wim yar zel'.split(
    ' ',
  );

function zipf(n: number, random: () => number): () => number {
  const cum = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += 1 / (i + 1);
    cum[i] = sum;
  }
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const random = mulberry32(20261201);
const EN: string[] = [...COMMON];
while (EN.length < 30_000) {
  const k = 2 + Math.floor(random() * 3);
  let w = '';
  for (let i = 0; i < k; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  EN.push(w);
}
// Chinese as words of one to four characters (most of two), themselves made of Zipf-drawn
// characters: text of independent characters would have far more distinct pairs than real text.
const CHARS: string[] = [];
for (let i = 0; i < 4_000; i++) CHARS.push(String.fromCodePoint(0x4e00 + Math.floor(random() * 0x5000)));
const charRank = zipf(CHARS.length, random);
const ZH: string[] = [];
for (let i = 0; i < 40_000; i++) {
  const r = random();
  const len = r < 0.15 ? 1 : r < 0.8 ? 2 : r < 0.92 ? 3 : 4;
  ZH.push(Array.from({ length: len }, () => CHARS[charRank()]!).join(''));
}
const enRank = zipf(EN.length, random);
const zhRank = zipf(ZH.length, random);

function english(chars: number): string {
  const out: string[] = [];
  let n = 0;
  let sentence = 0;
  while (n < chars) {
    let w = EN[enRank()]!;
    if (sentence === 0) w = w[0]!.toUpperCase() + w.slice(1);
    sentence++;
    if (sentence > 8 + Math.floor(random() * 10)) {
      w += '.';
      sentence = 0;
    }
    out.push(w);
    n += w.length + 1;
  }
  return out.join(' ');
}

function chinese(chars: number): string {
  let s = '';
  let run = 0;
  while (s.length < chars) {
    s += ZH[zhRank()]!;
    run++;
    if (run > 8 + Math.floor(random() * 12)) {
      s += random() < 0.7 ? '，' : '。';
      run = 0;
    }
  }
  return s;
}

export interface Corpus {
  json: string;
  chars: number;
}

const DAY = 86_400;
const START = Date.parse('2023-01-01T00:00:00Z') / 1000;

/** A ChatGPT `conversations.json` of `chats` chats with `turns` turns each. */
export function chatGptExport(chats: number, turns: number): Corpus {
  const parts: string[] = ['['];
  let chars = 0;
  for (let c = 0; c < chats; c++) {
    const zh = c % 2 === 1;
    const t0 = START + Math.floor((c / chats) * 1000 * DAY);
    const mapping: Record<string, unknown> = {};
    const node = (id: string, parent: string | null, message: unknown) => {
      mapping[id] = { id, parent, children: [], message };
      if (parent) (mapping[parent] as { children: string[] }).children.push(id);
    };
    node('root', null, null);
    node('sys', 'root', {
      author: { role: 'system' },
      content: { content_type: 'text', parts: [''] },
      recipient: 'all',
      metadata: { is_visually_hidden_from_conversation: true },
    });
    let parent = 'sys';
    for (let i = 0; i < turns; i++) {
      const user = i % 2 === 0;
      const len = user ? 150 + Math.floor(random() * 200) : 700 + Math.floor(random() * 700);
      const text = zh ? chinese(len) : english(len);
      chars += text.length;
      const id = `m${i}`;
      node(id, parent, {
        author: { role: user ? 'user' : 'assistant' },
        create_time: t0 + i * 60,
        content: { content_type: 'text', parts: [text] },
        recipient: 'all',
        metadata: user ? {} : { model_slug: 'gpt-4o' },
      });
      if (i === 1) {
        // An edited question: the abandoned branch stays in the tree, off the current path.
        node('edit', id, {
          author: { role: 'user' },
          create_time: t0 + 90,
          content: { content_type: 'text', parts: [zh ? chinese(100) : english(100)] },
          recipient: 'all',
          metadata: {},
        });
      }
      parent = id;
    }
    const conv = {
      title: `Chat ${c}`,
      create_time: t0,
      update_time: t0 + turns * 60,
      mapping,
      current_node: parent,
      conversation_id: `bench-${c}`,
      id: `bench-${c}`,
    };
    parts.push(`${c > 0 ? ',' : ''}${JSON.stringify(conv)}`);
  }
  parts.push(']');
  return { json: parts.join(''), chars };
}

/** Search queries of the kinds people type: one or two words, Chinese words, a phrase, a site. */
export function historyQueries(n: number): string[] {
  const q = mulberry32(7);
  const word = () => EN[10 + Math.floor(q() * 3000)]!;
  const zhWord = (len: number) => ZH.filter((w) => w.length === len)[Math.floor(q() * 500)]!;
  const kinds = [
    () => word(),
    () => `${word()} ${word()}`,
    () => zhWord(2),
    () => zhWord(2),
    () => `"${EN[Math.floor(q() * 50)]} ${EN[Math.floor(q() * 50)]}"`,
    () => `${word()} site:chatgpt`,
    () => EN[Math.floor(q() * 30)]!,
  ];
  return Array.from({ length: n }, (_, i) => kinds[i % kinds.length]!());
}
