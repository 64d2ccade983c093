import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notice } from '../../../entrypoints/sidepanel/models/notice';
import {
  dismissToast,
  HISTORY_SIZE,
  history,
  recordAction,
  resetUndo,
  toast,
  undo,
} from '../../../entrypoints/sidepanel/models/undo';

describe('undo history', () => {
  beforeEach(() => {
    resetUndo();
    notice.value = null;
  });

  it('shows the newest action as a toast and undoes it once', async () => {
    const revert = vi.fn(async () => {});
    const entry = recordAction('Deleted “x”', revert);
    expect(toast.value?.id).toBe(entry.id);
    expect(await undo(entry.id)).toBe(true);
    expect(await undo(entry.id)).toBe(false);
    expect(revert).toHaveBeenCalledTimes(1);
    expect(history.value[0]?.undone).toBe(true);
    expect(toast.value).toBeNull();
  });

  it('keeps a short history, newest first, each undoable on its own', async () => {
    const reverts = Array.from({ length: HISTORY_SIZE + 3 }, (_, i) => {
      const fn = vi.fn(async () => {});
      recordAction(`action ${i}`, fn);
      return fn;
    });
    expect(history.value).toHaveLength(HISTORY_SIZE);
    expect(history.value[0]?.label).toBe(`action ${HISTORY_SIZE + 2}`);
    const older = history.value[4];
    await undo(older?.id ?? -1);
    expect(reverts[HISTORY_SIZE + 2 - 4]).toHaveBeenCalledTimes(1);
    expect(toast.value?.label).toBe(`action ${HISTORY_SIZE + 2}`);
  });

  it('reports a failed undo and keeps the entry undoable', async () => {
    const entry = recordAction('Edited', async () => {
      throw new Error('memory m1 not found');
    });
    expect(await undo(entry.id)).toBe(false);
    expect(notice.value?.kind).toBe('error');
    expect(notice.value?.text()).toBe('memory m1 not found');
    expect(history.value[0]?.undone).toBe(false);
  });

  it('keeps the toast while its Undo exists: until dismissed or replaced, never on a timer', () => {
    vi.useFakeTimers();
    try {
      const first = recordAction('Pinned', async () => {});
      vi.advanceTimersByTime(10 * 60_000);
      expect(toast.value?.id).toBe(first.id);
      const second = recordAction('Edited', async () => {});
      expect(toast.value?.id).toBe(second.id);
      dismissToast();
      expect(toast.value).toBeNull();
      expect(history.value).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
