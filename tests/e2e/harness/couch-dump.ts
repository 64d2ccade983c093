/**
 * Everything the loopback CouchDB holds, for a test to search: every database, every document
 * (deleted ones too), every revision still stored (conflicting leaves and the older bodies
 * that compaction would drop), attachments decoded, and the `_local` documents replication
 * wrote (checkpoints), which no listing API returns: the server records their ids as they come.
 */
import type { Doc, PouchDatabase } from './node-pouch';

export interface StoredRevision {
  db: string;
  id: string;
  rev: string;
  /** A winning or conflicting leaf, not an older body of the document. */
  leaf: boolean;
  deleted: boolean;
  /** The body as stored, `_attachments` with their data in base64. */
  body: Record<string, unknown>;
  /** Each attachment's bytes as text (UTF-8), so a search finds plaintext inside it. */
  attachments: Record<string, string>;
}

type StoredDoc = Doc & { _rev: string };

function attachmentTexts(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const atts = (body._attachments ?? {}) as Record<string, { data?: unknown }>;
  for (const [name, att] of Object.entries(atts))
    if (typeof att.data === 'string') out[name] = Buffer.from(att.data, 'base64').toString('utf8');
  return out;
}

function entry(db: string, doc: StoredDoc, leaf: boolean): StoredRevision {
  return {
    db,
    id: doc._id,
    rev: doc._rev,
    leaf,
    deleted: doc._deleted === true,
    body: doc,
    attachments: attachmentTexts(doc),
  };
}

/** Every stored revision of one document, leaves first. */
async function revisionsOf(name: string, db: PouchDatabase, id: string): Promise<StoredRevision[]> {
  const leaves = (await db.get(id, { open_revs: 'all', revs: true, attachments: true })) as { ok?: StoredDoc }[];
  const out: StoredRevision[] = [];
  const seen = new Set<string>();
  for (const leaf of leaves) {
    if (!leaf.ok) continue;
    out.push(entry(name, leaf.ok, true));
    seen.add(leaf.ok._rev);
  }
  for (const leaf of leaves) {
    const history = leaf.ok?._revisions;
    if (!history) continue;
    for (const [i, hash] of history.ids.entries()) {
      const rev = `${history.start - i}-${hash}`;
      if (seen.has(rev)) continue;
      seen.add(rev);
      try {
        out.push(entry(name, (await db.get(id, { rev, attachments: true })) as StoredDoc, false));
      } catch {
        // Only the revision's id is kept (compacted or replicated without its body).
      }
    }
  }
  return out;
}

export async function storedRevisions(
  name: string,
  db: PouchDatabase,
  localIds: Iterable<string>,
): Promise<StoredRevision[]> {
  const ids = new Set<string>();
  const changes = await db.changes({ since: 0, style: 'all_docs' });
  for (const change of changes.results) ids.add(change.id);
  const out: StoredRevision[] = [];
  for (const id of [...ids].sort()) out.push(...(await revisionsOf(name, db, id)));
  for (const id of localIds) {
    try {
      out.push(entry(name, (await db.get(id)) as StoredDoc, true));
    } catch {
      // Written, then removed.
    }
  }
  return out;
}

/** One line per stored revision and per attachment: easy to search, easy to read on failure. */
export function dumpText(revisions: readonly StoredRevision[]): string {
  const lines: string[] = [];
  for (const r of revisions) {
    lines.push(`${r.db}\t${r.id}\t${r.rev}${r.leaf ? '' : ' (older)'}\t${JSON.stringify(r.body)}`);
    for (const [name, text] of Object.entries(r.attachments)) lines.push(`${r.db}\t${r.id}\t${name}\t${text}`);
  }
  return lines.join('\n');
}
