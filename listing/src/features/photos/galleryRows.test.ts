import { GALLERY_ROW_PATTERN, galleryRows } from './galleryRows';

describe('galleryRows', () => {
  it('puts the photos two to a row, a lone last photo on its own', () => {
    expect(galleryRows(5).map((row) => row.indexes)).toEqual([[0, 1], [2, 3], [4]]);
  });

  it('repeats the eight-row pattern', () => {
    const rows = galleryRows(40);
    expect(rows).toHaveLength(20);
    expect(rows.slice(8, 16).map((row) => row.shape)).toEqual(GALLERY_ROW_PATTERN);
    expect(rows[16]!.shape).toBe(GALLERY_ROW_PATTERN[0]);
  });
});
