/** Repository for desktop tools' calls (Activity). Kept for as long as the injection log. */
import type { ToolCall } from '../bridge/tool-call';
import { db } from './db';

const KEEP = 2000;

export async function addToolCall(row: ToolCall): Promise<void> {
  await db.toolCalls.put(row);
  const count = await db.toolCalls.count();
  if (count > KEEP) {
    const old = await db.toolCalls
      .orderBy('at')
      .limit(count - KEEP)
      .primaryKeys();
    await db.toolCalls.bulkDelete(old);
  }
}

export function recentToolCalls(limit: number): Promise<ToolCall[]> {
  return db.toolCalls.orderBy('at').reverse().limit(limit).toArray();
}
