import { describe, expect, it } from 'vitest';
import { healthState } from '../../../lib/page/site-health';

const matched = { composer: 'c', sendButton: 's', stopButton: null, userTurn: 'u', assistantTurn: 'a' };

describe('healthState', () => {
  it('says working, composer not found, messages not found', () => {
    expect(healthState({ conversationId: 'x', url: 'u', matched, turns: 2 })).toBe('working');
    expect(healthState({ conversationId: 'x', url: 'u', matched: { ...matched, composer: null }, turns: 2 })).toBe(
      'composer_missing',
    );
    expect(healthState({ conversationId: 'x', url: 'u', matched, turns: 0 })).toBe('messages_missing');
    expect(healthState({ conversationId: null, url: 'u', matched, turns: 0 })).toBe('working');
  });

  it('says reading problems when the selectors match but what they read looks wrong', () => {
    const report = { conversationId: 'x', url: 'u', matched, turns: 2 };
    expect(healthState({ ...report, problems: ['label_in_text'] })).toBe('reading_problems');
    expect(healthState({ ...report, problems: [] })).toBe('working');
    // A missing composer or no messages at all is the louder failure, and says so.
    expect(healthState({ ...report, matched: { ...matched, composer: null }, problems: ['label_in_text'] })).toBe(
      'composer_missing',
    );
  });
});
