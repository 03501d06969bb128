/** Where the server puts the links React hoists: first in the page's head (see ssr.tsx). */

/**
 * React writes the resources it hoists (the preload of an `<img fetchpriority="high">`: the
 * page's LCP image) first in its markup, so inside #root, after the head's stylesheets. Moved to
 * the top of <head>, the image is asked for as soon as the head is read, alongside the
 * stylesheets, not after them. (Hydration skips such links in the root, so moving them changes
 * nothing for React.) Measured in bytes (latin1 is one character per byte): a chunk of the
 * stream is split there.
 */
export function leadingLinksLength(markup: Buffer): number {
  return (/^(?:<link [^<>]*>)*/.exec(markup.toString('latin1'))?.[0] ?? '').length;
}

/**
 * The head with `links` right after its viewport meta (or its charset when it has none), before
 * the stylesheets. Not before the viewport: a responsive preload's `imagesizes` is resolved
 * against the layout viewport when the link is read, and before that meta a phone's is 980 px
 * wide, so a 100vw preload fetched the 1200w file while the <img> then took the 800w one.
 */
export function withHeadLinks(head: string, links: string): string {
  if (links === '') return head;
  const before = /<meta name="viewport"[^>]*>/i.exec(head) ?? /<meta charset[^>]*>/i.exec(head);
  const at = before ? before.index + before[0].length : head.indexOf('<head>') + '<head>'.length;
  return head.slice(0, at) + links + head.slice(at);
}
