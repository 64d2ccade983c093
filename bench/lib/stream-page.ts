/**
 * The page half of `bench:stream`: the real chatgpt fixture's markup (tests/fixtures/sites/chatgpt)
 * holding `?turns=N` earlier turns, and `window.__bench.stream()` that streams one answer in
 * `updates` DOM writes over `ms`, re-rendering the answer's paragraphs on each write as the
 * site's renderer does, with the stop button shown while it streams.
 */
import { createUi } from '../../tests/fixtures/sites/chatgpt/ui';

const WORDS =
  'the plan keeps each step small so that a change can be checked before the next one starts and the data stays where it is'.split(
    ' ',
  );

/** Deterministic prose: `words` words from the list, a paragraph break every 40. */
function prose(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    out.push(WORDS[(seed * 7 + i * 13) % WORDS.length]!);
    if (i % 40 === 39) out.push('\n');
  }
  return out.join(' ').replace(/ \n /g, '\n');
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

const ui = createUi();
const turns = Number(new URL(location.href).searchParams.get('turns') ?? '0');
for (let i = 0; i < turns; i++) {
  if (i % 2 === 0) ui.addUser(`Question ${i}: ${prose(i, 25)}`);
  else {
    const answer = ui.addAssistant();
    answer.write(`Answer ${i}.\n${prose(i, 160)}`);
    answer.finish();
  }
}
document.title = `Long chat of ${turns} turns`;

declare global {
  interface Window {
    __bench: { ready: boolean; stream(updates: number, ms: number): Promise<void> };
  }
}

window.__bench = {
  ready: true,
  async stream(updates, ms) {
    ui.addUser('One more question about the plan?');
    ui.setGenerating(true);
    const answer = ui.addAssistant();
    const words = prose(turns + 1, updates).split(' ');
    const t0 = performance.now();
    for (let i = 1; i <= updates; i++) {
      answer.write(words.slice(0, i).join(' '));
      // Keeps the writes evenly spread over `ms` whatever each write cost.
      await wait(Math.max(0, t0 + (i * ms) / updates - performance.now()));
    }
    answer.finish();
    ui.setGenerating(false);
  },
};
