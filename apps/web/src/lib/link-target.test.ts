import { describe, expect, it } from 'vitest';
import { linkTarget } from './link-target';

const origin = 'https://studybuddy.test';

describe('linkTarget', () => {
  it('gives another site its host', () => {
    expect(linkTarget('https://evil.example/login?next=1', origin)).toEqual({
      kind: 'external',
      href: 'https://evil.example/login?next=1',
      host: 'evil.example',
    });
    expect(linkTarget('http://evil.example:8080/', origin)).toMatchObject({
      host: 'evil.example:8080',
    });
  });

  it('sees through the tricks that hide the real host', () => {
    expect(linkTarget('https://studybuddy.test@evil.example/', origin)).toMatchObject({
      kind: 'external',
      host: 'evil.example',
    });
    expect(linkTarget('//evil.example/x', origin)).toMatchObject({ host: 'evil.example' });
    expect(linkTarget('/\\evil.example/x', origin)).toMatchObject({ host: 'evil.example' });
    expect(linkTarget('https://studybuddy.test.evil.example/', origin)).toMatchObject({
      host: 'studybuddy.test.evil.example',
    });
    // A Cyrillic "у" in the name shows as punycode, not as a look-alike of the real name.
    expect(linkTarget('https://stud\u0443buddy.test/', origin)).toMatchObject({
      host: 'xn--studbuddy-j4h.test',
    });
  });

  it('leaves our own origin and relative links as written', () => {
    expect(linkTarget('/plans', origin)).toEqual({ kind: 'internal', href: '/plans' });
    expect(linkTarget('#part-2', origin)).toEqual({ kind: 'internal', href: '#part-2' });
    expect(linkTarget('https://studybuddy.test/topics/3', origin)).toMatchObject({
      kind: 'internal',
    });
    expect(linkTarget('http://studybuddy.test/', origin)).toMatchObject({ kind: 'external' });
  });

  it('shows the address of a mailto link', () => {
    expect(linkTarget('mailto:help@evil.example?subject=Hi', origin)).toEqual({
      kind: 'email',
      href: 'mailto:help@evil.example?subject=Hi',
      address: 'help@evil.example',
    });
    expect(linkTarget('mailto:?to=help@evil.example', origin)).toEqual({ kind: 'none' });
  });

  it('makes every other scheme and an empty link no link at all', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'irc://irc.example/chan',
      'file:///etc/passwd',
      '',
      '   ',
      null,
      undefined,
      'https://',
    ]) {
      expect(linkTarget(href, origin)).toEqual({ kind: 'none' });
    }
  });
});
