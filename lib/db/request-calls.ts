/** Repository for request keywords calls (Activity). Kept for as long as the injection log. */
import type { RequestCall } from '../request-keywords/request-call';
import { db } from './db';
import { keepNewest } from './keep-newest';

const KEEP = 2000;

export async function addRequestCall(row: RequestCall): Promise<void> {
  await db.requestCalls.put(row);
  await keepNewest(db.requestCalls, KEEP);
}

export function recentRequestCalls(limit: number): Promise<RequestCall[]> {
  return db.requestCalls.orderBy('at').reverse().limit(limit).toArray();
}
