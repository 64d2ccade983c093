/**
 * Work the panel does itself (reading a chosen file): it shows in the same bars, with its
 * counts and unit, blocks a second start of its lane, and Cancel stops it here without a
 * message to the background.
 */
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { busy, cancelWork, trackHere, work } from '../../../entrypoints/sidepanel/models/work';

describe('panel-side work', () => {
  it('reports its phase and bytes, is busy meanwhile, and Cancel aborts it locally', async () => {
    const sent: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((m: unknown) => {
      sent.push(m);
      return undefined;
    });
    let started = () => {};
    const ready = new Promise<void>((r) => (started = r));
    const run = trackHere('bringIn', (report, signal) => {
      report('read', 5_000_000, 20_000_000, 'bytes');
      started();
      return new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
    });
    await ready;
    expect(work.value.bringIn).toMatchObject({ phase: 'read', done: 5_000_000, unit: 'bytes', cancellable: true });
    expect(busy('import')).toBe(true);
    await expect(trackHere('bringIn', async () => 1)).rejects.toThrow(/already running/);
    await cancelWork('bringIn');
    await expect(run).rejects.toThrow('stopped');
    expect(work.value.bringIn).toBeUndefined();
    expect(busy('bringIn')).toBe(false);
    expect(sent).toEqual([]);
  });
});
