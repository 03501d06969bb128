/** A grey placeholder block with a soft shimmer, sized by its caller, hidden from assistive tech. */
import type { CSSProperties } from 'react';
import styles from './Skeleton.module.css';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** 'circle' for round icons, 'text' for a line of text, 'block' for images. */
  shape?: 'block' | 'text' | 'circle';
  className?: string;
  style?: CSSProperties;
}

export function Skeleton({ width, height, shape = 'block', className, style }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, styles[shape], className].filter(Boolean).join(' ')}
      style={{ width, height, ...style }}
    />
  );
}
