/**
 * A hostile or broken server's writes, made straight into one of the loopback server's
 * databases (they replicate to a client like any document). The harness does not know the
 * extension's document format: bad documents are made from a real one (its template) by
 * changing fields, ids or revisions, or taken whole from another database (one another
 * passphrase wrote). A document encrypted with another key in the right format is made by
 * the test with the extension's own code and written with `put`.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Doc, PouchDatabase } from './node-pouch';

type Body = Record<string, unknown>;

const HEX = '0123456789abcdef';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();

/** A fresh id of the same shape as `id` (its character classes kept), so it passes a glance. */
function lookalikeId(id: string): string {
  return [...id]
    .map((c) => {
      const set = HEX.includes(c)
        ? HEX
        : LOWER.includes(c)
          ? LOWER
          : UPPER.includes(c)
            ? UPPER
            : /\d/.test(c)
              ? HEX.slice(0, 10)
              : '';
      return set ? set[randomInt(set.length)] : c;
    })
    .join('');
}

/** The body without PouchDB's own fields. */
function content(doc: Body): Body {
  return Object.fromEntries(Object.entries(doc).filter(([k]) => !k.startsWith('_')));
}

function mapStrings(body: Body, f: (s: string) => unknown): Body {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? f(v) : v]));
}

/** One character in the middle changed: a tampered ciphertext of the right length. */
function flipMiddle(s: string): string {
  if (!s) return 'x';
  const i = Math.floor(s.length / 2);
  return s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
}

export class CouchHostile {
  constructor(private readonly open: (name: string) => PouchDatabase) {}

  /** Writes documents as given; one with a `_rev` is written as that revision (a new branch). */
  async put(db: string, docs: readonly Doc[]): Promise<string[]> {
    const d = this.open(db);
    for (const doc of docs) {
      if (doc._rev) await d.bulkDocs([doc], { new_edits: false });
      else await d.put(doc);
    }
    return docs.map((doc) => doc._id);
  }

  private async template(db: string, id: string): Promise<Body> {
    return content((await this.open(db).get(id)) as Body);
  }

  /**
   * Documents shaped like `templateId` that cannot be right: string fields cut to half, one
   * character changed, replaced by broken JSON, turned into numbers; and a body with no fields.
   * Each under a lookalike id. Returns the ids.
   */
  async malformed(db: string, templateId: string): Promise<string[]> {
    const body = await this.template(db, templateId);
    const variants: Body[] = [
      mapStrings(body, (s) => s.slice(0, Math.floor(s.length / 2))),
      mapStrings(body, flipMiddle),
      mapStrings(body, () => '{"text": "unterminated'),
      mapStrings(body, (s) => s.length),
      Object.fromEntries(
        Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? {} : typeof v === 'object' ? [] : v]),
      ),
      {},
    ];
    return this.put(
      db,
      variants.map((v) => ({ ...v, _id: lookalikeId(templateId) })),
    );
  }

  /** A copy of `templateId` with its longest string field grown to about `bytes`. Returns its id. */
  async oversized(db: string, templateId: string, bytes: number): Promise<string> {
    const body = await this.template(db, templateId);
    const longest = Object.entries(body)
      .filter(([, v]) => typeof v === 'string')
      .sort((a, b) => (b[1] as string).length - (a[1] as string).length)[0]?.[0];
    const filler = randomBytes(Math.ceil((bytes * 3) / 4)).toString('base64');
    const id = lookalikeId(templateId);
    await this.put(db, [{ ...body, [longest ?? 'padding']: filler, _id: id }]);
    return id;
  }

  /**
   * An older revision of `id` served again: its body written as a new revision on top of the
   * current one, or (`asConflict`) as a conflicting branch that wins on revision height.
   * Returns the new revision.
   */
  async replay(db: string, id: string, opts: { asConflict?: boolean } = {}): Promise<string> {
    const d = this.open(db);
    const current = (await d.get(id, { revs: true })) as Body & {
      _rev: string;
      _revisions: { start: number; ids: string[] };
    };
    const { start, ids } = current._revisions;
    // Replication sends only leaves: an older body is here only if it reached the server once.
    let older: Body | undefined;
    for (const [i, hash] of ids.entries()) {
      if (i === 0 || older) continue;
      older = await d.get(id, { rev: `${start - i}-${hash}` }).then(content, () => undefined);
    }
    if (!older) throw new Error(`the server holds no older body of ${id} to replay`);
    if (!opts.asConflict) return (await d.put({ ...older, _id: id, _rev: current._rev })).rev;
    const hash = randomBytes(16).toString('hex');
    const rev = `${start + 1}-${hash}`;
    await this.put(db, [{ ...older, _id: id, _rev: rev, _revisions: { start: start + 1, ids: [hash] } }]);
    return rev;
  }

  /**
   * Documents under ids that are not theirs: `templateId`'s body under a lookalike id, under
   * `otherId` (as a new revision of that document) when given, and as a design document.
   * Returns the ids written.
   */
  async foreign(db: string, templateId: string, otherId?: string): Promise<string[]> {
    const d = this.open(db);
    const body = await this.template(db, templateId);
    const written = await this.put(db, [
      { ...body, _id: lookalikeId(templateId) },
      { ...body, _id: `_design/${lookalikeId(templateId).slice(0, 12)}` },
      { ...body, _id: `not-a-hash-${randomBytes(4).toString('hex')}` },
    ]);
    if (otherId) {
      const other = await d.get(otherId);
      await d.put({ ...body, _id: otherId, _rev: other._rev });
      written.push(otherId);
    }
    return written;
  }

  /**
   * Every document of database `from` (one another passphrase wrote) copied into `to`, under
   * its own id or a lookalike one. Returns the ids written.
   */
  async transplant(from: string, to: string, opts: { sameIds?: boolean } = {}): Promise<string[]> {
    const all = await this.open(from).allDocs({ include_docs: true });
    const docs = all.rows
      .filter((r) => r.doc && !r.id.startsWith('_design/'))
      .map((r) => ({ ...content(r.doc as Body), _id: opts.sameIds ? r.id : lookalikeId(r.id) }));
    const target = this.open(to);
    const ids: string[] = [];
    for (const doc of docs) {
      const existing = await target.get(doc._id).catch(() => undefined);
      await target.put(existing ? { ...doc, _rev: existing._rev } : doc);
      ids.push(doc._id);
    }
    return ids;
  }
}
