/**
 * Every class name the side panel's markup uses has a rule in its stylesheets: a class written
 * in a component and styled nowhere (as `.check` and `.error` once were) is a bug a reader only
 * sees as text running together. Scans the panel's and the shared components' TSX for class
 * names (string literals in `class=` / `class={…}`, including template literals and ternaries)
 * and the panel's CSS for selectors.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const PANEL = join(ROOT, 'entrypoints/sidepanel');

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ext))
    .map((f) => join(dir, f));
}

/**
 * The class lists the markup writes: `class="a b"`, `class={'a'}`, `class={`a ${x ? 'b' : 'c'}`}`,
 * `class={x ? 'a' : 'b'}`. One list per attribute (every word it may hold); a word ending in `-`
 * is the fixed part of a name built from a value (`type-${m.type}`).
 */
function classListsIn(source: string): string[][] {
  const lists: string[][] = [];
  const words = (text: string) => text.split(/\s+/).filter((w) => /^-?[a-z_][\w-]*$/i.test(w));
  for (const m of source.matchAll(/\bclass(?:Name)?="([^"]*)"/g)) lists.push(words(m[1] ?? ''));
  for (const m of source.matchAll(/\bclass(?:Name)?=\{/g)) {
    // The expression up to its matching brace.
    let depth = 1;
    let i = (m.index ?? 0) + m[0].length;
    const start = i;
    while (i < source.length && depth > 0) {
      if (source[i] === '{') depth++;
      if (source[i] === '}') depth--;
      i++;
    }
    const expr = source.slice(start, i - 1);
    const list: string[] = [];
    const literals = (text: string) => {
      for (const lit of text.matchAll(/'([^']*)'|"([^"]*)"/g)) list.push(...words(lit[1] ?? lit[2] ?? ''));
    };
    const templates = [...expr.matchAll(/`([^`]*)`/g)].map((m) => m[1] ?? '');
    literals(expr.replace(/`[^`]*`/g, ' '));
    for (const tpl of templates) {
      // `verdict-${v ?? 'pending'}` is one name built from a value; `${on ? 'on' : ''}` adds names of its own.
      const fixed = tpl.replace(/([\w-]-)\$\{[^}]*\}/g, '$1 ');
      for (const inner of fixed.matchAll(/\$\{([^}]*)\}/g)) literals(inner[1] ?? '');
      list.push(...words(fixed.replace(/\$\{[^}]*\}/g, ' ')));
    }
    lists.push(list);
  }
  return lists.filter((l) => l.length > 0);
}

/** Each compound selector's classes (`.status.error` → [status, error]; `.a .b` → [a], [b]). */
function compoundsIn(css: string): string[][] {
  const compounds: string[][] = [];
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  // Selectors are what stands before each `{`; a compound ends at a space or a combinator.
  for (const block of withoutComments.matchAll(/([^{}]+)\{/g))
    for (const part of (block[1] ?? '').split(/[\s,>+~]+/)) {
      const classes = [...part.replace(/\([^)]*\)/g, '').matchAll(/\.(-?[a-z_][\w-]*)/gi)].map((m) => m[1] ?? '');
      if (classes.length > 0) compounds.push(classes);
    }
  return compounds;
}

/** A class is styled when some compound holds it and only classes the same element may carry. */
function styled(name: string, list: readonly string[], compounds: readonly string[][]): boolean {
  if (name.endsWith('-')) return compounds.some((c) => c.some((k) => k.startsWith(name)));
  return compounds.some(
    (c) =>
      c.includes(name) &&
      c.every((k) => k === name || list.includes(k) || list.some((w) => w.endsWith('-') && k.startsWith(w))),
  );
}

describe('class names in the side panel', () => {
  it('finds class lists and compound selectors in the shapes they are written', () => {
    const lists = classListsIn(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the markup under test, written as source text
      "const a = <p class=\"x y\"><b class={`z type-${t} ${on ? 'on' : ''}`} /><i class={cls ?? 'w'} /></p>;",
    );
    expect(lists.map((l) => [...new Set(l)].sort())).toEqual([['x', 'y'], ['on', 'type-', 'z'], ['w']]);
    expect(compoundsIn('.a, .b:hover > .c.d { x: 1 } /* .e */ @media (x) { .f:not(.g) { y: 2 } }')).toEqual([
      ['a'],
      ['b'],
      ['c', 'd'],
      ['f'],
    ]);
    // `.status.error` styles an element that has both, not a lone `class="error"`.
    expect(styled('error', ['error'], [['status', 'error']])).toBe(false);
    expect(styled('error', ['status', 'error'], [['status', 'error']])).toBe(true);
    expect(styled('type-', ['type-'], [['type-fact']])).toBe(true);
  });

  it('every class the panel and its components use has a CSS rule', () => {
    const tsx = [...files(PANEL, '.tsx'), ...files(join(ROOT, 'components'), '.tsx')];
    const compounds = files(PANEL, '.css').flatMap((file) => compoundsIn(readFileSync(file, 'utf8')));
    const missing = new Set<string>();
    for (const file of tsx)
      for (const list of classListsIn(readFileSync(file, 'utf8')))
        for (const name of list)
          if (!styled(name, list, compounds)) missing.add(`.${name} (${file.slice(ROOT.length + 1)})`);
    expect([...missing]).toEqual([]);
  });
});
