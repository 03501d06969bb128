// delete-listing: a host deletes a draft of theirs, and its photos leave Storage with it.
//
// Everything is done as the caller (their token), so the database and Storage decide what they
// may touch, as for any of their requests:
//   1. delete_listing (SQL) deletes the place under its row lock, only the caller's own draft
//      with no trip paid for, and answers the photo paths it showed that none of the host's other
//      places still shows;
//   2. those photos are removed from Storage (each original, and what was rendered of it), which allows a host their own photos
//      only, and only photos no place shows.
// A failure at 2 leaves the place deleted and some photos behind in the host's own folder, and
// says so (photosLeft); nothing else can reach them, and the place is gone either way.
//
// Body: { roomId }
// Answer: { deleted: roomId, photosRemoved, photosLeft }
import { requiredEnv } from '../_shared/env.ts';
import { jsonResponse, postHandler, readJsonObject, Refusal, serveOnDeno } from '../_shared/http.ts';
import { callerRest, requireUser, RestCallError, type Caller } from '../_shared/supabase.ts';

const BUCKET = 'listing-photos';
/** A host photo's "Rooms".images path -> its object name: an original, or a -800.webp of before originals. */
const PHOTO_PATH = new RegExp(`^/storage/v1/object/public/${BUCKET}/(hosts/[0-9a-f-]{36}/[0-9a-f]{32})(?:-800\\.webp)?$`);

const notFound = () => new Refusal(404, 'listing_not_found', 'No such place of yours.');

/** Step 1: the place deleted, or the refusal the database gave. */
async function deleteListing(caller: Caller, roomId: number): Promise<string[]> {
  try {
    return await callerRest<string[]>(caller, 'rpc/delete_listing', { method: 'POST', body: { p_room_id: roomId } });
  } catch (error) {
    if (error instanceof RestCallError) {
      if (error.error.code === '42501') throw notFound();
      if (error.error.hint === 'published') {
        throw new Refusal(409, 'listing_published', 'A published place cannot be deleted. Unpublish it first.');
      }
      if (error.error.hint === 'has_bookings') {
        throw new Refusal(409, 'listing_booked', 'A place travellers have booked cannot be deleted.');
      }
    }
    throw error;
  }
}

/** Step 2: the photos removed from Storage as the caller; how many were. */
async function removePhotos(caller: Caller, paths: string[]): Promise<number> {
  const names = paths.map((p) => PHOTO_PATH.exec(p)?.[1]).filter((n): n is string => n !== undefined);
  if (names.length === 0) return 0;
  const response = await fetch(`${requiredEnv('SUPABASE_URL')}/storage/v1/object/${BUCKET}`, {
    method: 'DELETE',
    headers: { apikey: requiredEnv('SUPABASE_ANON_KEY'), Authorization: caller.authorization, 'Content-Type': 'application/json' },
    body: JSON.stringify({ prefixes: names }),
  });
  if (!response.ok) throw new Error(`storage answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as unknown[]).length;
}

const handler = postHandler(async (req) => {
  const caller = await requireUser(req);
  const { roomId } = await readJsonObject(req);
  if (typeof roomId !== 'number' || !Number.isSafeInteger(roomId) || roomId <= 0) {
    throw new Refusal(400, 'invalid_listing', 'roomId must name a place.');
  }
  const paths = await deleteListing(caller, roomId);
  let photosRemoved = 0;
  try {
    photosRemoved = await removePhotos(caller, paths);
  } catch (error) {
    console.error(`delete-listing: the photos of place ${roomId} were not removed`, error);
  }
  return jsonResponse({ deleted: roomId, photosRemoved, photosLeft: paths.length - photosRemoved });
});

export default handler;
serveOnDeno(handler);
