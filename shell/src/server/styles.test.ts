// @vitest-environment node
import { createHash } from 'node:crypto';
import { createStyleInliner, inlineText } from './styles';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineText', () => {
  it("makes a remote stylesheet's urls absolute, as its own address resolved them", () => {
    const css = '@font-face{src:url(/assets/a.woff2)format("woff2")}.x{background:url("img/b.png")}';
    expect(inlineText(css, 'http://localhost:3501/__federation_expose_Home.1.css')).toBe(
      '@font-face{src:url(http://localhost:3501/assets/a.woff2)format("woff2")}.x{background:url("http://localhost:3501/img/b.png")}',
    );
  });

  it("makes the shell's own urls root-relative, so a page at /house/1 finds them too", () => {
    expect(inlineText(".x{background:url('assets/b.png')}", '/530.1.css')).toBe(".x{background:url('/assets/b.png')}");
  });

  it('keeps data urls and fragments, and drops the source map comment', () => {
    const css = '.x{background:url(data:image/svg+xml;utf8,a)}.y{mask:url(#m)}\n/*# sourceMappingURL=530.1.css.map*/';
    expect(inlineText(css, '/530.1.css')).toBe('.x{background:url(data:image/svg+xml;utf8,a)}.y{mask:url(#m)}');
  });
});

describe('pageStyles', () => {
  const files: Record<string, string> = { '/a.css': '.a{color:red}', '/b.css': '.a{color:red}', '/c.css': '.c{color:blue}' };
  const readOwn = (href: string) => {
    const text = files[href];
    if (text === undefined) throw new Error(`no ${href}`);
    return text;
  };

  it('writes each stylesheet inline in order, the same rules once, each with its marker link', async () => {
    const styles = await createStyleInliner({ readOwn })(['/a.css', '/b.css', '/c.css']);
    expect(styles.html).toBe(
      '<style>.a{color:red}</style><link rel="stylesheet" href="/a.css" media="not all">' +
        '<link rel="stylesheet" href="/b.css" media="not all">' +
        '<style>.c{color:blue}</style><link rel="stylesheet" href="/c.css" media="not all">',
    );
    expect(styles.hashes).toEqual([sha('.a{color:red}'), sha('.c{color:blue}')]);
  });

  it('links a stylesheet it cannot read, and reads it again next time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const pageStyles = createStyleInliner({ readOwn });
    expect(await pageStyles(['/d.css', '/c.css'])).toEqual({
      html: '<link rel="stylesheet" href="/d.css"><style>.c{color:blue}</style><link rel="stylesheet" href="/c.css" media="not all">',
      hashes: [sha('.c{color:blue}')],
    });
    files['/d.css'] = '.d{}';
    expect((await pageStyles(['/d.css'])).html).toBe('<style>.d{}</style><link rel="stylesheet" href="/d.css" media="not all">');
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('links a stylesheet whose text would close the style element', async () => {
    files['/e.css'] = '.e::after{content:"</style>"}';
    expect((await createStyleInliner({ readOwn })(['/e.css'])).html).toBe('<link rel="stylesheet" href="/e.css">');
  });
});
