import { parseRoomId } from './roomId';

describe('parseRoomId', () => {
  it.each([
    ['42', 42],
    ['9007199254740991', 9007199254740991],
    ['9007199254740992', null],
    ['0', null],
    ['042', null],
    ['-3', null],
    ['4.5', null],
    ['1e3', null],
    ['abc', null],
    ['', null],
    [undefined, null],
  ])('%s gives %s', (raw, id) => {
    expect(parseRoomId(raw)).toBe(id);
  });
});
