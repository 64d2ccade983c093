/** Repository for desktop tools' calls (Activity). Kept for as long as the injection log. */

import type { ToolCall } from '../bridge/tool-call';
import { db } from './db';
import { keepNewest } from './keep-newest';

const KEEP = 2000;

export async function addToolCall(row: ToolCall): Promise<void> {
  await db.toolCalls.put(row);
  await keepNewest(db.toolCalls, KEEP);
}

export function recentToolCalls(limit: number): Promise<ToolCall[]> {
  return db.toolCalls.orderBy('at').reverse().limit(limit).toArray();
}
