import { describe, expect, it } from 'vitest';
import { formatJoinCode, joinLink } from './join-code';

describe('formatJoinCode', () => {
  it('writes a code in two groups of four', () => {
    expect(formatJoinCode('ABCDEFGH')).toBe('ABCD-EFGH');
  });

  it('leaves a code of another length as it is', () => {
    expect(formatJoinCode('ABC')).toBe('ABC');
  });
});

describe('joinLink', () => {
  it('leads to the join form on this server with the code', () => {
    expect(joinLink('ABCDEFGH', 'https://school.example')).toBe(
      'https://school.example/classes/join?code=ABCDEFGH',
    );
  });
});
