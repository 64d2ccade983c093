/**
 * What a synced document says once opened, and the checks a document from the server passes
 * before anything of it reaches the store: a size bound on the sealed body, AES-GCM
 * authentication bound to its server id, JSON, then zod. A document failing any of them is
 * quarantined and counted, never applied.
 *
 * Record ids are prefixed by kind (`m:` memory, `r:` rules, `d:` device, `c:` a chat's head,
 * `t:` a part of a chat's turns, `e:` a chat the user asked not to remember, `s:` a space,
 * space-docs.ts) and the server sees
 * only their keyed hash (keys.ts serverId).
 */
import * as z from 'zod/mini';
import { ChatSchema, IsoDate, MemorySchema } from '../memory/types';
import { sourceUrlOn } from '../sites/urls';
import { open, type Sealed, type SyncKeys, seal, serverId } from './keys';
import { RULE_GROUPS } from './rules';
import { SpaceDocSchema } from './space-docs';

/** A sealed body longer than this is refused unread (a memory is at most ~40 kB sealed). */
export const MAX_SEALED_CHARS = 256 * 1024;
/**
 * A stored chat holds at most 600,000 characters (lib/sites/bounds.ts): at 6 bytes a character
 * once escaped (control characters) that is ~23 parts of PART_BYTES; 64 leaves room.
 */
export const MAX_CHAT_PARTS = 64;
/** Earlier texts' hashes a memory carries, so a merge tells an old text from a concurrent one. */
export const MAX_LINEAGE = 50;

/**
 * A memory as it travels: everything but its use on this device (hit count and last hit stay
 * local, as feedback does: they change at every injection and rank only here).
 */
export const SyncedMemorySchema = z.omit(MemorySchema, { hitCount: true, lastHitAt: true });
export type SyncedMemory = z.infer<typeof SyncedMemorySchema>;
export const SYNCED_MEMORY_FIELDS = Object.keys(SyncedMemorySchema.shape) as (keyof SyncedMemory)[];

const ClocksSchema = z.record(z.string().check(z.maxLength(40)), IsoDate);

export const MemoryDocSchema = z.object({
  k: z.literal('m'),
  id: z.string().check(z.maxLength(210)),
  rec: SyncedMemorySchema,
  /** When each field last changed: metadata merges field by field, newest wins. */
  clk: ClocksSchema,
  /** Hashes of texts this memory said before (newest last). */
  ch: z.array(z.string().check(z.maxLength(20))).check(z.maxLength(MAX_LINEAGE)),
});
/** A chat's id is its site and the site's conversation id: longer than a memory's. */
const MAX_KEY = 600;
export const GoneDocSchema = z.object({ k: z.literal('x'), id: z.string().check(z.maxLength(MAX_KEY)), at: IsoDate });

/**
 * A chat as it travels, without its turns (they travel in parts) and its state: a chat travels
 * only once finished, and arrives finished, so no device's idle timer queues it again.
 */
export const SyncedChatSchema = z.omit(ChatSchema, { turns: true, state: true });
export type SyncedChat = z.infer<typeof SyncedChatSchema>;

/** A chat's head: the record, and which parts hold its turns (`h` the turns' hash, `n` their count). */
export const ChatDocSchema = z.object({
  k: z.literal('c'),
  id: z.string().check(z.maxLength(MAX_KEY)),
  rec: SyncedChatSchema,
  n: z.int().check(z.minimum(0)),
  h: z.string().check(z.maxLength(20)),
  parts: z.array(z.string().check(z.maxLength(MAX_KEY))).check(z.maxLength(MAX_CHAT_PARTS)),
});
/** One slice of a chat's turns as JSON text; its id names the turns' hash, so it never changes. */
export const PartDocSchema = z.object({
  k: z.literal('t'),
  id: z.string().check(z.maxLength(MAX_KEY)),
  text: z.string(),
});
/** "Don't remember this chat": never deleted, so it wins over every copy of the chat anywhere. */
const ExclusionDocSchema = z.object({
  k: z.literal('e'),
  id: z.string().check(z.maxLength(MAX_KEY)),
  at: IsoDate,
});
const RulesDocSchema = z.object({
  k: z.literal('r'),
  id: z.string().check(z.maxLength(40)),
  group: z.enum(RULE_GROUPS),
  at: IsoDate,
  value: z.unknown(),
});
export const DeviceDocSchema = z.object({
  k: z.literal('d'),
  id: z.string().check(z.maxLength(80)),
  name: z.string().check(z.maxLength(80)),
  lastSync: IsoDate,
});
export const PlainDocSchema = z.discriminatedUnion('k', [
  MemoryDocSchema,
  GoneDocSchema,
  RulesDocSchema,
  DeviceDocSchema,
  ChatDocSchema,
  PartDocSchema,
  ExclusionDocSchema,
  SpaceDocSchema,
]);

export type MemoryDoc = z.infer<typeof MemoryDocSchema>;
export type GoneDoc = z.infer<typeof GoneDocSchema>;
export type DeviceDoc = z.infer<typeof DeviceDocSchema>;
export type PlainDoc = z.infer<typeof PlainDocSchema>;
export type ChatDoc = z.infer<typeof ChatDocSchema>;
export type PartDoc = z.infer<typeof PartDocSchema>;

/**
 * A document as the server and the mirror hold it: only an id, a revision and a sealed body,
 * nothing else (a padded or extended body is refused, as the mirror's gate refuses to store it).
 */
export const ServerDocSchema = z.strictObject({
  _id: z.string().check(z.maxLength(100)),
  _rev: z.optional(z.string().check(z.maxLength(80))),
  _conflicts: z.optional(z.array(z.string().check(z.maxLength(80))).check(z.maxLength(1000))),
  v: z.literal(1),
  iv: z.string().check(z.maxLength(40)),
  ct: z.string().check(z.maxLength(MAX_SEALED_CHARS)),
});
export type ServerBody = Sealed & { _id: string; v: 1 };

export const memoryKey = (id: string) => `m:${id}`;
export const rulesKey = (group: string) => `r:${group}`;
export const deviceKey = (id: string) => `d:${id}`;
export const chatKey = (id: string) => `c:${id}`;
export const exclusionKey = (id: string) => `e:${id}`;

export async function encodeDoc(keys: SyncKeys, doc: PlainDoc): Promise<ServerBody> {
  const _id = await serverId(keys, doc.id);
  return { _id, v: 1, ...(await seal(keys, JSON.stringify(doc), _id)) };
}

export type Decoded = { ok: true; doc: PlainDoc } | { ok: false; reason: string };

/** Opens and checks one server document; never throws. The id must also match its keyed hash. */
export async function decodeDoc(keys: SyncKeys, raw: unknown): Promise<Decoded> {
  const body = ServerDocSchema.safeParse(raw);
  if (!body.success) return { ok: false, reason: 'malformed or oversized' };
  const plain = await open(keys, body.data, body.data._id);
  if (plain === null) return { ok: false, reason: 'not sealed with this key' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(plain);
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const doc = PlainDocSchema.safeParse(parsed);
  if (!doc.success) return { ok: false, reason: 'unexpected shape' };
  if ((await serverId(keys, doc.data.id)) !== body.data._id) return { ok: false, reason: 'id does not match' };
  return { ok: true, doc: withCheckedSource(doc.data) };
}

/**
 * A memory's source address is linked by "Open chat", so one arriving from another device goes
 * through the same check as a memory file's: kept only on the place it names. The sending
 * device may be an older build that stored an address before that check existed.
 */
function withCheckedSource(doc: PlainDoc): PlainDoc {
  if (doc.k !== 'm' || !doc.rec.source) return doc;
  const url = sourceUrlOn(doc.rec.source.site, doc.rec.source.url);
  return url === doc.rec.source.url ? doc : { ...doc, rec: { ...doc.rec, source: { ...doc.rec.source, url } } };
}
