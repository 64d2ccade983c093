/** Repository for request keywords calls (Activity). Kept for as long as the injection log. */
import type { RequestCall } from '../extraction/request-call';
import { db } from './db';

const KEEP = 2000;

export async function addRequestCall(row: RequestCall): Promise<void> {
  await db.requestCalls.put(row);
  const count = await db.requestCalls.count();
  if (count > KEEP) {
    const old = await db.requestCalls
      .orderBy('at')
      .limit(count - KEEP)
      .primaryKeys();
    await db.requestCalls.bulkDelete(old);
  }
}

export function recentRequestCalls(limit: number): Promise<RequestCall[]> {
  return db.requestCalls.orderBy('at').reverse().limit(limit).toArray();
}
