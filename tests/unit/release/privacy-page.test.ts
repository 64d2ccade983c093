// @vitest-environment happy-dom
/** The bundled privacy page's Markdown: the policy's structure, text as text, flow marks hidden. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../entrypoints/privacy/markdown';

function render(text: string): HTMLElement {
  const main = document.createElement('main');
  main.appendChild(renderMarkdown(document, text));
  return main;
}

describe('privacy page', () => {
  it('renders headings, lists, code, bold and links; the other language stays on the page', () => {
    const main = render(
      '# Title\n\n[中文版](PRIVACY.zh-CN.md) · see [CHANGELOG.md](CHANGELOG.md)\n\n## Part\n\n- **One** `a`\n  more\n- [Two](https://example.com/x)\n\nText.',
    );
    expect(main.querySelector('h1')?.textContent).toBe('Title');
    expect(main.querySelector('h2')?.textContent).toBe('Part');
    const links = [...main.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['中文版', '?lang=zh'],
      ['Two', 'https://example.com/x'],
    ]);
    expect(main.textContent).toContain('see CHANGELOG.md');
    expect([...main.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['One a more', 'Two']);
    expect(main.querySelector('strong')?.textContent).toBe('One');
    expect(main.querySelector('p:last-child')?.textContent).toBe('Text.');
  });

  it('keeps markup in the text as text and drops the flow marks', () => {
    const main = render('<!-- flow: x; code: y -->\nA <script>alert(1)</script> and <img src=x onerror=alert(1)>');
    expect(main.querySelector('script, img')).toBeNull();
    expect(main.textContent).toBe('A <script>alert(1)</script> and <img src=x onerror=alert(1)>');
  });

  it.each(['PRIVACY.md', 'PRIVACY.zh-CN.md'])('renders %s with its sections and no flow marks', (file) => {
    const main = render(readFileSync(file, 'utf8'));
    expect(main.querySelectorAll('h1')).toHaveLength(1);
    expect(main.querySelectorAll('h2').length).toBeGreaterThan(4);
    expect(main.textContent).not.toContain('flow:');
  });
});
