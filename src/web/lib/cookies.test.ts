import { describe, expect, it } from 'vitest';
import { COOKIE_DAYS_LONG } from '../../shared/limits.ts';
import { cookieAssignment, parseCookie } from './cookies.ts';

describe('cookies', () => {
  it('finds one cookie by its exact name', () => {
    const jar = 'expand=false; count=48;sort=title; xcount=96';
    expect(parseCookie(jar, 'expand')).toBe('false');
    expect(parseCookie(jar, 'count')).toBe('48');
    expect(parseCookie(jar, 'sort')).toBe('title');
    expect(parseCookie(jar, 'missing')).toBeUndefined();
    expect(parseCookie('', 'count')).toBeUndefined();
  });

  it('decodes values, and keeps a value that is not valid percent-encoding', () => {
    expect(parseCookie('q=%23design%20web', 'q')).toBe('#design web');
    expect(parseCookie('q=100%', 'q')).toBe('100%');
  });

  it('writes a site-wide cookie that lasts 1095 days', () => {
    expect(cookieAssignment('count', '48', COOKIE_DAYS_LONG)).toBe(
      'count=48; max-age=94608000; path=/; samesite=lax',
    );
  });
});
