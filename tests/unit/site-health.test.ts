import { describe, expect, it } from 'vitest';
import { healthState } from '../../lib/site-health';

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
});
