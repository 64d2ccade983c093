// @vitest-environment happy-dom
/** This tab's site-support line names each reading problem in words, in both UI languages. */
import { describe, expect, it } from 'vitest';
import { HealthLine } from '../../../components/health-line';
import { lang } from '../../../lib/i18n';
import { mount, resetAfterEach } from './mount';

resetAfterEach();

describe('HealthLine', () => {
  it('lists the reading problems with what to do', () => {
    const root = mount(<HealthLine health="reading_problems" problems={['label_in_text', 'answer_unfinished']} />);
    expect(root.textContent).toContain('Site support: reading problems');
    const items = [...root.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'A message starts with a label the site shows for screen readers or around its thinking panel.',
      'An answer has looked unfinished for more than five minutes.',
    ]);
    expect(root.textContent).toContain('please report it');
  });

  it('says it in Chinese too', () => {
    lang.value = 'zh';
    const root = mount(<HealthLine health="reading_problems" problems={['user_turns_empty']} />);
    expect(root.textContent).toContain('读取有问题');
    expect(root.querySelector('li')?.textContent).toBe('读到了回答，但没有读到你的任何消息。');
  });

  it('shows no list when the page reads fine', () => {
    const root = mount(<HealthLine health="working" problems={[]} />);
    expect(root.querySelector('ul')).toBeNull();
    expect(root.textContent).toContain('working');
  });
});
