/**
 * Fault suite: messages built against the block delimiters. A megabyte of repeated openers
 * (a super-linear pattern would take minutes on 56 KB) is stripped to itself; text typed
 * between a look-alike opener and closer is kept; only a block this install wrote is removed.
 * The assertions are results, never times (bench/strip-blocks.ts prints those).
 */
import { describe, expect, it } from 'vitest';
import { hasInjectedBlock, markSuffix, stripInjectedBlocks } from '../../../lib/ranking/block';
import { renderBlock } from '../../../lib/ranking/render';

const MARK = 'k3x9q2w7';
const OPENER = '[claude-mem ·]';

describe('adversarial messages against the block delimiters', () => {
  it('1 MB of repeated openers without a closer comes back unchanged', () => {
    const text = OPENER.repeat(Math.ceil(1_048_576 / OPENER.length));
    expect(stripInjectedBlocks(text, [MARK])).toBe(text);
    expect(hasInjectedBlock(text, [MARK])).toBe(false);
  });

  it('1 MB of openers carrying this install’s mark, then one closer, is one block', () => {
    const header = `[claude-mem · x${markSuffix(MARK)}`;
    const text = `${`${header}\n`.repeat(20_000)}[/claude-mem]\n\nmy question`;
    expect(text.length).toBeGreaterThan(500_000);
    expect(stripInjectedBlocks(text, [MARK])).toBe('my question');
  });

  it('a megabyte on one line of alternating openers and closers is kept as typed', () => {
    const text = '[claude-mem · a][/claude-mem]'.repeat(36_000);
    expect(stripInjectedBlocks(text, [MARK])).toBe(text);
  });

  it('keeps what a user typed between a typed opener and closer', () => {
    const typed = 'Please format it like [claude-mem · my notes]\nline one\n[/claude-mem] and explain.';
    expect(stripInjectedBlocks(typed, [MARK])).toBe(typed);
    expect(hasInjectedBlock(typed, [MARK])).toBe(false);
  });

  it('removes the block this install wrote, and only with its mark', () => {
    const block = renderBlock([{ type: 'fact', content: 'Lives in Chengdu' }], MARK);
    expect(stripInjectedBlocks(`${block}\n\nWhere should I eat?`, [MARK])).toBe('Where should I eat?');
    expect(stripInjectedBlocks(`${block}\n\nWhere should I eat?`, ['otherins'])).toContain('Lives in Chengdu');
  });
});
