/**
 * A listing photo's upload to Storage, as supabase-js's storage.from('listing-photos').upload
 * sends it (multipart, the user's Bearer token and the anon key), through XMLHttpRequest so that
 * the page can show its progress. The file is checked here for the host's sake (type and size);
 * Storage checks again (the local backend from the bytes) and keeps the original, whose path
 * "Rooms".images holds; the widths pages show are rendered from it (shared/ui's photoUrl).
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/** Why a file cannot be a listing photo, or null. */
export function photoProblem(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return `${file.name} is not a JPEG, PNG, WebP or AVIF image.`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name} is larger than 10 MB.`;
  return null;
}

export interface UploadTarget {
  supabaseUrl: string;
  anonKey: string;
  userId: string;
  accessToken: string;
}

/** Uploads `file`, reporting progress from 0 to 1; resolves to the photo's path for "Rooms".images. */
export function uploadPhoto(file: File, target: UploadTarget, onProgress: (fraction: number) => void): Promise<string> {
  const name = crypto.randomUUID().replaceAll('-', '');
  const objectPath = `hosts/${target.userId}/${name}`;
  const body = new FormData();
  body.append('cacheControl', '3600');
  body.append('', file);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', new URL(`/storage/v1/object/listing-photos/${objectPath}`, target.supabaseUrl).toString());
    xhr.setRequestHeader('Authorization', `Bearer ${target.accessToken}`);
    xhr.setRequestHeader('apikey', target.anonKey);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        onProgress(1);
        resolve(`/storage/v1/object/public/listing-photos/${objectPath}`);
        return;
      }
      let message = `Upload failed (${xhr.status}).`;
      try {
        message = (JSON.parse(xhr.responseText) as { message?: string }).message ?? message;
      } catch {
        // not JSON: keep the status
      }
      reject(new Error(message));
    };
    xhr.onerror = () => reject(new Error('The upload could not reach the server.'));
    xhr.send(body);
  });
}
