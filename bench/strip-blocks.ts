/**
 * Time of the text paths a chat page's message goes through, on adversarial messages. Stripping
 * injected blocks: repeated delimiter openers (the shape that froze a chat tab with the old
 * pattern) at 32 KB and 1 MB, and a message of real size with one block. Reading a turn's text
 * (`blockText`, on a happy-dom page): long runs of spaces, tabs and `<br>`s, which used to be
 * quadratic. Prints figures, asserts nothing. `npm run bench:strip`
 */
import { Window } from 'happy-dom';
import { blockText } from '../lib/adapters/dom';
import { markSuffix, stripInjectedBlocks } from '../lib/ranking/block';

const MARK = 'k3x9q2w7';
const OPENER = '[claude-mem ·]';

function sized(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length));
}

const CASES: [string, string][] = [
  ['repeated openers, 32 KB', sized(OPENER, 32 * 1024)],
  ['repeated openers, 1 MB', sized(OPENER, 1024 * 1024)],
  ['openers with this install’s mark, 1 MB', sized(`[claude-mem · x${markSuffix(MARK)}\n`, 1024 * 1024)],
  ['opener/closer pairs, 1 MB', sized('[claude-mem · a][/claude-mem]', 1024 * 1024)],
  [
    'one real block + 2 KB question',
    `[claude-mem · notes${markSuffix(MARK)}\n- (fact) Lives in Chengdu\n[/claude-mem]\n\n${'word '.repeat(400)}`,
  ],
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(run: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  return median(times);
}

console.log('stripInjectedBlocks: case | length | median ms (7 runs)');
for (const [name, text] of CASES) {
  const ms = time(() => stripInjectedBlocks(text, [MARK]));
  console.log(`${name} | ${text.length.toLocaleString('en-US')} | ${ms.toFixed(2)}`);
}

const { document } = new Window().window as unknown as { document: Document };
(globalThis as { document?: Document }).document = document;

/** A message element holding `count` of `unit` (text, or a tag) between two words. */
function message(unit: string, count: number, tag = false): Element {
  const el = document.createElement('div');
  el.append('before');
  if (tag) for (let i = 0; i < count; i++) el.append(document.createElement(unit));
  else el.append(unit.repeat(count));
  el.append('after');
  return el;
}

const READS: [string, Element][] = [
  ['40,000 spaces', message(' ', 40_000)],
  ['40,000 tabs', message('\t', 40_000)],
  ['56,000 <br>', message('br', 56_000, true)],
  ['400,000 spaces', message(' ', 400_000)],
];
console.log('\nblockText: case | median ms (7 runs)');
for (const [name, el] of READS) console.log(`${name} | ${time(() => blockText(el)).toFixed(2)}`);
