/** What differs between two zips' contents: names on one side only, and files whose bytes differ. */
import type { ZipEntry } from './zip-read';

export interface ZipDifference {
  onlyFirst: string[];
  onlySecond: string[];
  changed: string[];
  same: number;
}

export function compareZips(first: readonly ZipEntry[], second: readonly ZipEntry[]): ZipDifference {
  const a = new Map(first.map((e) => [e.name, e.data]));
  const b = new Map(second.map((e) => [e.name, e.data]));
  const diff: ZipDifference = { onlyFirst: [], onlySecond: [], changed: [], same: 0 };
  for (const [name, data] of a) {
    const other = b.get(name);
    if (!other) diff.onlyFirst.push(name);
    else if (data.equals(other)) diff.same++;
    else diff.changed.push(name);
  }
  for (const name of b.keys()) if (!a.has(name)) diff.onlySecond.push(name);
  return diff;
}

export function isSame(diff: ZipDifference): boolean {
  return diff.onlyFirst.length + diff.onlySecond.length + diff.changed.length === 0;
}
