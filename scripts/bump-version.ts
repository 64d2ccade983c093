/**
 * `npm run version:bump -- patch|minor|major|x.y.z`: sets the version in package.json (WXT puts
 * it in the Chrome and Firefox manifests) and package-lock.json, and turns CHANGELOG.md's
 * Unreleased section into this version's, dated today (UTC). Commit and tag are left to you.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { nextVersion, releaseChangelog, withVersion } from './lib/version';

const how = process.argv[2] ?? '';
const pkg = readFileSync('package.json', 'utf8');
const current = (JSON.parse(pkg) as { version: string }).version;
let version: string;
let changelog: string;
try {
  version = nextVersion(current, how);
  changelog = releaseChangelog(readFileSync('CHANGELOG.md', 'utf8'), version, new Date().toISOString().slice(0, 10));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
writeFileSync('package.json', withVersion(pkg, version));
writeFileSync('package-lock.json', withVersion(readFileSync('package-lock.json', 'utf8'), version));
writeFileSync('CHANGELOG.md', changelog);
console.log(`${current} → ${version}: package.json, package-lock.json, CHANGELOG.md`);
