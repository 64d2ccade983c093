/**
 * Messages built against the privacy filter: each repeats a short unit to 100,000 characters
 * (one message's limit), the shape that made a backtracking pattern re-scan the rest of the
 * message from every position. Shared by bench/privacy-scan.ts and the fault suite.
 */
const ATTACK_LENGTH = 100_000;

function sized(unit: string): string {
  return unit.repeat(Math.ceil(ATTACK_LENGTH / unit.length)).slice(0, ATTACK_LENGTH);
}

/** Name, text, and whether the filter is right to redact something in it (a key's shape). */
export const PRIVACY_ATTACKS: readonly (readonly [name: string, text: string, keyShaped: boolean])[] = [
  ['a-a-a… (letters, no digit)', sized('a-'), false],
  ['-1-1-1… (digits, no letter)', sized('-1'), false],
  ['_-_-… (neither)', sized('_-'), false],
  ['eyJ-eyJ-… (JWT openings)', sized('eyJ-'), false],
  ['sk-sk-… (key prefixes)', sized('sk-'), true],
  ['xoxb-… (Slack prefixes)', sized('xoxb-'), true],
  ['1 1 1… (card digits)', sized('1 '), false],
  ['000… (ID digits)', sized('0'), false],
  ['token=… (assignments)', sized('token='), true],
  ['one line without a password', sized('word '), false],
  ['100,000 empty lines', sized('\n'), false],
  ['a·a·… (a zero-width space after every letter)', sized('a\u200b'), false],
  ['４ ４ ４… (full-width digits)', sized('４ '), false],
  ['٤·٤·… (Arabic-Indic digits, zero-width spaces)', sized('٤\u200b'), false],
  ['中文… (Chinese prose)', sized('我的卡号在这里。'), false],
  ['a→a→… (a tab after every letter)', sized('a\t'), false],
  ['password. password. … (a password in every sentence)', sized('password. '), true],
  ['a://b:c@… (addresses with a password)', sized('a://b:c@'), true],
];

/** A user's pattern that backtracks exponentially in a JavaScript RegExp, and its victim. */
export const CATASTROPHIC_PATTERN = { label: 'mine', pattern: '(a+)+$' } as const;
export const CATASTROPHIC_VICTIM = `${'a'.repeat(ATTACK_LENGTH - 1)}!`;
