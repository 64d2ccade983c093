/**
 * Mozilla's own linter (addons-linter, the one AMO runs on upload) over the Firefox package
 * (`npm run zip:firefox` first). Fails on any error, and on any warning that
 * store/firefox-review.md does not explain.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LinterReport, LinterReportSchema, unexplainedWarnings } from './lib/linter-report';
import { packagePaths } from './lib/packages';
import { readZip } from './lib/zip-read';

const zipPath = packagePaths().firefox;
const linter = join(dirname(fileURLToPath(import.meta.resolve('addons-linter/package.json'))), 'bin/addons-linter');
const run = spawnSync(process.execPath, [linter, '--output', 'json', zipPath], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let report: LinterReport;
try {
  report = LinterReportSchema.parse(JSON.parse(run.stdout));
} catch {
  console.error(`addons-linter gave no report for ${zipPath} (exit ${run.status}):\n${run.stderr}`);
  process.exit(1);
}
const files = new Map((await readZip(readFileSync(zipPath))).map((e) => [e.name, e.data.toString('utf8')]));
const unexplained = unexplainedWarnings(report, files);
const { errors, warnings, notices } = report.summary;
console.log(
  `addons-linter on ${zipPath}: ${errors} errors, ${warnings} warnings (${warnings - unexplained.length} explained), ${notices} notices`,
);
for (const f of [...report.errors, ...unexplained, ...report.notices]) {
  console.log(`  ${f.code} ${f.file ?? ''}:${f.line ?? ''}:${f.column ?? ''} ${f.message}`);
}
if (errors > 0 || unexplained.length > 0) process.exit(1);
