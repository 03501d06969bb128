// @vitest-environment node
import { leadingLinksLength, withHeadLinks } from './headLinks';

const preload = '<link rel="preload" as="image" imageSrcSet="/a-400.webp 400w, /a-800.webp 800w" fetchPriority="high"/>';

describe('leadingLinksLength', () => {
  it('is the byte length of the links React writes before the markup', () => {
    const markup = Buffer.from(`${preload}<div class="page">Zürich</div>`);
    expect(markup.subarray(0, leadingLinksLength(markup)).toString()).toBe(preload);
  });

  it('is 0 when the markup starts with an element', () => {
    expect(leadingLinksLength(Buffer.from('<div><link rel="preload" as="image" href="/a.webp"/></div>'))).toBe(0);
  });

  it('counts bytes, not characters, in a link with a non-ASCII address', () => {
    const link = '<link rel="preload" as="image" href="/São-Paulo.webp"/>';
    const markup = Buffer.from(`${link}<p>x</p>`);
    expect(markup.subarray(0, leadingLinksLength(markup)).toString()).toBe(link);
  });
});

describe('withHeadLinks', () => {
  const head = '<!doctype html><html><head><meta charset="utf-8"><title>Homestory</title><link rel="stylesheet" href="/a.css"></head><body>';

  it('puts the links right after the charset, before the stylesheets', () => {
    expect(withHeadLinks(head, preload)).toBe(
      `<!doctype html><html><head><meta charset="utf-8">${preload}<title>Homestory</title><link rel="stylesheet" href="/a.css"></head><body>`,
    );
  });

  it('puts them after the viewport meta, which their imagesizes are resolved against', () => {
    const withViewport = head.replace('<title>', '<meta name="viewport" content="width=device-width,initial-scale=1"><title>');
    expect(withHeadLinks(withViewport, preload)).toBe(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${preload}<title>Homestory</title><link rel="stylesheet" href="/a.css"></head><body>`,
    );
  });

  it('leaves the head as it is when there are none', () => {
    expect(withHeadLinks(head, '')).toBe(head);
  });
});
