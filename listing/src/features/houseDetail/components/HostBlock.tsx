import { CircleUserRound } from 'lucide-react';
import { useRuntimeConfig, resolveImageUrl } from 'shared/config';
import { DEFAULT_HOST_NAME, YEARS_HOSTING_TEXT } from 'shared/rules';
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

/** 'Hosted by {name}' and '6 years hosting', beside the host's photo. */
export function HostBlock({ hostName, hostImage }: { hostName: string | null; hostImage: string | null }) {
  return (
    <section className={styles.block} aria-label="Host">
      <HostAvatar image={hostImage} size={40} />
      <div>
        <p className={styles.name}>Hosted by {hostNameOf(hostName)}</p>
        <p className={styles.years}>{YEARS_HOSTING_TEXT}</p>
      </div>
    </section>
  );
}
