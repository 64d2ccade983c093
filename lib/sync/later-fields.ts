/**
 * Memory fields added after sync first shipped. A device on an older build drops them when it
 * opens a document (its schema strips what it does not know) and, when it writes the memory
 * again, sends a record without them under a clock (`*`) that looks newer than theirs: read as
 * a removal, that would erase the field everywhere. So a later field's clock always travels
 * named (never folded into `*`), and a document that neither holds the field nor names its
 * clock comes from a build that never knew it: it says nothing about the field, and the value
 * this device has is kept (and sent again).
 */
import type { MemoryDoc, SyncedMemory } from './codec';

const LATER_FIELDS: readonly (keyof SyncedMemory)[] = ['when'];

const later = new Set<string>(LATER_FIELDS);

export const isLaterField = (field: string): boolean => later.has(field);

/** The later fields the document's build did not know: absent from its record and its clocks. */
export function unknownFields(doc: MemoryDoc): (keyof SyncedMemory)[] {
  return LATER_FIELDS.filter((f) => doc.rec[f] === undefined && doc.clk[f] === undefined);
}
