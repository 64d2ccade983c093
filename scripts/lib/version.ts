/**
 * The version bump: package.json is the one source (WXT writes it into both manifests), the
 * lock file repeats it, and CHANGELOG.md's "Unreleased" section becomes the release's.
 */

const SEMVER = /^(\d+)\.(\d+)\.(\d+)$/;

/** Browsers take only dotted numbers as a version: no pre-release suffix. */
export function nextVersion(current: string, how: string): string {
  const now = SEMVER.exec(current);
  if (!now) throw new Error(`package.json has version ${current}, not x.y.z`);
  const [major, minor, patch] = now.slice(1).map(Number) as [number, number, number];
  if (how === 'major') return `${major + 1}.0.0`;
  if (how === 'minor') return `${major}.${minor + 1}.0`;
  if (how === 'patch') return `${major}.${minor}.${patch + 1}`;
  const wanted = SEMVER.exec(how);
  if (!wanted) throw new Error(`say major, minor, patch or x.y.z, not "${how}"`);
  const order = (v: string) =>
    v
      .split('.')
      .map((n) => n.padStart(6, '0'))
      .join('.');
  if (order(how) <= order(current)) throw new Error(`${how} is not after ${current}`);
  return how;
}

/** package.json or package-lock.json text with the project's own version set (formatting kept). */
export function withVersion(jsonText: string, version: string): string {
  const data = JSON.parse(jsonText) as { version?: string; packages?: Record<string, { version?: string }> };
  data.version = version;
  const root = data.packages?.[''];
  if (root) root.version = version;
  return `${JSON.stringify(data, null, 2)}\n`;
}

const UNRELEASED = '## Unreleased';

/** The Unreleased section becomes `## <version> (<date>)`; a new, empty Unreleased goes above it. */
export function releaseChangelog(text: string, version: string, date: string): string {
  const at = text.indexOf(UNRELEASED);
  if (at < 0) throw new Error(`CHANGELOG.md has no "${UNRELEASED}" section`);
  const bodyStart = at + UNRELEASED.length;
  const next = text.indexOf('\n## ', bodyStart);
  const body = text.slice(bodyStart, next < 0 ? undefined : next).trim();
  if (!body) throw new Error('CHANGELOG.md: the Unreleased section is empty; say what changed first');
  return `${text.slice(0, at)}${UNRELEASED}\n\n## ${version} (${date})${text.slice(bodyStart)}`;
}
