/** Where `npm run zip` puts the packages: WXT's output folder, named by package.json's name and version. */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export function packagePaths(
  root = process.cwd(),
  outDir = process.env.WXT_OUT_DIR ?? '.output',
): { firefox: string; sources: string; chrome: string } {
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const out = resolve(root, outDir);
  const at = (kind: string) => join(out, `${name}-${version}-${kind}.zip`);
  return { firefox: at('firefox'), sources: at('sources'), chrome: at('chrome') };
}
