/**
 * The full-screen gallery lays the photos out in rows of two, in a pattern of eight rows that
 * repeats: each row's shape says how the two photos share its width.
 */
export type GalleryRowShape = 'even' | 'wideFirst' | 'wideSecond';

export const GALLERY_ROW_PATTERN: readonly GalleryRowShape[] = [
  'even',
  'wideFirst',
  'even',
  'wideSecond',
  'wideFirst',
  'even',
  'wideSecond',
  'even',
];

export interface GalleryRow {
  shape: GalleryRowShape;
  /** Indexes into the photo list (one for a lone last photo). */
  indexes: number[];
}

export function galleryRows(photoCount: number): GalleryRow[] {
  const rows: GalleryRow[] = [];
  for (let first = 0; first < photoCount; first += 2) {
    const indexes = first + 1 < photoCount ? [first, first + 1] : [first];
    rows.push({ shape: GALLERY_ROW_PATTERN[rows.length % GALLERY_ROW_PATTERN.length]!, indexes });
  }
  return rows;
}
