/**
 * The toolbar icon set: every size the manifest names exists as a PNG of that size, for the
 * default icon and for Firefox's dark-theme variant (wxt.config.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ICONS = join(__dirname, '../../../public/icon');
const SOURCES = join(__dirname, '../../../assets/icon');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the icon set', () => {
  it.each([16, 32, 48, 128])('%i px', (size) => {
    expect(pngSize(join(ICONS, `${size}.png`))).toEqual({ width: size, height: size });
  });

  it.each([16, 32])('%i px for dark themes (Firefox)', (size) => {
    expect(pngSize(join(ICONS, `dark-theme-${size}.png`))).toEqual({ width: size, height: size });
  });

  // The toolbar sizes are drawn on their own pixel grid (a scaled-down icon.svg read as a "U").
  it.each(['icon', 'icon-dark-theme'])('%s: 16 and 32 px have their own drawing', (name) => {
    for (const size of [16, 32]) {
      const svg = readFileSync(join(SOURCES, `${name}-${size}.svg`), 'utf8');
      expect(svg).toContain(`viewBox="0 0 ${size} ${size}"`);
    }
  });
});
