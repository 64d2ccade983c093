import { describe, expect, it } from 'vitest';
import { firstWords } from '../../../entrypoints/sidepanel/models/activity';
import { diffDraft } from '../../../entrypoints/sidepanel/models/memory-editor';
import { previewRedaction } from '../../../entrypoints/sidepanel/models/privacy-tester';
import {
  clearSelection,
  pruneSelection,
  selectAll,
  selected,
  toggleSelected,
} from '../../../entrypoints/sidepanel/models/selection';
import { memory } from '../helpers';

describe('inline edit', () => {
  it('sends only what changed, trimmed', () => {
    const m = memory({ content: 'Lives in Beijing', note: '' });
    expect(diffDraft(m, { ...m, content: '  Lives in Beijing ' })).toEqual({});
    expect(diffDraft(m, { ...m, content: 'Moved to Chengdu', importance: 4, note: 'said in May' })).toEqual({
      content: 'Moved to Chengdu',
      importance: 4,
      note: 'said in May',
    });
    expect(diffDraft(m, { ...m, content: '   ' })).toEqual({});
  });
});

describe('privacy tester', () => {
  it('replaces matches with the pattern name and counts them', () => {
    const r = previewRedaction('Project ATLAS and project hermes; card 4111', [
      { label: 'project', pattern: 'project [a-z]+' },
      { label: '', pattern: '\\d{4}' },
    ]);
    expect(r.output).toBe('[redacted: project] and [redacted: project]; card [redacted: custom pattern]');
    expect(r.hits).toEqual([2, 1]);
    expect(r.invalid).toEqual([]);
  });

  it('flags a broken pattern and applies the rest', () => {
    const r = previewRedaction('代号 hunter2，卡号 4111 1111 1111 1111', [
      { label: 'broken', pattern: '(' },
      { label: '密码', pattern: 'hunter\\d' },
    ]);
    expect(r.invalid).toEqual([0]);
    expect(r.output).toBe('代号 [redacted: 密码]，卡号 [redacted: card number]');
  });
});

describe('activity', () => {
  it('shows the first words of a draft in either language', () => {
    expect(firstWords('Help me write the auth middleware for FastAPI please, with tests')).toBe(
      'Help me write the auth middleware for FastAPI…',
    );
    expect(firstWords('short one')).toBe('short one');
    expect(firstWords('帮我写一个 FastAPI 的鉴权中间件，要带测试和文档说明')).toBe('帮我写一个 FastAPI 的鉴…');
  });
});

describe('selection', () => {
  it('toggles, selects all shown, and forgets ids that left the store', () => {
    clearSelection();
    toggleSelected('a');
    toggleSelected('b', true);
    toggleSelected('a');
    expect([...selected.value]).toEqual(['b']);
    selectAll(['b', 'c', 'd']);
    pruneSelection(new Set(['c', 'x']));
    expect([...selected.value]).toEqual(['c']);
  });
});
