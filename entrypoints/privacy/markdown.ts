/**
 * Just enough Markdown for PRIVACY.md, built with DOM calls (never innerHTML): headings,
 * paragraphs, lists, inline code, bold and links. HTML comments (the policy's flow marks for its
 * test) are dropped. A link to the other language's policy stays on this page; other relative
 * links (files of the repository, not bundled) are shown as their text.
 */

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|\[([^\]]+)\]\(([^)\s]+)\)/g;
const OTHER_LANGUAGE: Readonly<Record<string, string>> = {
  'PRIVACY.md': '?lang=en',
  'PRIVACY.zh-CN.md': '?lang=zh',
};

function inline(doc: Document, parent: Node, text: string): void {
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    parent.appendChild(doc.createTextNode(text.slice(last, m.index)));
    if (m[1]) parent.appendChild(doc.createElement('code')).textContent = m[1].slice(1, -1);
    else if (m[2]) parent.appendChild(doc.createElement('strong')).textContent = m[2].slice(2, -2);
    else if (m[3] && m[4]) {
      const href = m[4].startsWith('https://') ? m[4] : OTHER_LANGUAGE[m[4]];
      if (!href) parent.appendChild(doc.createTextNode(m[3]));
      else {
        const a = parent.appendChild(doc.createElement('a'));
        a.href = href;
        a.textContent = m[3];
        if (href.startsWith('https://')) a.rel = 'noopener noreferrer';
      }
    }
    last = (m.index ?? 0) + m[0].length;
  }
  parent.appendChild(doc.createTextNode(text.slice(last)));
}

export function renderMarkdown(doc: Document, markdown: string): DocumentFragment {
  const out = doc.createDocumentFragment();
  let paragraph: string[] = [];
  let list: HTMLUListElement | null = null;
  let item: string[] | null = null;
  const flushItem = () => {
    if (list && item) inline(doc, list.appendChild(doc.createElement('li')), item.join(' '));
    item = null;
  };
  const flush = () => {
    if (paragraph.length) inline(doc, out.appendChild(doc.createElement('p')), paragraph.join(' '));
    paragraph = [];
    flushItem();
    list = null;
  };
  for (const line of markdown.replace(/<!--[\s\S]*?-->/g, '').split('\n')) {
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    if (line.trim() === '') flush();
    else if (heading?.[1] && heading[2] !== undefined) {
      flush();
      inline(doc, out.appendChild(doc.createElement(`h${heading[1].length}`)), heading[2]);
    } else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      flushItem();
      list ??= out.appendChild(doc.createElement('ul'));
      item = [line.slice(2)];
    } else if (item && line.startsWith('  ')) item.push(line.trim());
    else paragraph.push(line.trim());
  }
  flush();
  return out;
}
