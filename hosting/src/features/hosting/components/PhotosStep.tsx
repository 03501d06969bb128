/**
 * The photos step: files chosen (or dropped) are checked (type, size), uploaded one by one with
 * their progress shown, and appended; photos can be moved earlier or later (the first is the
 * cover) and removed. The list is saved with the step.
 */
import { useRef, useState } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, X } from 'lucide-react';
import { useRuntimeConfig } from 'shared/config';
import { photoUrl } from 'shared/ui';
import { useUploadCredentialsMutation } from '../api/hostingApi';
import { LIMITS } from '../listingDraft';
import { PHOTO_TYPES, photoProblem, uploadPhoto } from '../photoUpload';
import styles from './Hosting.module.css';

interface Upload {
  name: string;
  progress: number;
}

export function PhotosStep({ images, onChange }: { images: string[]; onChange: (images: string[]) => void }) {
  const config = useRuntimeConfig();
  const [credentials] = useUploadCredentialsMutation();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  // The list as it grows while several files upload (the prop lags one render behind).
  const latest = useRef(images);
  latest.current = images;

  async function add(files: File[]) {
    const room = LIMITS.photos - latest.current.length;
    const found = files.map(photoProblem).filter((p): p is string => p !== null);
    const good = files.filter((file) => photoProblem(file) === null).slice(0, Math.max(0, room));
    if (files.length - found.length > room) found.push(`A place has at most ${LIMITS.photos} photos.`);
    setProblems(found);
    if (good.length === 0) return;
    const who = await credentials();
    if ('error' in who) {
      setProblems(['Sign in again to upload photos.']);
      return;
    }
    for (const file of good) {
      setUploads((current) => [...current, { name: file.name, progress: 0 }]);
      try {
        const path = await uploadPhoto(
          file,
          { supabaseUrl: config.supabaseUrl, anonKey: config.supabaseAnonKey, ...who.data },
          (progress) => setUploads((current) => current.map((u) => (u.name === file.name ? { ...u, progress } : u))),
        );
        latest.current = [...latest.current, path];
        onChange(latest.current);
      } catch (error) {
        setProblems((current) => [...current, `${file.name}: ${(error as Error).message}`]);
      } finally {
        setUploads((current) => current.filter((u) => u.name !== file.name));
      }
    }
  }

  const move = (index: number, by: -1 | 1) => {
    const next = [...images];
    const [photo] = next.splice(index, 1);
    next.splice(index + by, 0, photo!);
    onChange(next);
  };

  return (
    <div className={styles.fields}>
      <div
        className={styles.drop}
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => {
          event.preventDefault();
          void add([...event.dataTransfer.files]);
        }}
      >
        <ImagePlus size={32} aria-hidden="true" />
        <p>Drag your photos here, or</p>
        <button type="button" className={styles.secondary} onClick={() => input.current?.click()}>
          Choose photos
        </button>
        <input
          ref={input}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          multiple
          hidden
          aria-label="Photos"
          onChange={(event) => {
            void add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
        />
        <small className={styles.hint}>JPEG, PNG, WebP or AVIF, up to 10 MB each, at most {LIMITS.photos}.</small>
      </div>
      {problems.length > 0 && (
        <ul className={styles.error} role="alert">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {uploads.map((upload) => (
        <div key={upload.name} className={styles.upload}>
          <span>{upload.name}</span>
          <progress max={1} value={upload.progress} aria-label={`Uploading ${upload.name}`} />
        </div>
      ))}
      <ol className={styles.photos} aria-label="Your photos">
        {images.map((path, index) => (
          <li key={path} className={styles.photo}>
            <img src={photoUrl(config, path, 400)} alt={`${index + 1} of ${images.length}`} width={400} height={267} />
            {index === 0 && <span className={styles.cover}>Cover</span>}
            <div className={styles.photoActions}>
              <button type="button" aria-label={`Move photo ${index + 1} earlier`} disabled={index === 0} onClick={() => move(index, -1)}>
                <ArrowLeft size={16} aria-hidden="true" />
              </button>
              <button
                type="button"
                aria-label={`Move photo ${index + 1} later`}
                disabled={index === images.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowRight size={16} aria-hidden="true" />
              </button>
              <button type="button" aria-label={`Remove photo ${index + 1}`} onClick={() => onChange(images.filter((p) => p !== path))}>
                <X size={16} aria-hidden="true" />
              </button>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
