import { LayoutGrid } from 'lucide-react';
import { COVER_SIZES, Photo } from './Photo';
import { photoAlt } from '../photoAlt';
import styles from './PhotoGrid.module.css';

export interface PhotoGridProps {
  title: string;
  images: readonly string[];
  /** Opens the full-screen gallery, scrolled to the photo at `index`. */
  onOpenGallery: (index: number) => void;
}

/** Wide screens: the cover photo and four more in a grid, with 'Show all photos'. */
export function PhotoGrid({ title, images, onOpenGallery }: PhotoGridProps) {
  const shown = images.slice(0, 5);
  return (
    <div className={styles.wrap}>
      <div className={shown.length === 5 ? styles.grid : styles.single}>
        {shown.map((path, index) =>
          shown.length < 5 && index > 0 ? null : (
            // The photos open the gallery for pointer users; keyboard users have the button below.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
            <div key={`${path}-${index}`} className={styles.cell} onClick={() => onOpenGallery(index)}>
              <Photo
                path={path}
                alt={photoAlt(title, index, images.length)}
                sizes={index === 0 ? COVER_SIZES : '(max-width: 1440px) 25vw, 360px'}
                priority={index === 0}
                className={styles.photo}
              />
            </div>
          ),
        )}
      </div>
      <button type="button" className={styles.showAll} onClick={() => onOpenGallery(0)}>
        <LayoutGrid size={16} aria-hidden />
        Show all photos
      </button>
    </div>
  );
}
