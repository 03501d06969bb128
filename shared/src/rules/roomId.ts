/**
 * The room id in a listing (/house/:id) or booking (/:id/book) path: a positive whole number
 * that is a safe integer, written without sign, leading zeros, decimals or exponent.
 */
export function parseRoomId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
