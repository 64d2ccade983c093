/**
 * Time to strip injected blocks from adversarial messages: repeated delimiter openers (the
 * shape that froze a chat tab with the old pattern) at 32 KB and 1 MB, and a message of real
 * size with one block. Prints figures, asserts nothing. `npm run bench:strip`
 */
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

console.log('case | length | median ms (7 runs)');
for (const [name, text] of CASES) {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    stripInjectedBlocks(text, [MARK]);
    times.push(performance.now() - t0);
  }
  console.log(`${name} | ${text.length.toLocaleString('en-US')} | ${median(times).toFixed(2)}`);
}
