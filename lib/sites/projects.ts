/**
 * Site projects as the sites' own addresses name them. Only the id is read: the readable part
 * after it (ChatGPT's slug) is the project's name, which is the user's text and not an id.
 * Sources: tests/fixtures/sites/README.md#projects.
 */

/** ChatGPT: `/g/g-p-<32 hex>[-<slug>]/c/<id>` (a project chat) or `…/project` (the project page). */
const CHATGPT_PROJECT = /^\/g\/(g-p-[0-9a-f]{32})(?:-[^/]*)?\/(?:c\/|project(?:\/|$))/;

export function chatgptProject(url: URL): string | null {
  return CHATGPT_PROJECT.exec(url.pathname)?.[1] ?? null;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Claude: `/project/<uuid>`, the project page where its chats start. */
const CLAUDE_PROJECT_PATH = new RegExp(`^/project/(${UUID})(?:/|$)`);
/** The href of a link to a project page, exactly: nothing before, at most a path after. */
const CLAUDE_PROJECT_HREF = new RegExp(`^/project/(${UUID})(?:[/?#].*)?$`);
/** The sidebar lists the user's projects on every page: only a link outside it names this chat's. */
const SIDEBAR = 'nav, aside, [role="navigation"]';

/**
 * Claude: the project page's address, or, on a project chat (`/chat/<uuid>`, whose address
 * names no project), the project link in the chat's breadcrumb. Several different projects
 * linked outside the sidebar, or a link in any other shape, name none.
 */
export function claudeProject(url: URL, root: ParentNode): string | null {
  const fromPath = CLAUDE_PROJECT_PATH.exec(url.pathname)?.[1];
  if (fromPath) return fromPath;
  if (!url.pathname.startsWith('/chat/')) return null;
  const found = new Set<string>();
  for (const link of root.querySelectorAll('a[href^="/project/"]')) {
    if (link.closest(SIDEBAR)) continue;
    const id = CLAUDE_PROJECT_HREF.exec(link.getAttribute('href') ?? '')?.[1];
    if (!id) continue;
    found.add(id);
    if (found.size > 1) return null;
  }
  return found.size === 1 ? [...found][0]! : null;
}
