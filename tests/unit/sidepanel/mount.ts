/** Renders a component into the happy-dom document; each test file resets after itself. */
import { render } from 'preact';
import { afterEach } from 'vitest';
import { lang } from '../../../lib/i18n';

export function mount(node: preact.VNode): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  render(node, root);
  return root;
}

/** After each test: English again and an empty page. */
export function resetAfterEach(): void {
  afterEach(() => {
    lang.value = 'en';
    document.body.innerHTML = '';
  });
}
