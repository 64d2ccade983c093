import 'fake-indexeddb/auto';
import { afterEach, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { backupDb } from '../../lib/db/backup-db';
import { db } from '../../lib/db/db';
import { resetInstallMarks } from '../../lib/db/install-mark';
import { secretsDb } from '../../lib/db/secrets';
import { setClock } from '../../lib/time';

beforeEach(async () => {
  fakeBrowser.reset();
  resetInstallMarks();
  await db.open();
  await Promise.all([...db.tables, ...backupDb.tables, ...secretsDb.tables].map((t) => t.clear()));
});

afterEach(() => {
  setClock(null);
});
