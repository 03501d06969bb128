/** A trip's page: /trips/<reservation code>. */
export function tripPath(code: string): string {
  return `/trips/${encodeURIComponent(code)}`;
}
