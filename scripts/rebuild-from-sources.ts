/**
 * What an add-on reviewer does: unpack the sources zip alone into an empty folder, run the
 * steps store/firefox-review.md gives, and compare the Firefox package made there with ours,
 * file by file and byte by byte (`npm run zip:firefox` first). Fails on any difference and
 * keeps the folder to look at; removes it when all is the same.
 * `npm ci` there uses the npm cache first (npm_config_prefer_offline), as CI's own install
 * has just filled it; a reviewer's plain `npm ci` downloads the same locked versions.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { packagePaths } from './lib/packages';
import { reviewSteps } from './lib/review-steps';
import { compareZips, isSame } from './lib/zip-compare';
import { readZip } from './lib/zip-read';

const ours = packagePaths();
const dir = mkdtempSync(join(tmpdir(), 'claude-mem-rebuild-'));
for (const entry of await readZip(readFileSync(ours.sources))) {
  if (entry.name.endsWith('/')) continue;
  const path = join(dir, entry.name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, entry.data);
}
const steps = reviewSteps(readFileSync(join(dir, 'store/firefox-review.md'), 'utf8'));
// A clean environment for the steps: our output folder and CI's own settings stay out.
const { WXT_OUT_DIR: _ours, ...inherited } = process.env;
const env = { ...inherited, npm_config_prefer_offline: 'true' };
for (const step of steps) {
  console.log(`$ ${step}`);
  execSync(step, { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
}
const theirs = packagePaths(dir, '.output');
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const diff = compareZips(await readZip(readFileSync(ours.firefox)), await readZip(readFileSync(theirs.firefox)));
console.log(`rebuilt from ${ours.sources} in ${dir}`);
console.log(
  `  files identical: ${diff.same}; changed: ${diff.changed.length}; only ours: ${diff.onlyFirst.length}; only rebuilt: ${diff.onlySecond.length}`,
);
console.log(`  package sha256 ours ${sha(ours.firefox)}\n  package sha256 rebuilt ${sha(theirs.firefox)}`);
for (const name of diff.changed) console.log(`  changed: ${name}`);
for (const name of diff.onlyFirst) console.log(`  only in ours: ${name}`);
for (const name of diff.onlySecond) console.log(`  only in the rebuild: ${name}`);
if (!isSame(diff)) {
  console.error(`The rebuild differs; its folder is kept: ${dir}`);
  process.exit(1);
}
rmSync(dir, { recursive: true, force: true });
