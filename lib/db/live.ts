/**
 * Live reads for the side panel: Dexie's liveQuery re-runs the query whenever the background
 * writes to the tables it read, across contexts of the extension origin.
 */
import { liveQuery } from 'dexie';
import type { Space } from '../memory/spaces';
import type { MemoryRecord } from '../memory/types';
import { db } from './db';

export type Unsubscribe = () => void;

export function watch<T>(
  query: () => Promise<T>,
  onValue: (value: T) => void,
  onError?: (e: unknown) => void,
): Unsubscribe {
  const subscription = liveQuery(query).subscribe({ next: onValue, error: onError ?? (() => {}) });
  return () => subscription.unsubscribe();
}

export function watchAllMemories(onValue: (rows: MemoryRecord[]) => void): Unsubscribe {
  return watch(() => db.memories.toArray(), onValue);
}

export function watchSpaces(onValue: (rows: Space[]) => void): Unsubscribe {
  return watch(() => db.spaces.toArray(), onValue);
}
