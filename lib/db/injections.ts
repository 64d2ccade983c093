/** Repository for the injection audit log. */
import type { Injection } from '../memory/types';
import { db } from './db';

export async function addInjection(row: Injection): Promise<void> {
  await db.injections.put(row);
}

export function listInjections(limit = 200): Promise<Injection[]> {
  return db.injections.orderBy('at').reverse().limit(limit).toArray();
}

export function getInjection(id: string): Promise<Injection | undefined> {
  return db.injections.get(id);
}
