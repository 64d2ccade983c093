/**
 * Argument parsing and output shared by the bench commands: positional files, `--json OUT`,
 * `--keywords FILE` (bench/lib/keyword-cache.ts) where a command reads model keywords, and
 * `--request-keywords FILE` (bench/lib/request-keywords-file.ts) for the requests' keywords, and
 * `--rerank-prompts DIR` / `--rerank-answers DIR` (bench/lib/rerank.ts) for the judging call.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Args {
  files: string[];
  json: string | null;
  keywords: string | null;
  requestKeywords: string | null;
  rerankPrompts: string | null;
  rerankAnswers: string | null;
}

export function parseArgs(argv: readonly string[]): Args {
  const files: string[] = [];
  let json: string | null = null;
  let keywords: string | null = null;
  let requestKeywords: string | null = null;
  let rerankPrompts: string | null = null;
  let rerankAnswers: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--json') {
      json = argv[++i] ?? null;
      if (!json) throw new Error('--json needs an output path');
    } else if (a === '--keywords') {
      keywords = argv[++i] ?? null;
      if (!keywords) throw new Error('--keywords needs a keywords file (npm run bench:keywords)');
    } else if (a === '--request-keywords') {
      requestKeywords = argv[++i] ?? null;
      if (!requestKeywords) throw new Error('--request-keywords needs a request keywords file');
    } else if (a === '--rerank-prompts') {
      rerankPrompts = argv[++i] ?? null;
      if (!rerankPrompts) throw new Error('--rerank-prompts needs a folder to write the requests to');
    } else if (a === '--rerank-answers') {
      rerankAnswers = argv[++i] ?? null;
      if (!rerankAnswers) throw new Error('--rerank-answers needs a folder of model answers');
    } else files.push(a);
  }
  return { files, json, keywords, requestKeywords, rerankPrompts, rerankAnswers };
}

export function writeJson(path: string | null, value: unknown): void {
  if (!path) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
  console.log(`wrote ${path}`);
}

/** A plain Markdown table: readable in a terminal and pasteable into a report. */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [header, ...rows].map((r) => r.map((c) => (typeof c === 'number' ? fmt(c) : c)));
  const widths = header.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: readonly string[]) => `| ${r.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  return [line(cells[0] as string[]), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(3);
}
