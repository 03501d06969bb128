import { useEffect } from 'react';

const SITE_NAME = 'Homestory';

/** Sets the page's title and meta description while the component is shown, then restores them. */
export function useDocumentMeta(title: string, description: string): void {
  useEffect(() => {
    const previousTitle = document.title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = meta === null;
    if (meta === null) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previousDescription = meta.content;
    document.title = `${title} · ${SITE_NAME}`;
    meta.content = description;
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}

/** A meta description from a listing's own text: its first sentences, within 160 characters. */
export function listingDescription(parts: { title: string; city: string; country: string; description: string }): string {
  const place = [parts.city, parts.country].filter(Boolean).join(', ');
  const lead = place ? `${parts.title} in ${place}.` : `${parts.title}.`;
  const text = `${lead} ${parts.description.replace(/\s+/g, ' ').trim()}`.trim();
  return text.length <= 160 ? text : `${text.slice(0, 157).replace(/\s+\S*$/, '')}…`;
}
