/**
 * Keywords for benchmark requests, as the extension's request-keywords call gives them while the
 * user types (lib/extraction/request-keywords-*.ts): one list per query id. The file names the
 * model and the hash of the prompt that made it; a file made with another prompt is another
 * measurement. Each list is bounded as the extension bounds an answer, so the bench ranks with
 * exactly what the product would keep.
 */
import { readFileSync } from 'node:fs';
import * as z from 'zod/mini';
import { boundRequestKeywords } from '../../lib/ranking/request-keywords';

const RequestKeywordsFileSchema = z.object({
  format: z.literal(1),
  kind: z.literal('requests'),
  model: z.string(),
  /** First 12 hex digits of the SHA-256 of the request keywords prompt. */
  prompt: z.string(),
  keywords: z.record(z.string(), z.array(z.string())),
});
export type RequestKeywordsFile = z.infer<typeof RequestKeywordsFileSchema>;

export function readRequestKeywords(path: string): RequestKeywordsFile {
  const parsed = RequestKeywordsFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success)
    throw new Error(`${path}: not a request keywords file (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  const keywords = Object.fromEntries(
    Object.entries(parsed.data.keywords).map(([id, list]) => [id, boundRequestKeywords(list)]),
  );
  return { ...parsed.data, keywords };
}
