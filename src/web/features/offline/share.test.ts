import { describe, expect, it } from 'vitest';
import { sharedUrl, urlInText } from './share.ts';

describe('urlInText', () => {
  it('finds the address inside a sentence and drops its closing punctuation', () => {
    expect(urlInText('Look at this https://example.com/a?b=1, it is good.')).toBe(
      'https://example.com/a?b=1',
    );
    expect(urlInText('Read "Trees" (https://example.org/trees).')).toBe('https://example.org/trees');
    expect(urlInText('https://example.com/page!')).toBe('https://example.com/page');
  });

  it('keeps a bracket the address itself opened', () => {
    expect(urlInText('see https://en.wikipedia.org/wiki/Tree_(graph) here')).toBe(
      'https://en.wikipedia.org/wiki/Tree_(graph)',
    );
  });

  it('takes the first of several and refuses text without a web address', () => {
    expect(urlInText('http://a.example/1 and https://b.example/2')).toBe('http://a.example/1');
    expect(urlInText('no link here')).toBeNull();
    expect(urlInText('ftp://files.example/x')).toBeNull();
    expect(urlInText('https://localhost')).toBeNull();
  });
});

describe('sharedUrl', () => {
  it('prefers url, then an address in text, then in title', () => {
    expect(sharedUrl({ url: 'https://a.example/', text: 'https://b.example/' })).toBe('https://a.example/');
    expect(sharedUrl({ url: '', text: 'Title — https://b.example/x' })).toBe('https://b.example/x');
    expect(sharedUrl({ title: 'https://c.example/' })).toBe('https://c.example/');
  });

  it('ignores a url that is not a web address and finds none in plain text', () => {
    expect(sharedUrl({ url: 'javascript:alert(1)', text: 'just words' })).toBeNull();
    expect(sharedUrl({})).toBeNull();
  });
});
