/**
 * Bundles the bridge into one CommonJS file for Node 20 (`bridge/dist/bridge.cjs`): the browser
 * and the desktop tools start it with plain `node`, no TypeScript loader, no install step.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const HERE = dirname(fileURLToPath(import.meta.url));
export const BUNDLE = join(HERE, 'dist', 'bridge.cjs');

export async function buildBridge(): Promise<void> {
  await build({
    entryPoints: [join(HERE, 'main.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile: BUNDLE,
    logLevel: 'warning',
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await buildBridge();
