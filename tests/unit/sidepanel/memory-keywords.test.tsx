// @vitest-environment happy-dom
/** Details shows a memory's search keywords and saves an edited list, split on commas. */
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryDetails } from '../../../components/memory-details';
import { memory } from '../helpers';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('search keywords in Details', () => {
  it('shows them and saves an edited list, Chinese and English commas alike', async () => {
    const m = memory({ content: '用户住在成都' }, { keywords: ['home city', '居住地'] });
    const saved: string[][] = [];
    const root = document.createElement('div');
    document.body.append(root);
    await act(() => {
      render(<MemoryDetails memory={m} replaces={[]} replacedBy={null} onSaveKeywords={(k) => saved.push(k)} />, root);
    });
    const input = root.querySelector<HTMLInputElement>('.keywords-field input');
    expect(input?.value).toBe('home city, 居住地');
    const button = root.querySelector<HTMLButtonElement>('.keywords-field button');
    expect(button?.disabled).toBe(true);
    await act(() => {
      input!.value = 'home city，Chengdu、 居住地 ,';
      input!.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(button?.disabled).toBe(false);
    await act(() => {
      root
        .querySelector('form.keywords-field')!
        .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(saved).toEqual([['home city', 'Chengdu', '居住地']]);
  });

  it('offers an empty field for a memory without keywords', async () => {
    const root = document.createElement('div');
    document.body.append(root);
    await act(() => {
      render(
        <MemoryDetails
          memory={memory({ content: 'User likes tea' })}
          replaces={[]}
          replacedBy={null}
          onSaveKeywords={() => {}}
        />,
        root,
      );
    });
    expect(root.querySelector<HTMLInputElement>('.keywords-field input')?.value).toBe('');
  });
});
