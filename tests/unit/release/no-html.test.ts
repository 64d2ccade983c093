/**
 * No shipped code writes HTML from a string or runs code from one: the one innerHTML that
 * addons-linter finds in the package is Preact's handling of `dangerouslySetInnerHTML`, which
 * no code here passes (store/firefox-review.md), and the stores ask for no remote or eval'd code.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LinterReport, unexplainedWarnings } from '../../../scripts/lib/linter-report';

const HTML_OR_EVAL =
  /\.(inner|outer)HTML\s*\+?=(?!=)|insertAdjacentHTML|dangerouslySetInnerHTML|document\.write|\beval\(|new Function\(|setTimeout\(\s*['"`]/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx|html)$/.test(name) ? [path] : [];
  });
}

describe('shipped code', () => {
  it('never writes HTML from a string nor evaluates one', () => {
    const shipped = ['lib', 'entrypoints', 'components'].flatMap(files);
    expect(shipped.length).toBeGreaterThan(100);
    const found = shipped.filter((path) => HTML_OR_EVAL.test(readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });
});

describe('addons-linter warnings', () => {
  const warning = (file: string, column: number) => ({
    code: 'UNSAFE_VAR_ASSIGNMENT',
    message: 'Unsafe assignment to innerHTML',
    file,
    line: 1,
    column,
  });
  const report = (warnings: LinterReport['warnings']): LinterReport => ({
    summary: { errors: 0, notices: 0, warnings: warnings.length },
    errors: [],
    notices: [],
    warnings,
  });
  const preact = 'x;f?(s||(e.innerHTML=f.__html),t.__k=[]):y';
  const ours = 'x;el.innerHTML=memory.content;y';

  it("allows only Preact's dangerouslySetInnerHTML line", () => {
    const files = new Map([
      ['chunks/sidepanel-A.js', preact],
      ['chunks/sidepanel-B.js', ours],
    ]);
    const atPreact = warning('chunks/sidepanel-A.js', preact.indexOf('e.innerHTML'));
    const atOurs = warning('chunks/sidepanel-B.js', ours.indexOf('el.innerHTML'));
    expect(unexplainedWarnings(report([atPreact]), files)).toEqual([]);
    expect(unexplainedWarnings(report([atPreact, atOurs]), files)).toEqual([atOurs]);
    expect(unexplainedWarnings(report([{ ...atPreact, code: 'OTHER' }]), files)).toHaveLength(1);
  });
});
