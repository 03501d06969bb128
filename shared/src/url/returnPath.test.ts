import { describe, expect, it } from 'vitest';
import { loginPathReturningTo, returnPathOf, safeReturnPath } from './returnPath';

describe('the return path after sign-in', () => {
  it.each([
    ['/12/book?checkin=2026-12-12&checkout=2026-12-15&adults=2', '/12/book?checkin=2026-12-12&checkout=2026-12-15&adults=2'],
    ['/house/4?adults=2#reviews', '/house/4?adults=2#reviews'],
    ['/home', '/home'],
  ])('follows a path of this site: %s', (value, path) => {
    expect(safeReturnPath(value)).toBe(path);
  });

  it.each([
    ['missing', null],
    ['empty', ''],
    ['another origin', 'https://evil.example/home'],
    ['a protocol-relative address', '//evil.example/home'],
    ['a backslash trick', '/\\evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path without its slash', 'home'],
    ['a tab inside', '/ho\tme'],
    ['/login itself', '/login?next=/home'],
    ['a huge value', `/home?where=${'a'.repeat(3000)}`],
  ])('ignores %s', (_name, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('/login carries the page to return to, and reads it back', () => {
    const login = loginPathReturningTo('/12/book?checkin=2026-12-12&adults=2');
    expect(login).toBe('/login?next=%2F12%2Fbook%3Fcheckin%3D2026-12-12%26adults%3D2');
    expect(returnPathOf(login.slice('/login'.length))).toBe('/12/book?checkin=2026-12-12&adults=2');
  });

  it('/login reached on its own has nowhere to return to', () => {
    expect(returnPathOf('')).toBeNull();
    expect(loginPathReturningTo('https://evil.example')).toBe('/login');
  });
});
