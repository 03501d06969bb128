import { roomIdOf } from './prefetchRoom';

describe('roomIdOf', () => {
  it.each([
    ['/house/42', 42],
    ['/42/book', 42],
    ['/house/0', null],
    ['/house/abc', null],
    ['/house/4.5', null],
    ['/abc/book', null],
    ['/home', null],
    ['/', null],
  ])('%s gives %s', (pathname, id) => {
    expect(roomIdOf(pathname)).toBe(id);
  });
});
