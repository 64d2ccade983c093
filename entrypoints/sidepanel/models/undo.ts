/**
 * Undo for every change made in the panel (DESIGN.md §5): each action registers how to put things
 * back. The newest shows as a toast until dismissed or replaced; the last few stay in a short history.
 */
import { signal } from '@preact/signals';
import { fail, messageOf } from './notice';

export interface UndoEntry {
  id: number;
  label: string;
  at: number;
  undone: boolean;
  revert: () => Promise<void>;
}

export const HISTORY_SIZE = 10;

export const history = signal<readonly UndoEntry[]>([]);
export const toast = signal<UndoEntry | null>(null);

let nextId = 1;

export function recordAction(label: string, revert: () => Promise<void>, at: number = Date.now()): UndoEntry {
  const entry: UndoEntry = { id: nextId++, label, at, undone: false, revert };
  history.value = [entry, ...history.value].slice(0, HISTORY_SIZE);
  // It stays while its Undo does: until dismissed, undone, or replaced by a newer change.
  toast.value = entry;
  return entry;
}

export async function undo(id: number): Promise<boolean> {
  const entry = history.value.find((e) => e.id === id);
  if (!entry || entry.undone) return false;
  try {
    await entry.revert();
  } catch (error) {
    fail(messageOf(error));
    return false;
  }
  history.value = history.value.map((e) => (e.id === id ? { ...e, undone: true } : e));
  if (toast.value?.id === id) toast.value = null;
  return true;
}

export function dismissToast(): void {
  toast.value = null;
}

/** Tests start from a clean slate. */
export function resetUndo(): void {
  history.value = [];
  toast.value = null;
}
