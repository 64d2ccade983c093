// @vitest-environment happy-dom
/**
 * A memory's date in the panel: the row shows it (in English and Chinese) and marks a plan
 * whose day is over as past, keeping the date; the editor takes a day or a range, says what is
 * wrong with anything else and never saves it, and an emptied field takes the date away, through
 * the real router and store.
 */
import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryEditor } from '../../../components/memory-editor';
import { MemoryMeta } from '../../../components/memory-meta';
import { handlers } from '../../../entrypoints/background/handlers';
import { createRouter } from '../../../entrypoints/background/router';
import { diffDraft } from '../../../entrypoints/sidepanel/models/memory-editor';
import { getMemory, putMemories } from '../../../lib/db/memories';
import { lang } from '../../../lib/i18n';
import { setClock } from '../../../lib/time';
import { memory, panelCaller, routerOptions } from '../helpers';
import { mount, resetAfterEach } from './mount';

resetAfterEach();
afterEach(() => setClock(null));

const WRITTEN = { createdAt: '2026-11-20T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z' };
const interview = memory(
  { content: 'Interview at Globex on 2026-11-27', type: 'fact' },
  { ...WRITTEN, when: '2026-11-27' },
);
const move = memory(
  { content: 'Moved to Lyon in October 2026', type: 'fact' },
  { ...WRITTEN, when: '2026-10-01/2026-10-31' },
);

const badgeOf = (root: HTMLElement) => root.querySelector('.badge.when');

describe('the date on a memory’s row', () => {
  it('shows the day, and past once a plan’s day is over, in both languages', () => {
    setClock(() => Date.parse('2026-11-25T12:00:00Z'));
    expect(badgeOf(mount(<MemoryMeta memory={interview} />))?.textContent).toBe('About 2026-11-27');
    setClock(() => Date.parse('2026-11-28T12:00:00Z'));
    const past = badgeOf(mount(<MemoryMeta memory={interview} />));
    expect(past?.textContent).toBe('About 2026-11-27 · past');
    expect(past?.classList.contains('past')).toBe(true);
    lang.value = 'zh';
    expect(badgeOf(mount(<MemoryMeta memory={interview} />))?.textContent).toBe('日期 2026-11-27 · 已过');
  });

  it('never marks past a day already behind the memory when it was written, nor an undated one', () => {
    setClock(() => Date.parse('2026-12-05T12:00:00Z'));
    expect(badgeOf(mount(<MemoryMeta memory={move} />))?.textContent).toBe('About 2026-10');
    expect(badgeOf(mount(<MemoryMeta memory={memory({ content: 'Lives in Lyon' })} />))).toBeNull();
  });
});

describe('editing the date', () => {
  it('flags a date that is no date, in both languages', async () => {
    let typed = '2026-11-27';
    const editor = () => (
      <MemoryEditor
        id="m"
        values={{ content: interview.content, type: interview.type, importance: 3, scope: 'global', note: '' }}
        onChange={() => {}}
        onSave={() => {}}
        onCancel={() => {}}
        space=""
        spaceOptions={[{ value: '', label: 'Everywhere' }]}
        onSpace={() => {}}
        when={typed}
        onWhen={(v) => {
          typed = v;
        }}
      />
    );
    let root = mount(editor());
    const input = root.querySelector<HTMLInputElement>('#edit-m-when');
    expect(input?.value).toBe('2026-11-27');
    expect(root.querySelector('[role="alert"]')).toBeNull();
    await act(() => {
      input!.value = '2026-11-31';
      input!.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(typed).toBe('2026-11-31');
    root = mount(editor());
    expect(root.querySelector('#edit-m-when')?.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/YYYY-MM-DD/);
    lang.value = 'zh';
    root = mount(editor());
    expect(root.querySelector('.when-field .field-label')?.textContent).toBe('相关日期');
    expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/日期格式/);
  });

  it('sends a changed date, null for an emptied field, and nothing for one left as it was', () => {
    const draft = { ...interview, when: '2026-11-27' };
    expect(diffDraft(interview, draft)).toEqual({});
    expect(diffDraft(interview, { ...draft, when: ' 2026-11-28/2026-11-29 ' })).toEqual({
      when: '2026-11-28/2026-11-29',
    });
    expect(diffDraft(interview, { ...draft, when: '' })).toEqual({ when: null });
    expect(diffDraft(memory({ content: 'x' }), { ...draft, content: 'x', when: '' })).toEqual({});
  });

  it('is stored and taken away through the router, and a bad one is refused', async () => {
    const call = panelCaller(createRouter(handlers, routerOptions));
    await putMemories([{ ...interview, id: 'i1' }]);
    await call('memories.update', { id: 'i1', patch: { when: '2026-12-01' } });
    expect((await getMemory('i1'))?.when).toBe('2026-12-01');
    await expect(call('memories.update', { id: 'i1', patch: { when: '2026-12-10/2026-12-01' } })).rejects.toThrow();
    expect((await getMemory('i1'))?.when).toBe('2026-12-01');
    await call('memories.update', { id: 'i1', patch: { when: null } });
    const cleared = await getMemory('i1');
    expect(cleared?.content).toBe(interview.content);
    expect(cleared && 'when' in cleared).toBe(false);
  });
});
