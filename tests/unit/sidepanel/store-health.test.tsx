// @vitest-environment happy-dom
/** Settings → Store health and the repair banner render what the background reports, in words. */
import { describe, expect, it } from 'vitest';
import { DegradedBanner } from '../../../components/degraded-banner';
import { IncidentBanner } from '../../../components/incident-banner';
import { StoreHealth } from '../../../components/store-health';
import { lang } from '../../../lib/i18n';
import { bytes } from '../../../lib/i18n/format';
import { mount, resetAfterEach } from './mount';

const STATUS = {
  usageBytes: 4_600_000,
  quotaBytes: 80_000_000_000,
  memories: 17,
  chats: 4,
  quarantined: 1,
  incident: null,
  degraded: null,
  lastMaintenance: {
    at: new Date().toISOString(),
    archivedTasks: 2,
    purgedSuperseded: 1,
    downWeightedFacts: 0,
    droppedTranscripts: 3,
  },
};

resetAfterEach();

describe('store health', () => {
  it('shows size, counts, each set-aside record and the last tidy-up', () => {
    const root = mount(
      <StoreHealth
        status={STATUS}
        quarantine={[
          { id: 'memories:x', table: 'memories', at: '', reason: 'importance: expected at most 5, got 42', record: {} },
        ]}
        onRunMaintenance={() => {}}
      />,
    );
    const text = root.textContent ?? '';
    expect(text).toContain('Uses 4.6 MB of 80 GB');
    expect(text).toContain('17 memory records (older versions included), 4 chats.');
    expect(text).toContain('1 record set aside because it could not be read');
    expect(text).toContain('memories:x importance: expected at most 5, got 42');
    expect(text).toContain('2 tasks archived, 1 replaced memory purged, 3 old transcripts deleted');
  });

  it('says in Chinese that the store was rebuilt, and from which backup', () => {
    lang.value = 'zh';
    const root = mount(
      <IncidentBanner
        incident={{ at: '2026-11-30T08:00:00.000Z', restoredFrom: '2026-11-29T21:00:00.000Z' }}
        onDismiss={() => {}}
      />,
    );
    expect(root.querySelector('[role=alert]')?.textContent).toMatch(/记忆库无法读取，已从 .* 的备份重建/);
  });

  it('says a store that could not be read was left as it is, and why, and offers to check again', () => {
    const degraded = { at: '2026-11-30T08:00:00.000Z', error: 'UnknownError: backing store' };
    let asked = 0;
    const root = mount(<DegradedBanner degraded={degraded} onRecheck={() => asked++} checking={false} />);
    const text = root.querySelector('[role=alert]')?.textContent ?? '';
    expect(text).toContain('UnknownError: backing store');
    expect(text).toContain('nothing was deleted or replaced');
    const button = root.querySelector('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Check again');
    button.click();
    expect(asked).toBe(1);

    const busy = mount(<DegradedBanner degraded={degraded} onRecheck={() => asked++} checking={true} />);
    const waiting = busy.querySelector('button') as HTMLButtonElement;
    expect([waiting.textContent, waiting.disabled]).toEqual(['Checking…', true]);
  });

  it('formats byte counts', () => {
    expect([bytes(999), bytes(1_500), bytes(25_000_000), bytes(3_200_000_000)]).toEqual([
      '999 B',
      '1.5 kB',
      '25 MB',
      '3.2 GB',
    ]);
  });
});
