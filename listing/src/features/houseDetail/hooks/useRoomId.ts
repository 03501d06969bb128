import { useParams } from 'react-router-dom';

/** The listing id of a /house/:id path, or null when it is not a positive whole number. */
export function parseRoomId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9]\d{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

export function useRoomId(): number | null {
  return parseRoomId(useParams().id);
}
