/**
 * A form saved in one window must not undo a switch changed elsewhere since it was opened
 * (This tab, another panel, an import's Apply): only the fields the form changed from what
 * it started with are written over what is stored now; everything else stays as stored.
 */
import type { Settings } from './schema';

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Leaf by leaf (a site's switches are leaves, the privacy pattern list is one). */
export function mergeChangedFields(stored: Settings, base: Settings, next: Settings): Settings {
  const out: Record<string, unknown> = { ...stored };
  for (const key of Object.keys(next) as (keyof Settings)[]) {
    if (key === 'sites') continue;
    if (!same(next[key], base[key])) out[key] = next[key];
  }
  const sites = { ...stored.sites };
  for (const site of Object.keys(next.sites) as (keyof Settings['sites'])[]) {
    const row = { ...sites[site] };
    for (const field of Object.keys(next.sites[site]) as (keyof Settings['sites'][typeof site])[]) {
      if (!same(next.sites[site][field], base.sites[site]?.[field]))
        Object.assign(row, { [field]: next.sites[site][field] });
    }
    sites[site] = row;
  }
  out.sites = sites;
  return out as Settings;
}
