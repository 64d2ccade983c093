// @vitest-environment happy-dom
/**
 * Site projects as the adapters read them: ChatGPT's `g-p-…` id from the address (project chats
 * and the project page), Claude's uuid from `/project/<uuid>` or a project chat's breadcrumb;
 * every other site none. Crafted addresses and links (a non-project link, markup in the id, a
 * huge id, a sidebar link, two projects) name no project.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADAPTERS } from '../../../lib/adapters';
import chatgpt from '../../../lib/adapters/chatgpt';
import claude from '../../../lib/adapters/claude';

const HEX = '6aaea9da2bc881918d6f9eb5177cf904';
const UUID = '019b42d8-d96d-76ec-a534-9a80f0d1ac06';
const FIXTURE = resolve(import.meta.dirname, '../../fixtures/projects/claude-project-chat.html');
const CAPTURE = resolve(import.meta.dirname, '../../../../shared/samples/site-captures/claude/complete.html');

function page(html: string): void {
  const bare = html.replace(/<(script|iframe)\b[^>]*>[\s\S]*?<\/\1>/g, '');
  const parsed = new DOMParser().parseFromString(bare, 'text/html');
  document.body.innerHTML = parsed.body.innerHTML;
}

const read = (adapter: typeof chatgpt, url: string) => adapter.project(new URL(url), document);

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('ChatGPT projects', () => {
  it.each([
    [`https://chatgpt.com/g/g-p-${HEX}-acme-rollout/c/6915a9bc-afa8-8327-98d8-f7c99c085e83`, `g-p-${HEX}`],
    [`https://chatgpt.com/g/g-p-${HEX}-acme-rollout/project`, `g-p-${HEX}`],
    [`https://chatgpt.com/g/g-p-${HEX}/project?tab=chats`, `g-p-${HEX}`],
    [`https://chatgpt.com/g/g-p-${HEX}/c/6915a9bc-afa8-8327-98d8-f7c99c085e83`, `g-p-${HEX}`],
  ])('%s is in project %s (the name in the slug is never read)', (url, id) => {
    expect(read(chatgpt, url)).toBe(id);
  });

  it.each([
    'https://chatgpt.com/c/6915a9bc-afa8-8327-98d8-f7c99c085e83', // a chat in no project
    'https://chatgpt.com/', // a new chat
    'https://chatgpt.com/g/g-HMNcP6w7d-data-analyst/c/6915a9bc', // a custom GPT, not a project
    `https://chatgpt.com/g/g-p-${HEX.toUpperCase()}/project`, // not the site's shape
    `https://chatgpt.com/g/g-p-${HEX}%3Cb%3E/project`, // markup glued to the id
    `https://chatgpt.com/g/g-p-${'a'.repeat(5000)}/project`, // a huge id
    `https://chatgpt.com/x/g/g-p-${HEX}/project`, // not at the start of the path
    `https://chatgpt.com/search?q=/g/g-p-${HEX}/project`, // in the query, not the path
  ])('%s names no project', (url) => {
    expect(read(chatgpt, url)).toBeNull();
  });
});

describe('Claude projects', () => {
  it('reads the project page address', () => {
    expect(read(claude, `https://claude.ai/project/${UUID}`)).toBe(UUID);
  });

  it("reads a project chat's breadcrumb, not the sidebar's starred project", () => {
    page(readFileSync(FIXTURE, 'utf8'));
    expect(read(claude, 'https://claude.ai/chat/0d6f4e1c-2b3a-4c5d-8e9f-0a1b2c3d4e5f')).toBe(UUID);
  });

  it.skipIf(!existsSync(CAPTURE))('names no project on the real capture of a chat in none', () => {
    page(readFileSync(CAPTURE, 'utf8'));
    expect(read(claude, 'https://claude.ai/chat/15745ec2-10e4-4fa4-a8b5-fa5d8c716d66')).toBeNull();
  });

  it.each([
    ['a non-project link', `<header><a href="/projects">Projects</a><a href="/chat/${UUID}">x</a></header>`],
    ['markup after the id', `<header><a href="/project/${UUID}&quot;&gt;&lt;img src=x&gt;">x</a></header>`],
    ['a huge id', `<header><a href="/project/${'0'.repeat(100_000)}">x</a></header>`],
    ['an id of another shape', '<header><a href="/project/../../settings">x</a></header>'],
    ['only a sidebar link', `<nav><a href="/project/${UUID}">Starred</a></nav>`],
    [
      'two different projects',
      `<header><a href="/project/${UUID}">A</a></header><main><a href="/project/7c1e9a40-2b6d-4f3e-9a51-0d8e4c2b1f77">B</a></main>`,
    ],
  ])('a chat with %s is in no project', (_name, html) => {
    page(`<body>${html}</body>`);
    expect(read(claude, 'https://claude.ai/chat/0d6f4e1c-2b3a-4c5d-8e9f-0a1b2c3d4e5f')).toBeNull();
  });

  it('a breadcrumb link counts only on a chat page (the new-chat page has no project)', () => {
    page(`<body><header><a href="/project/${UUID}">A</a></header></body>`);
    expect(read(claude, 'https://claude.ai/new')).toBeNull();
  });
});

describe('other sites', () => {
  it('have no projects, whatever the page links', () => {
    page(`<body><header><a href="/project/${UUID}">A</a></header></body>`);
    for (const adapter of ADAPTERS.filter((a) => a.id !== 'chatgpt' && a.id !== 'claude')) {
      const url = `https://${adapter.matches[0]!.replace(/^\*:\/\/|\/\*$/g, '').replace('*.', '')}/g/g-p-${HEX}/project`;
      expect(adapter.project(new URL(url), document), adapter.id).toBeNull();
    }
  });
});
