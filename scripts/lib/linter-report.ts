/**
 * addons-linter's JSON report, and which of its warnings are explained. Mozilla's reviewers
 * read the same warnings; each one allowed here is explained in store/firefox-review.md.
 */
import * as z from 'zod';

const FindingSchema = z.object({
  code: z.string(),
  message: z.string(),
  file: z.string().optional(),
  line: z.number().nullish(),
  column: z.number().nullish(),
});
export type Finding = z.infer<typeof FindingSchema>;

export const LinterReportSchema = z.object({
  summary: z.object({ errors: z.number(), notices: z.number(), warnings: z.number() }),
  errors: z.array(FindingSchema),
  notices: z.array(FindingSchema),
  warnings: z.array(FindingSchema),
});
export type LinterReport = z.infer<typeof LinterReportSchema>;

/**
 * Preact's renderer assigns `innerHTML` only for the `dangerouslySetInnerHTML` prop
 * (`e.innerHTML = f.__html`); no code of ours passes that prop (tests/unit/release/no-html.test.ts).
 * The warning is allowed only where the flagged spot is that line of Preact's.
 */
function isPreactHtmlProp(finding: Finding, fileText: string | undefined): boolean {
  if (finding.code !== 'UNSAFE_VAR_ASSIGNMENT' || !/innerHTML/.test(finding.message) || !fileText) return false;
  const line = fileText.split('\n')[(finding.line ?? 1) - 1] ?? '';
  const column = finding.column ?? 0;
  return /\.innerHTML=\w+\.__html/.test(line.slice(Math.max(0, column - 5), column + 40));
}

/** The warnings no explanation covers; `files` maps a file in the package to its text. */
export function unexplainedWarnings(report: LinterReport, files: ReadonlyMap<string, string>): Finding[] {
  return report.warnings.filter((w) => !isPreactHtmlProp(w, w.file ? files.get(w.file) : undefined));
}
