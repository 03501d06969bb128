/** The alt text of a listing photo: the listing's title and the photo's place in the set. */
export function photoAlt(title: string, index: number, count: number): string {
  return `${title}, photo ${index + 1} of ${count}`;
}
