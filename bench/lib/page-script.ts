/**
 * A bench page's script, bundled for a routed test page: one of bench/lib's page entries, or
 * source given here (resolved from `resolveDir`, e.g. another checkout's tree).
 */
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../../tests/e2e/harness/paths';

export async function pageScript(entry: string | { contents: string; resolveDir: string }): Promise<string> {
  const out = await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [join(ROOT, 'bench/lib', entry)] }
      : { stdin: { ...entry, loader: 'ts' as const } }),
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    logLevel: 'warning',
  });
  return out.outputFiles[0]!.text;
}
