// @vitest-environment happy-dom
/**
 * The panel's view registry is the one place a view is added (as the site registry is for
 * sites): every `views/*-view.tsx` is registered, every entry has its label in English and
 * Chinese, its strings in the dictionary, a tab in the nav, and is reached by keyboard.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TabNav } from '../../../components/tab-nav';
import { groupViews, isGroup, navTabs, PANEL_VIEWS, VIEW_GROUPS } from '../../../entrypoints/sidepanel/views/registry';
import { lang } from '../../../lib/i18n';
import { STRING_MODULES } from '../../../lib/i18n/dictionary';
import { mount, resetAfterEach } from './mount';

resetAfterEach();

const VIEWS_DIR = join(import.meta.dirname, '../../../entrypoints/sidepanel/views');
const HAN = /\p{Script=Han}/u;

describe('the view registry', () => {
  it('registers every view file, each once, under a unique id', async () => {
    const files = readdirSync(VIEWS_DIR).filter((f) => f.endsWith('-view.tsx'));
    const components = new Set<unknown>(PANEL_VIEWS.map((v) => v.component));
    for (const file of files) {
      const mod = (await import(/* @vite-ignore */ join(VIEWS_DIR, file))) as Record<string, unknown>;
      const exported = Object.entries(mod).filter(([name]) => name.endsWith('View'));
      expect(exported.length, `${file} exports one *View component`).toBe(1);
      expect(components.has(exported[0]![1]), `${file} is in PANEL_VIEWS`).toBe(true);
    }
    expect(PANEL_VIEWS).toHaveLength(files.length);
    const ids = PANEL_VIEWS.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z-]*$/);
  });

  it('labels every view in English and Chinese', () => {
    for (const { id, label } of PANEL_VIEWS) {
      const [en, zh] = label;
      expect(en.trim(), id).not.toBe('');
      expect(en, id).not.toMatch(HAN);
      expect(zh, id).toMatch(HAN);
    }
  });

  it("has each view's strings in the dictionary, in both languages", () => {
    const modules = new Set<unknown>(STRING_MODULES);
    for (const { id, strings } of PANEL_VIEWS) {
      expect(modules.has(strings), `${id}: add its strings module to STRING_MODULES`).toBe(true);
      for (const [key, [en, zh]] of Object.entries(strings)) {
        expect(en.trim(), key).not.toBe('');
        expect(zh.trim(), key).not.toBe('');
      }
    }
  });

  /** Renders a tab row and walks it with ArrowRight: the ids reached, in order, back to the first. */
  function walk(tabs: readonly { id: string; label: string }[]): { names: string[]; visited: string[] } {
    let current = tabs[0]!.id;
    const render = () =>
      mount(
        <TabNav
          label="Views"
          tabs={tabs}
          current={current}
          onSelect={(id) => {
            current = id;
          }}
        />,
      );
    let root = render();
    const names = [...root.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent ?? '');
    const visited: string[] = [];
    for (let i = 0; i < tabs.length; i++) {
      visited.push(current);
      const tab = root.querySelector<HTMLElement>(`[data-tab="${current}"]`)!;
      expect(tab.tabIndex).toBe(0);
      tab.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      root.remove();
      root = render();
    }
    expect(current).toBe(tabs[0]!.id);
    root.remove();
    return { names, visited };
  }

  it('shows every view as a tab (top row, or inside its group), in both languages, and the arrow keys reach each one', () => {
    for (const language of ['en', 'zh'] as const) {
      lang.value = language;
      const top = navTabs();
      const { names, visited } = walk(top);
      expect(names).toEqual(top.map((tab) => tab.label));
      const reached = visited.flatMap((id) => (isGroup(id) ? walk(groupViews(id)).visited : [id]));
      expect(reached).toEqual(PANEL_VIEWS.map((v) => v.id));
      for (const v of PANEL_VIEWS)
        expect(names.concat(...VIEW_GROUPS.map((g) => walk(groupViews(g.id)).names))).toContain(
          v.label[language === 'zh' ? 1 : 0],
        );
    }
  });

  it('keeps the top row short enough for a 320 px panel (at most five tabs), and every group labelled in both languages', () => {
    expect(navTabs().length).toBeLessThanOrEqual(5);
    for (const { id, label } of VIEW_GROUPS) {
      expect(label[0], id).not.toMatch(HAN);
      expect(label[1], id).toMatch(HAN);
      expect(groupViews(id).length, id).toBeGreaterThan(1);
    }
  });
});
