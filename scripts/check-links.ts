/**
 * `npm run check` part: every relative link and anchor in the project's Markdown (README,
 * CONTRIBUTING, PRIVACY, CHANGELOG, docs/, store/) points at a file and heading that exist.
 * Files named in code spans (a promise's test) must exist too. Links to other sites are not
 * fetched: the check stays offline.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { anchorsOf, isExternal, linksOf, namedPathsOf } from './lib/links';

const ROOT_FILES = ['README.md', 'CONTRIBUTING.md', 'PRIVACY.md', 'PRIVACY.zh-CN.md', 'CHANGELOG.md', 'DESIGN.md'];
const FOLDERS = ['docs', 'store'];

function markdownIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownIn(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const files = [...ROOT_FILES.filter((f) => existsSync(f)), ...FOLDERS.flatMap(markdownIn)];
const anchors = new Map<string, Set<string>>();
const anchorsIn = (path: string) => {
  if (!anchors.has(path)) anchors.set(path, anchorsOf(readFileSync(path, 'utf8')));
  return anchors.get(path) ?? new Set<string>();
};

const broken: string[] = [];
let checked = 0;
for (const file of files) {
  for (const { line, target } of linksOf(readFileSync(file, 'utf8'))) {
    if (isExternal(target)) continue;
    checked++;
    const [pathPart = '', anchor] = target.split('#');
    const path = pathPart ? normalize(join(dirname(file), decodeURIComponent(pathPart))) : file;
    if (!existsSync(path)) broken.push(`${file}:${line}: ${target} (no such file)`);
    else if (anchor && path.endsWith('.md') && !anchorsIn(path).has(anchor.toLowerCase()))
      broken.push(`${file}:${line}: ${target} (no heading #${anchor} in ${path})`);
  }
}
// A file named in a code span (the test beside a promise, a module) exists, from the repository root.
for (const file of files) {
  for (const { line, target } of namedPathsOf(readFileSync(file, 'utf8'))) {
    checked++;
    if (!existsSync(target)) broken.push(`${file}:${line}: \`${target}\` (no such file)`);
  }
}
// Every page in docs/ is reachable from the README.
const fromReadme = new Set(
  linksOf(readFileSync('README.md', 'utf8')).map((l) => normalize(l.target.split('#')[0] ?? '')),
);
for (const page of markdownIn('docs')) {
  if (!fromReadme.has(normalize(page))) broken.push(`README.md: no link to ${page}`);
}
if (broken.length) {
  console.error(`Broken links (${broken.length} of ${checked}):\n${broken.join('\n')}`);
  process.exit(1);
}
console.log(`links: ${checked} relative links and named files in ${files.length} Markdown files, all found`);
