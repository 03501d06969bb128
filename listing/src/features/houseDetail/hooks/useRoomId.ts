import { useParams } from 'shared/router';
import { parseRoomId } from 'shared/rules';

/** The listing id of a /house/:id path, or null when it is not a valid room id. */
export function useRoomId(): number | null {
  return parseRoomId(useParams().id);
}
