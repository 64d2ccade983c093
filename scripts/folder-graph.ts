/**
 * The folder graph: every product file grouped by its folder (each folder under lib/, each
 * entrypoint, components/, bridge/, bench/, scripts/, build/), an arrow for each import between
 * two folders, and the loops (strongly connected components) those arrows make. Reads
 * dependency-cruiser's JSON, so it sees exactly what the layer rules see, type-only imports
 * included. `npm run layers:graph` prints the loops; `-- --edges` lists every arrow with the
 * files that make it.
 */
import { spawnSync } from 'node:child_process';
import { folderOf, stronglyConnected } from './lib/folder-graph.ts';

interface Cruised {
  modules: { source: string; dependencies: { resolved: string; couldNotResolve: boolean }[] }[];
}

// A glob, not folder names: without TypeScript's compiler API dependency-cruiser scans no .ts in a folder.
const FILES = ['{lib,entrypoints,components,bench,scripts,build}/**/*.{ts,tsx,mjs,cjs}', 'bridge/**/*.ts'];
// depcruise exits non-zero when a rule is broken; the graph is wanted most then.
const run = spawnSync(
  'node_modules/.bin/depcruise',
  [...FILES, '--config', '.dependency-cruiser.mjs', '--output-type', 'json'],
  {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  },
);
const json = run.stdout;
const cruised = JSON.parse(json) as Cruised;

const edges = new Map<string, Map<string, string[]>>();
const folders = new Set<string>();
for (const mod of cruised.modules) {
  const from = folderOf(mod.source);
  if (!from) continue;
  folders.add(from);
  for (const dep of mod.dependencies) {
    if (dep.couldNotResolve) continue;
    const to = folderOf(dep.resolved);
    if (!to || to === from) continue;
    const out = edges.get(from) ?? new Map<string, string[]>();
    edges.set(from, out);
    out.set(to, [...(out.get(to) ?? []), `${mod.source} → ${dep.resolved}`]);
  }
}

const graph = new Map([...folders].map((f) => [f, [...(edges.get(f)?.keys() ?? [])]]));
const loops = stronglyConnected(graph)
  .filter((c) => c.length > 1)
  .sort((a, b) => b.length - a.length);
const arrows = [...edges.values()].reduce((n, m) => n + m.size, 0);

console.log(`${folders.size} folders, ${arrows} arrows between them`);
console.log(`folders in the biggest loop: ${loops[0]?.length ?? 0}`);
for (const loop of loops) console.log(`loop of ${loop.length}: ${loop.sort().join(', ')}`);
if (process.argv.includes('--edges')) {
  for (const [from, out] of [...edges].sort()) {
    for (const [to, files] of [...out].sort()) {
      console.log(`${from} → ${to} (${files.length})`);
      for (const f of files) console.log(`    ${f}`);
    }
  }
}
