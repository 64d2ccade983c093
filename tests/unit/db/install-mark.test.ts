/**
 * The mark at the end of a block's first line is visible to the site the block is sent to.
 * Each site gets its own, derived from a seed only the background holds, so two sites
 * comparing what they received cannot tell it is the same user.
 */
import { describe, expect, it } from 'vitest';
import { installMark, resetInstallMarks } from '../../../lib/db/install-mark';
import { SITE_IDS } from '../../../lib/sites/ids';

describe('the install mark', () => {
  it('differs on each of the nine sites, and stays the same for a site across worker restarts', async () => {
    const marks = await Promise.all(SITE_IDS.map((site) => installMark(site)));
    console.info(`install mark: ${new Set(marks).size} distinct marks on ${SITE_IDS.length} sites`);
    expect(new Set(marks).size).toBe(SITE_IDS.length);
    for (const mark of marks) expect(mark).toMatch(/^[0-9a-z]{8}$/);
    resetInstallMarks(); // a new worker reads the seed again
    expect(await Promise.all(SITE_IDS.map((site) => installMark(site)))).toEqual(marks);
  });
});
