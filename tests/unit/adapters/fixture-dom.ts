/**
 * Loads a site fixture's page into the test document (happy-dom) and gives its `ui` module,
 * so adapters are read over the same markup the end-to-end pages use.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SiteId } from '../../../lib/sites/ids';
import type { SiteUi } from '../../fixtures/sites/shared/types';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/sites');

function fixtureHtml(id: SiteId, file = 'index.html'): string {
  return readFileSync(join(FIXTURES, id, file), 'utf8');
}

export async function loadFixture(id: SiteId, html = 'index.html', ui = 'ui.ts'): Promise<SiteUi> {
  // The page script is the live app (real editors); unit tests read the static markup only.
  const markup = fixtureHtml(id, html).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const parsed = new DOMParser().parseFromString(markup, 'text/html');
  document.documentElement.lang = parsed.documentElement.lang;
  document.head.innerHTML = parsed.head.innerHTML;
  document.body.innerHTML = parsed.body.innerHTML;
  const mod = (await import(`../../fixtures/sites/${id}/${ui.replace(/\.ts$/, '')}.ts`)) as { createUi(): SiteUi };
  return mod.createUi();
}
