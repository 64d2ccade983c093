/**
 * A running job is held under a lease: another worker may take it over only once the lease
 * has run out, and a live worker keeps renewing it while its call is out.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { claimNextJob, getJob, jobIdOf, nextDueAt, renewLease } from '../../../lib/db/jobs';
import { LEASE_MS } from '../../../lib/queue/run-job';
import { setClock } from '../../../lib/time';
import { finishedChat } from '../extraction/harness';

const T0 = Date.parse('2026-11-01T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
const figures = { attempts: 0, takenEarly: 0 };

afterAll(() => {
  console.info(
    `leases: ${figures.attempts} claims by another worker under a live lease, ${figures.takenEarly} taken over`,
  );
});

describe('job leases', () => {
  it('another worker does not take over a running job before its lease runs out', async () => {
    setClock(() => T0);
    const chat = await finishedChat([{ role: 'user', text: 'I live in Chengdu.' }]);
    const held = await claimNextJob({ runner: 'worker-a', nowIso: iso(T0), leaseUntilIso: iso(T0 + LEASE_MS) });
    expect(held?.runner).toBe('worker-a');
    for (const at of [T0 + 1, T0 + LEASE_MS / 2, T0 + LEASE_MS - 1]) {
      figures.attempts++;
      const stolen = await claimNextJob({ runner: 'worker-b', nowIso: iso(at), leaseUntilIso: iso(at + LEASE_MS) });
      if (stolen) figures.takenEarly++;
      expect(stolen).toBeNull();
    }
    // The queue asks to be woken when the lease runs out, so the job is not left stranded.
    expect(await nextDueAt()).toBe(iso(T0 + LEASE_MS));
    const later = T0 + LEASE_MS + 1;
    const taken = await claimNextJob({ runner: 'worker-b', nowIso: iso(later), leaseUntilIso: iso(later + LEASE_MS) });
    expect(taken).toMatchObject({ runner: 'worker-b', attempts: 2 });
    expect((await getJob(jobIdOf(chat.id, chat.version)))?.runner).toBe('worker-b');
  });

  it('a renewed lease keeps the job with its worker; only the holder can renew', async () => {
    setClock(() => T0);
    await finishedChat([{ role: 'user', text: 'I live in Chengdu.' }]);
    const held = await claimNextJob({ runner: 'worker-a', nowIso: iso(T0), leaseUntilIso: iso(T0 + LEASE_MS) });
    setClock(() => T0 + LEASE_MS - 1000);
    expect(await renewLease(held?.id ?? '', 'worker-a', LEASE_MS)).toBe(true);
    expect(await renewLease(held?.id ?? '', 'worker-b', LEASE_MS)).toBe(false);
    const at = T0 + LEASE_MS + 1000;
    figures.attempts++;
    const stolen = await claimNextJob({ runner: 'worker-b', nowIso: iso(at), leaseUntilIso: iso(at + LEASE_MS) });
    if (stolen) figures.takenEarly++;
    expect(stolen).toBeNull();
  });
});
