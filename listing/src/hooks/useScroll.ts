import { useEffect, useState } from 'react';

/** Whether the page is scrolled further down than `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  // Not scrolled at first (what a server renders); the effect reads the real offset.
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

/** Scrolls a section into view, smoothly unless the user asked for reduced motion. */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
}
