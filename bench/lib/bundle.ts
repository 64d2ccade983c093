/**
 * What a service-worker cold start loads from the built extension: background.js, the chunks it
 * imports (statically, transitively), and any packaged file the worker reads on every start.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface BundleSizes {
  /** background.js alone, bytes. */
  background: number;
  /** Every file a cold start loads, bytes, by path relative to the build. */
  coldStart: Record<string, number>;
  coldStartTotal: number;
  /** The content script, which every chat page loads. */
  contentScript: number;
}

const IMPORT = /(?:import|from)\s*["'](\.{1,2}\/[^"']+)["']/g;

function importClosure(root: string, entry: string): string[] {
  const seen = new Set<string>();
  const stack = [resolve(root, entry)];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) stack.push(resolve(dirname(file), m[1] as string));
  }
  return [...seen];
}

/** `extraFiles`: packaged files (relative to the build) the worker reads on every cold start. */
export function bundleSizes(extDir: string, extraFiles: readonly string[] = []): BundleSizes {
  const files = [...importClosure(extDir, 'background.js'), ...extraFiles.map((f) => resolve(extDir, f))];
  const coldStart: Record<string, number> = {};
  for (const f of files) if (existsSync(f)) coldStart[relative(extDir, f)] = statSync(f).size;
  const size = (f: string) => (existsSync(join(extDir, f)) ? statSync(join(extDir, f)).size : 0);
  return {
    background: size('background.js'),
    coldStart,
    coldStartTotal: Object.values(coldStart).reduce((a, b) => a + b, 0),
    contentScript: size('content-scripts/chat.js'),
  };
}
