import { describe, expect, it } from 'vitest';
import { compilePatterns, isChineseIdNumber, passesLuhn, redact, sensitiveLabel } from '../../../lib/privacy/privacy';

describe('privacy filter', () => {
  it('recognises 18-digit ID numbers by their check digit only', () => {
    expect(isChineseIdNumber('11010519491231002X')).toBe(true);
    expect(isChineseIdNumber('110105194912310021')).toBe(false);
    expect(redact('ID 11010519491231002X ok').text).toBe('ID [redacted: ID number] ok');
    // A wrong check digit: an order number, kept.
    expect(redact('order 110105194912310021').hits).toEqual([]);
  });

  it('redacts card numbers that pass Luhn, with spaces or dashes, and keeps other long numbers', () => {
    expect(passesLuhn('4111111111111111')).toBe(true);
    expect(redact('card 4111 1111 1111 1111.').text).toBe('card [redacted: card number].');
    expect(redact('card 5500-0000-0000-0004').text).toBe('card [redacted: card number]');
    expect(redact('tracking 4111111111111112').hits).toEqual([]);
    expect(redact('预算是¥2,850,000.00，电话 13800138000').hits).toEqual([]);
  });

  it('redacts API keys and tokens', () => {
    for (const secret of [
      'sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123',
      'sk-proj-abcdefghijklmnop1234',
      'ghp_9aZq81LmN0pQr5StUv7WxY2zAbC3dEf4GhIj',
      'AKIAIOSFODNN7EXAMPLE',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
      'api_key = "a8f5f167f44f4964e6c998dee827110c"',
    ]) {
      const { text } = redact(`use ${secret} here`);
      expect(text).toBe('use [redacted: API key or token] here');
    }
  });

  it('removes whole lines that mention a password, in English or Chinese', () => {
    expect(redact('hello\nMy Password: Blue-Fish-42\nbye').text).toBe('hello\n[redacted: password line]\nbye');
    expect(redact('我的密码是 qwerty').text).toBe('[redacted: password line]');
  });

  it('applies user patterns case-insensitively and reports invalid ones instead of throwing', () => {
    const patterns = [
      { label: 'employer', pattern: 'acme corp' },
      { label: 'broken', pattern: '(unclosed' },
    ];
    expect(redact('I work at ACME Corp.', patterns).text).toBe('I work at [redacted: employer].');
    expect(compilePatterns(patterns).invalid).toEqual([{ label: 'broken', error: expect.stringContaining('') }]);
  });

  it('gives hit positions in the original text, for the live tester', () => {
    const text = 'a 4111111111111111 b';
    expect(redact(text).hits).toEqual([{ label: 'card number', start: 2, end: 18 }]);
  });

  it('the output-side check names what it found, including text the model copied from a redaction', () => {
    expect(sensitiveLabel('Lives in Chengdu')).toBeNull();
    expect(sensitiveLabel('身份证号 11010519491231002X')).toBe('ID number');
    expect(sensitiveLabel('Card is [redacted: card number]')).toBe('redacted text');
  });
});
