/**
 * Relative links and anchors in the project's Markdown, checked the way GitHub renders them:
 * a link to a file needs the file; `#anchor` needs a heading whose GitHub slug it is.
 */

export interface Link {
  line: number;
  target: string;
}

/** Fenced blocks hold examples, not links or headings (blanked, so line numbers stay). */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, (block) => block.replace(/[^\n]/g, ' '));
}

function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
}

export function linksOf(markdown: string): Link[] {
  const text = withoutCode(markdown);
  const links: Link[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)|\bhref="([^"]+)"/g)) {
    const target = m[1] ?? m[2] ?? '';
    links.push({ line: text.slice(0, m.index).split('\n').length, target });
  }
  return links;
}

/** GitHub's heading ids: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of withoutFences(markdown)
    .replace(/`([^`\n]*)`/g, '$1')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const text = (m[1] ?? '').replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*~]|<[^>]+>/g, '');
    const base = text
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc}\s-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** Repository paths named in code spans (`tests/unit/x.test.ts`): a promise's test must exist. */
export function namedPathsOf(markdown: string): Link[] {
  const text = withoutFences(markdown);
  const paths: Link[] = [];
  const pattern =
    /`((?:tests|lib|entrypoints|scripts|store|bench|bridge|components|prompt_templates)\/[\w./-]+\.(?:ts|tsx|md|json|mjs))`/g;
  for (const m of text.matchAll(pattern)) {
    paths.push({ line: text.slice(0, m.index).split('\n').length, target: m[1] ?? '' });
  }
  return paths;
}
