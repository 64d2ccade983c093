/**
 * Time of the privacy filter (`redact`, built-in patterns plus one user pattern) on messages
 * built against it, 100,000 characters each, and on a user pattern that is exponential as a
 * JavaScript RegExp. Prints figures, asserts nothing. `npm run bench:privacy`
 */
import { redact } from '../lib/privacy/privacy';
import { CATASTROPHIC_PATTERN, CATASTROPHIC_VICTIM, PRIVACY_ATTACKS } from './lib/privacy-attacks';

const USER = [{ label: 'employer', pattern: '\\bAcme(?:\\s+Corp)?\\b' }];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
}

function time(text: string, patterns: typeof USER, runs: number): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    redact(text, patterns);
    times.push(performance.now() - t0);
  }
  return median(times);
}

const runs = Number(process.argv[2] ?? 5);
console.log(`case | length | median ms (${runs} runs)`);
for (const [name, text] of PRIVACY_ATTACKS) {
  console.log(`${name} | ${text.length.toLocaleString('en-US')} | ${time(text, USER, runs).toFixed(1)}`);
}
const victim = CATASTROPHIC_VICTIM;
console.log(
  `user pattern ${CATASTROPHIC_PATTERN.pattern} on a…a! | ${victim.length.toLocaleString('en-US')} | ${time(victim, [CATASTROPHIC_PATTERN], runs).toFixed(1)}`,
);
