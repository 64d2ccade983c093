import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextVersion, releaseChangelog, withVersion } from '../../../scripts/lib/version';

describe('version bump', () => {
  it('counts up, or takes a later x.y.z', () => {
    expect(nextVersion('0.1.9', 'patch')).toBe('0.1.10');
    expect(nextVersion('0.1.9', 'minor')).toBe('0.2.0');
    expect(nextVersion('0.1.9', 'major')).toBe('1.0.0');
    expect(nextVersion('0.1.9', '0.1.10')).toBe('0.1.10');
    expect(() => nextVersion('0.1.9', '0.1.9')).toThrow(/not after/);
    expect(() => nextVersion('0.1.9', '0.2.0-beta')).toThrow(/x\.y\.z/);
    expect(() => nextVersion('0.1.9', '')).toThrow();
  });

  it('turns the Unreleased section into the release, keeping older ones', () => {
    const text = '# Changelog\n\nIntro.\n\n## Unreleased\n\n- New thing\n\n## 0.1.0 (2026-12-01)\n\nFirst.\n';
    expect(releaseChangelog(text, '0.2.0', '2026-12-24')).toBe(
      '# Changelog\n\nIntro.\n\n## Unreleased\n\n## 0.2.0 (2026-12-24)\n\n- New thing\n\n## 0.1.0 (2026-12-01)\n\nFirst.\n',
    );
    expect(() => releaseChangelog('# Changelog\n\n## Unreleased\n\n## 0.1.0\n', '0.2.0', 'd')).toThrow(/empty/);
  });

  it('sets the project version in package.json and the lock file, nothing else', () => {
    const lock = {
      name: 'x',
      version: '0.1.0',
      packages: { '': { version: '0.1.0' }, 'node_modules/a': { version: '0.1.0' } },
    };
    const out = JSON.parse(withVersion(JSON.stringify(lock), '0.2.0'));
    expect(out.version).toBe('0.2.0');
    expect(out.packages[''].version).toBe('0.2.0');
    expect(out.packages['node_modules/a'].version).toBe('0.1.0');
  });

  // Runs the script in a child process (tsx): seconds on a busy machine, hence the timeout.
  it('npm run version:bump writes all three files, and the manifests take the version from package.json', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bump-'));
    try {
      for (const f of ['package.json', 'package-lock.json', 'CHANGELOG.md']) cpSync(f, join(dir, f));
      const before = JSON.parse(readFileSync('package.json', 'utf8')).version as string;
      const expected = nextVersion(before, 'minor');
      const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
      // An Unreleased section with something in it, whatever the real one holds today.
      writeFileSync(join(dir, 'CHANGELOG.md'), changelog.replace('## Unreleased\n', '## Unreleased\n\n- A change.\n'));
      execFileSync(
        join(process.cwd(), 'node_modules/.bin/tsx'),
        [join(process.cwd(), 'scripts/bump-version.ts'), 'minor'],
        {
          cwd: dir,
        },
      );
      expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version).toBe(expected);
      const lockAfter = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
      expect([lockAfter.version, lockAfter.packages[''].version]).toEqual([expected, expected]);
      expect(readFileSync(join(dir, 'CHANGELOG.md'), 'utf8')).toMatch(
        new RegExp(`## Unreleased\\n\\n## ${expected} \\(\\d{4}-\\d\\d-\\d\\d\\)\\n\\n- A change\\.`),
      );
      // WXT writes package.json's version into both manifests unless the config sets one.
      expect(readFileSync('wxt.config.ts', 'utf8')).not.toMatch(/\bversion\s*:/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
