import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseText, sentences } from '../../../lib/bring-in/text';

const sample = (name: string) => readFileSync(join(__dirname, '../../fixtures/bring-in', name), 'utf8');
const brief = (items: ReturnType<typeof parseText>['items']) =>
  items.map((i) => [i.content, i.type, i.importance] as const);

describe('pasted text → memories', () => {
  it('reads a ChatGPT saved-memory list: one memory per row, the screen’s words left out', () => {
    const found = parseText(sample('chatgpt-memories.txt'));
    expect(brief(found.items)).toEqual([
      ['Prefers concise answers with the code example first.', 'preference', 3],
      ['Is a backend engineer who works mostly in Go and PostgreSQL.', 'fact', 4],
      ['Lives in Lisbon with their partner and two cats.', 'fact', 4],
      ['Is allergic to peanuts.', 'fact', 5],
      ['Is preparing a talk on event sourcing for a meetup in March.', 'task', 3],
      ['Decided to use SQLite instead of MongoDB for the recipe app side project.', 'conclusion', 3],
      ['Wants to be called Sam.', 'preference', 4],
      ['Has a budget of €1,250.50 per month for rent.', 'fact', 3],
    ]);
  });

  it('reads a Chinese bullet list, heading as section, a repeated line once', () => {
    const found = parseText(sample('zh-bullets.txt'));
    expect(brief(found.items)).toEqual([
      ['我住在成都，在一家游戏公司做客户端开发', 'fact', 4],
      ['喜欢用要点列出答案，别写太长', 'preference', 3],
      ['对花生过敏', 'fact', 5],
      ['正在准备下个月的半程马拉松', 'task', 3],
      ['决定不买车，通勤坐地铁', 'conclusion', 3],
      ['女儿今年六岁，在上一年级', 'fact', 4],
    ]);
    expect(found.items[0]?.section).toBe('我的记忆');
    expect(found.skipped).toBe(1);
  });

  it('splits Claude’s memory summary into sentences under its headings', () => {
    const found = parseText(sample('claude-memory.txt'));
    expect(found.items.map((i) => [i.section, i.content])).toEqual([
      ['Work context', 'Sam is a backend engineer at a small logistics company, working mainly in Go and PostgreSQL.'],
      [
        'Work context',
        'They are leading the migration of the billing service to event sourcing, e.g. splitting invoices into events.',
      ],
      ['Personal context', 'Sam lives in Lisbon with their partner.'],
      ['Personal context', 'They run most mornings and are training for a half marathon in 2.5 months.'],
      ['Top of mind', 'Preparing a conference talk on event sourcing for March.'],
    ]);
    expect(found.items[4]?.type).toBe('task');
  });

  it('reads numbered lists in both styles, dates in front, and Chinese enumerations', () => {
    const found = parseText(
      '1. Likes green tea\n2) [2025-03-02] - Moved to Porto\n（三）计划学习西班牙语\n一、喜欢安静的咖啡馆\n① 周末打羽毛球',
    );
    expect(found.items.map((i) => i.content)).toEqual([
      'Likes green tea',
      'Moved to Porto',
      '计划学习西班牙语',
      '喜欢安静的咖啡馆',
      '周末打羽毛球',
    ]);
    expect(found.items[1]?.createdAt).toBe('2025-03-02T00:00:00.000Z');
  });

  it('keeps numbers and punctuation verbatim and does not split inside numbers or abbreviations', () => {
    expect(sentences('Budget is ¥2,850,000.00 for the flat. Prefers e.g. short replies.')).toEqual([
      'Budget is ¥2,850,000.00 for the flat.',
      'Prefers e.g. short replies.',
    ]);
    expect(sentences('住在成都。喜欢喝茶！')).toEqual(['住在成都。', '喜欢喝茶！']);
  });

  it('returns nothing for text with no memory in it', () => {
    expect(parseText('Saved memories\n\n---\n\nDelete all\n').items).toEqual([]);
    expect(parseText('').items).toEqual([]);
  });
});

describe('a Markdown file → memories', () => {
  it('takes list items under headings, skips front matter, code, tables and rules', () => {
    const found = parseText(sample('notes.md'), 'markdown');
    expect(found.items.map((i) => [i.content, i.type])).toEqual([
      ['Answers in British English, please.', 'preference'],
      ['Likes tables when comparing options. Especially for laptops and phones.', 'preference'],
      ['Works as a data engineer at a fintech startup.', 'fact'],
      ['Uses dbt and Airflow every day.', 'fact'],
      ['Chose Hetzner over AWS for the personal server.', 'conclusion'],
      ['Maybe moving to Porto next year.', 'fact'],
    ]);
    expect(found.items[5]?.importance).toBe(2);
    expect(found.kind).toBe('markdown');
  });
});
