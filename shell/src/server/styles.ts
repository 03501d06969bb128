/**
 * A server-rendered page's stylesheets, written into its head. Linked, they were the page's
 * render-blocking requests (the shell's four and each header and page slot's from its remote's
 * origin, three origins in all), and a phone painted nothing, the LCP image included, until the
 * last came in. Inline, the page paints with its HTML.
 *
 * Each stylesheet is also linked with `media="not all"`: such a link neither applies nor blocks
 * rendering, but the chunk loaders (rspack's CSS chunks, the federation runtime's remote assets)
 * find a stylesheet link with the file's href and take the file as loaded, instead of adding a
 * second copy that would come in after the page's own rules and change their order.
 *
 * Texts are read once (the files are content-hashed: a redeployed remote's are new files); one
 * that cannot be read in time is linked as before. The page's CSP allows the inline blocks by
 * their hashes, so a page served to several readers carries no per-request nonce.
 */
import { createHash } from 'node:crypto';

export interface PageStyles {
  /** The head's markup: inline blocks and their marker links (or plain links). */
  html: string;
  /** The CSP sources of the inline blocks ('sha256-...'). */
  hashes: string[];
}

export interface StyleInlinerOptions {
  /** The text of one of the shell's own stylesheets, by its root-relative href. */
  readOwn?: (href: string) => string | Promise<string>;
  /** How long a remote's stylesheet may take to fetch before the page links it instead (ms). */
  fetchBudgetMs?: number;
}

const FETCH_BUDGET_MS = 1_000;
const MAX_CACHED = 500;
const OWN_BASE = 'http://shell.invalid';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The stylesheet's text as it reads inline: its url()s made absolute (a remote's) or
 * root-relative (the shell's), as the page's address would otherwise resolve them; its source
 * map comment dropped (relative to the file).
 */
export function inlineText(css: string, href: string): string {
  const own = !/^https?:\/\//.test(href);
  const base = new URL(href, OWN_BASE);
  return css
    .replace(/\/\*# sourceMappingURL=[^*]*\*\//g, '')
    .replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/g, (whole, quote: string, ref: string) => {
      if (ref === '' || ref.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//')) return whole;
      const resolved = new URL(ref, base);
      const target = own ? resolved.pathname + resolved.search + resolved.hash : resolved.toString();
      return `url(${quote}${target}${quote})`;
    })
    .trim();
}

export function createStyleInliner({ readOwn, fetchBudgetMs = FETCH_BUDGET_MS }: StyleInlinerOptions = {}) {
  const texts = new Map<string, Promise<string | null>>();

  async function load(href: string): Promise<string> {
    if (/^https?:\/\//.test(href)) {
      const response = await fetch(href, { signal: AbortSignal.timeout(fetchBudgetMs) });
      if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
      return response.text();
    }
    if (!readOwn) throw new Error(`no reader for ${href}`);
    return readOwn(href);
  }

  function textOf(href: string): Promise<string | null> {
    let text = texts.get(href);
    if (text) return text;
    if (texts.size >= MAX_CACHED) texts.clear();
    text = load(href).then(
      (css) => {
        const inline = inlineText(css, href);
        // Text that would end the <style> element early is linked instead.
        return /<\/style/i.test(inline) ? null : inline;
      },
      (error: unknown) => {
        console.warn('[ssr] stylesheet linked, not inline:', error instanceof Error ? error.message : error);
        texts.delete(href);
        return null;
      },
    );
    texts.set(href, text);
    return text;
  }

  /** The page's stylesheets in their order, inline where their text could be read. */
  return async function pageStyles(hrefs: string[]): Promise<PageStyles> {
    const found = await Promise.all(hrefs.map(textOf));
    const written = new Set<string>();
    const hashes: string[] = [];
    let html = '';
    hrefs.forEach((href, index) => {
      const text = found[index];
      const attribute = escapeAttribute(href);
      if (text === null || text === undefined) {
        html += `<link rel="stylesheet" href="${attribute}">`;
        return;
      }
      // Two chunks can carry the same rules: the page gets them once.
      if (!written.has(text)) {
        written.add(text);
        html += `<style>${text}</style>`;
        hashes.push(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
      }
      html += `<link rel="stylesheet" href="${attribute}" media="not all">`;
    });
    return { html, hashes };
  };
}
