/** Captured-chat records as the memory file carries them, to put finished chats in the store. */
import { newChat } from '../../../lib/memory/new-chat';
import { sentKey } from '../../../lib/memory/sent-key';
import type { Chat } from '../../../lib/memory/types';

export interface TurnInput {
  role: 'user' | 'assistant';
  text: string;
}

export function kimiChat(conversationId: string, title: string, turns: readonly TurnInput[], at: string): Chat {
  const url = `https://www.kimi.com/chat/${conversationId}`;
  return newChat({ site: 'kimi', conversationId, url, title, turns }, at);
}

/**
 * Writes captured chats straight into the extension's store, as capture would, from one of the
 * extension's own pages: `page.evaluate(writeChatsInPage, chats)` (Playwright or Puppeteer).
 * An imported file cannot do this: imported chats are history, never queued. The store must
 * exist already (send any message that reads it first).
 */
export async function writeChatsInPage(chats: readonly object[]): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('claude-mem');
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('the store does not exist yet'));
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('chats', 'readwrite');
    for (const chat of chats) tx.objectStore('chats').put(chat);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

/**
 * Chats whose user turns the user typed and sent in this browser: the chats, and the claimed
 * sends a real capture would have recorded for them (lib/db/sends.ts). What is extracted from
 * them is used at once; chats written without sends are chats the user only opened.
 */
export async function typedHere(chats: readonly Chat[]): Promise<{ chats: readonly Chat[]; sends: object[] }> {
  const sends: object[] = [];
  for (const chat of chats) {
    const users = chat.turns.filter((turn) => turn.role === 'user');
    for (const [i, turn] of users.entries()) {
      const key = await sentKey(turn.text);
      if (key)
        sends.push({ id: `${chat.id}#${i}`, tabId: -1, site: chat.site, key, at: chat.createdAt, chatId: chat.id });
    }
  }
  return { chats, sends };
}

/** `page.evaluate(writeTypedChatsInPage, typedHere(chats))`: the chats and their sends. */
export async function writeTypedChatsInPage(input: {
  chats: readonly object[];
  sends: readonly object[];
}): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open('claude-mem');
    req.onupgradeneeded = () => req.transaction?.abort();
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('the store does not exist yet'));
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(['chats', 'sends'], 'readwrite');
    for (const chat of input.chats) tx.objectStore('chats').put(chat);
    for (const send of input.sends) tx.objectStore('sends').put(send);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}
