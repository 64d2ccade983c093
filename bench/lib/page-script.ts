/** A bench page's script: one of bench/lib's page entries bundled for a routed test page. */
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../../tests/e2e/harness/paths';

export async function pageScript(entry: string): Promise<string> {
  const out = await build({
    entryPoints: [join(ROOT, 'bench/lib', entry)],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}
