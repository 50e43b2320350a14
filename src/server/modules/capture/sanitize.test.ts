import { describe, expect, it } from 'vitest';
import { htmlToText } from './extract.ts';
import { sanitizeReaderHtml } from './sanitize.ts';

describe('sanitizeReaderHtml', () => {
  it.each([
    '<script>alert(1)</script>',
    '<img src="x" onerror="alert(1)">',
    '<img src="javascript:alert(1)">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<iframe src="https://evil.example/"></iframe>',
    '<svg><script>alert(1)</script></svg>',
    '<div onclick="alert(1)">x</div>',
    '<style>body{background:url(javascript:alert(1))}</style>',
    '<object data="x.swf"></object><embed src="x.swf">',
    '<form action="https://evil.example/"><input name="p"></form>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  ])('removes everything active from %s', (payload) => {
    const out = sanitizeReaderHtml(payload);
    expect(out).not.toMatch(
      /<script|onerror|onclick|javascript:|<iframe|<svg|<object|<embed|<form|<style|style=|<base|<meta|data:/i,
    );
  });

  it('keeps article structure, http(s) pictures and links', () => {
    expect(
      sanitizeReaderHtml(
        '<h2>Title</h2><p>Some <em>text</em> <a href="https://example.com/x">link</a></p><img src="https://example.com/a.png" alt="A">',
      ),
    ).toBe(
      '<h2>Title</h2><p>Some <em>text</em> <a href="https://example.com/x" rel="noopener noreferrer nofollow">link</a></p><img src="https://example.com/a.png" alt="A" />',
    );
  });

  it('drops a picture without an http(s) address entirely', () => {
    expect(sanitizeReaderHtml('<p>a<img src="file:///etc/passwd" alt="x">b</p>')).toBe('<p>ab</p>');
  });
});

describe('htmlToText', () => {
  it('keeps paragraphs apart and decodes entities', () => {
    expect(htmlToText('<p>one&amp;two</p><p>three<br>four</p>')).toBe('one&two\nthree\nfour');
  });
});
