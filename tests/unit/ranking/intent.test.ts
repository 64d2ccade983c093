import { describe, expect, it } from 'vitest';
import { detectIntent } from '../../../lib/ranking/intent';

const kind = (text: string) => detectIntent(text).kind;

describe('intent', () => {
  it('recognises greetings and small talk, Chinese and English', () => {
    for (const t of [
      '早上好',
      '在不在？',
      '嗨，今儿好困',
      '早呀～',
      'hi～',
      'hello，孩子终于睡着了',
      'Good morning!',
      'hey there',
      '',
    ])
      expect(kind(t), t).toBe('greeting');
  });

  it('does not take a request that opens with a greeting for small talk', () => {
    for (const t of ['Hi, can you help me write a poem?', '你好，帮我写一个排序函数', '早高峰太堵了', '早饭吃什么'])
      expect(kind(t), t).not.toBe('greeting');
  });

  it('lifts conclusions for opinion questions and tasks for continuations', () => {
    expect(kind('你觉得 Svelte 怎么样')).toBe('opinion');
    expect(kind('What do you think about Rust?')).toBe('opinion');
    expect(detectIntent('你觉得呢').typeBoost.conclusion).toBeGreaterThan(0);
    expect(kind('继续上回的支付服务重构')).toBe('continuation');
    expect(kind('where were we?')).toBe('continuation');
    expect(detectIntent('接着上回那篇综述').typeBoost.task).toBeGreaterThan(
      detectIntent('接着上回那篇综述').typeBoost.fact,
    );
    expect(kind('帮我写个 Go 的 HTTP server')).toBe('lookup');
  });
});
