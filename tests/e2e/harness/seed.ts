/**
 * Test-only writes straight into the extension's IndexedDB from one of its own pages, for the
 * tables this branch has no message to fill (jobs, injections, usage: their writers are the
 * extraction and content-script issues). Dexie's liveQuery does not see raw writes, so the
 * caller reloads the panel afterwards.
 */
import type { Page } from 'playwright-core';

export async function putRows(page: Page, table: string, rows: readonly object[]): Promise<void> {
  await page.evaluate(
    async ({ table, rows }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('claude-mem');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(table, 'readwrite');
        for (const row of rows) tx.objectStore(table).put(row);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { table, rows: rows as object[] },
  );
}

export async function getRow<T>(page: Page, table: string, key: string): Promise<T | undefined> {
  return page.evaluate(
    async ({ table, key }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('claude-mem');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const row = await new Promise<unknown>((resolve, reject) => {
        const r = db.transaction(table).objectStore(table).get(key);
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      db.close();
      return row as T | undefined;
    },
    { table, key },
  );
}
