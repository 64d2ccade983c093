/**
 * The space form sends only what changed (so undo puts back a real edit), and an end date picked
 * as a day ends at the end of that day where the user is, and reads back as the same day.
 */
import { describe, expect, it } from 'vitest';
import { dayOf, endsAtOf, spaceDiff } from '../../../entrypoints/sidepanel/models/space-manager';
import { type Space, spaceRecord } from '../../../lib/memory/spaces';

const at = '2026-12-01T00:00:00.000Z';
const work: Space = spaceRecord({ id: 'sp-w', name: 'Work', description: 'Acme' }, at);

describe('space form', () => {
  it('an end day round-trips and ends after that day', () => {
    const iso = endsAtOf('2027-03-31');
    expect(iso).not.toBeNull();
    expect(dayOf(iso)).toBe('2027-03-31');
    expect(Date.parse(iso!)).toBeGreaterThan(new Date('2027-03-31T23:00:00').getTime());
    expect(endsAtOf('')).toBeNull();
    expect(dayOf(null)).toBe('');
  });

  it('sends only the fields that changed', () => {
    const same = { name: ' Work ', description: 'Acme', isolated: false, endsOn: '' };
    expect(spaceDiff(work, same)).toEqual({});
    expect(spaceDiff(work, { ...same, isolated: true, endsOn: '2027-03-31' })).toEqual({
      isolated: true,
      endsAt: endsAtOf('2027-03-31'),
    });
    expect(spaceDiff({ ...work, endsAt: endsAtOf('2027-03-31') }, same)).toEqual({ endsAt: null });
  });
});
