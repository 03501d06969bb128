import { CircleUserRound } from 'lucide-react';
import { useRuntimeConfig, resolveImageUrl } from 'shared/config';
import { DEFAULT_HOST_NAME } from 'shared/rules';
import styles from './HostBlock.module.css';

export function hostNameOf(hostName: string | null): string {
  return hostName?.trim() || DEFAULT_HOST_NAME;
}

export function HostAvatar({ image, size }: { image: string | null; size: number }) {
  const config = useRuntimeConfig();
  if (!image) return <CircleUserRound size={size} aria-hidden className={styles.placeholder} />;
  return (
    <img
      className={styles.avatar}
      src={resolveImageUrl(config, image)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}

/** 'Hosted by {name}' and how long they have hosted ('6 years hosting') when known, beside the host's photo. */
export function HostBlock({
  hostName,
  hostImage,
  hostingText,
}: {
  hostName: string | null;
  hostImage: string | null;
  hostingText: string | null;
}) {
  return (
    <section className={styles.block} aria-label="Host">
      <HostAvatar image={hostImage} size={40} />
      <div>
        <p className={styles.name}>Hosted by {hostNameOf(hostName)}</p>
        {hostingText && <p className={styles.years}>{hostingText}</p>}
      </div>
    </section>
  );
}
