import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanUrlAttributes } from './htmlScan';
import { firstUrlRewrite, resolveHtmlUrls, resolveHtmlUrlsFull, tokenizeUrlAttributes } from './htmlUrls';

const BASE = 'https://ex.example/dir/page';
// Raise locally (FC_RUNS=200000) after touching the scan.
const RUNS = Number(process.env.FC_RUNS ?? 3000);

// Pieces that exercise every tokenizer state the scan mirrors or must give up on.
const urls = [
  'x',
  '/y',
  '#f',
  '',
  ' ',
  'https://a.example/',
  'https://a.example',
  'HTTPS://A.example/p q',
  'a.png 1x, /b.png 2x',
  'https://a.example/a.png 1x, https://a.example/b.png 2x',
  'x&amp;y',
  'https://a.example/?a=1&amp;b=2',
  "https://a.example/x'/href=rel/y",
  'https://a.example/x"/href=rel',
  'mailto:a@b.example',
  'java\nscript:x',
  // Whitespace to JavaScript but not to HTML: unquoted values run through it.
  'https://a.example/\u00a0z',
  'https://a.example/\vz',
];
const attrNames = [
  'href',
  'HREF',
  'Src',
  'srcset',
  'poster',
  'title',
  'data-href',
  'xhref',
  '=x',
  'srcsets',
  '"q',
  'a<b',
];
const separators = ['=', ' = ', '=\n', '\t=', ' ', '', '/', '/='];
const attr = fc
  .tuple(
    fc.constantFrom(...attrNames),
    fc.constantFrom(...separators),
    fc.constantFrom(...urls),
    fc.constantFrom('"', "'", '', 'open"', "open'"),
  )
  .map(([name, sep, url, quote]) =>
    quote.startsWith('open') ? `${name}${sep}${quote.slice(4)}${url}` : `${name}${sep}${quote}${url}${quote}`,
  );
const tagNames = [
  'a',
  'img',
  'A',
  'IMG',
  'p',
  'script',
  'SCRIPT',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
  'scripts',
  's',
  'b=1',
  'x"y',
];
const startTag = fc
  .tuple(
    fc.constantFrom(...tagNames),
    fc.array(fc.tuple(fc.constantFrom(' ', '\n', '/', '', ' / '), attr), { maxLength: 4 }),
    fc.constantFrom('>', '/>', ' >', '', '/ >'),
  )
  .map(([name, attrs, end]) => `<${name}${attrs.map(([sep, a]) => sep + a).join('')}${end}`);
const other = fc.constantFrom(
  '</a>',
  '</script>',
  '</SCRIPT >',
  '</style/>',
  '</title x="<a href=y>">',
  '</ x>',
  '</>',
  '</script',
  '<!-- <a href="c"> -->',
  '<!--->',
  '<!--',
  '<!--!>',
  '--!>',
  '-->',
  '<?pi href=q ?>',
  '<![CDATA[<a href=d>]]>',
  '<!doctype html>',
  '\x1c/script>',
  '\x0f',
  '<<',
  '< a href=t>',
  '<1 href=u>',
  'text ',
  ' href="v" ',
  '&amp;',
  '>',
  '"',
  "'",
  '\n',
);
const html = fc
  .array(fc.oneof(startTag, other, fc.string({ maxLength: 6 })), { maxLength: 12 })
  .map((parts) => parts.join(''));
// Unstructured noise from the characters that matter.
const noise = fc
  .array(
    fc.constantFrom(
      '<',
      '>',
      'a',
      'href',
      'src',
      'script',
      '/',
      '=',
      '"',
      "'",
      ' ',
      '\n',
      '!',
      '-',
      'x',
      'https://a.example/',
    ),
    {
      maxLength: 40,
    },
  )
  .map((parts) => parts.join(''));
// Only what the scan handles, so most samples reach its attribute rules.
const tagsOnly = fc
  .array(
    fc.oneof(startTag, fc.constantFrom('</a>', '</script>', '</TITLE >', 'text ', '<<', '< a', '>', '"')),
    {
      maxLength: 8,
    },
  )
  .map((parts) => parts.join(''));
const anyHtml = fc.oneof(html, noise, tagsOnly);

describe('scanUrlAttributes', () => {
  it('finds exactly the values the tokenizer reports, or gives up', () => {
    fc.assert(
      fc.property(anyHtml, (h) => {
        const spans = scanUrlAttributes(h);
        if (spans !== null) expect(spans).toEqual(tokenizeUrlAttributes(h));
      }),
      { numRuns: RUNS },
    );
  });

  it('covers plain tags, comments and raw-text elements, and leaves broken tags to the tokenizer', () => {
    const h = `<p><a href=x>a</a><script>var s = '<img src="no">';</script><img SRC='i.png'></p>`;
    expect(scanUrlAttributes(h)).toEqual(tokenizeUrlAttributes(h));
    expect(scanUrlAttributes(h)?.map((s) => h.slice(s.start, s.end))).toEqual(['x', 'i.png']);
    for (const c of [
      '<p>x<!-- c --><a href=x></p>',
      '<!-- <a href="c"> --><a href="d">d</a>',
      '<!--><a href=e>',
      '<!---><a href=f>',
      '<!-- a --!> <a href=g>',
      '<!-- a ---> <a href=h> -->',
      '<!-- a --!-- --> <a href=i>',
      '<!--!> <a href=j> --> <a href=k>',
      '<!---!> <a href=l> --> <a href=m>',
    ]) {
      expect(scanUrlAttributes(c)).toEqual(tokenizeUrlAttributes(c));
      expect(scanUrlAttributes(c)).not.toBeNull();
    }
    expect(scanUrlAttributes('<!-- open <a href=x>')).toBeNull();
    expect(scanUrlAttributes('<!doctype html><a href=x>')).toBeNull();
    expect(scanUrlAttributes('<a href="x')).toBeNull();
    expect(scanUrlAttributes('<a href=x')).toBeNull();
    expect(scanUrlAttributes('</ p><a href=x>')).toBeNull();
  });
});

describe('resolveHtmlUrls fast paths', () => {
  it('gives the tokenizer pass its exact output on generated HTML', () => {
    fc.assert(
      fc.property(anyHtml, fc.constantFrom(BASE, 'https://other.example/', ''), (h, base) => {
        expect(resolveHtmlUrls(h, base)).toBe(resolveHtmlUrlsFull(h, base));
      }),
      { numRuns: RUNS },
    );
  });

  it('when the pre-scan sees nothing to change, the tokenizer pass changes nothing either', () => {
    fc.assert(
      fc.property(anyHtml, (h) => {
        if (firstUrlRewrite(h, BASE) < 0) expect(resolveHtmlUrlsFull(h, BASE)).toBe(h);
      }),
      { numRuns: RUNS },
    );
  });

  it('skips HTML whose URLs are all absolute and canonical, and still rewrites the rest', () => {
    const absolute = `<p><a href="https://a.example/x?y=1&amp;z=2">a</a><img src='https://a.example/i.png' srcset="https://a.example/a.png 1x, https://a.example/b.png 2x"></p>`;
    expect(firstUrlRewrite(absolute, BASE)).toBe(-1);
    expect(resolveHtmlUrls(absolute, BASE)).toBe(absolute);
    // A link to a site's home page without the path's slash is left as written (the reader's
    // sanitiser adds it), so it sends nothing through the scan; any other change still does.
    const home = '<a href="https://a.example">a</a><a href="http://b.example">b</a>';
    expect(firstUrlRewrite(home, BASE)).toBe(-1);
    expect(resolveHtmlUrls(home, BASE)).toBe(home);
    expect(resolveHtmlUrlsFull(home, BASE)).toBe(home);
    for (const other of [
      'https://A.example',
      'https://a.example:443',
      'https://xn--bcher-kva.example',
      'https://a.example.',
    ])
      expect(resolveHtmlUrls(`<a href="${other}">a</a>`, BASE), other).not.toBe(`<a href="${other}">a</a>`);
    expect(firstUrlRewrite('<a href="https://a.example">a</a><a href="/x">x</a>', BASE)).toBe(42);
    // A fake value in text must not hide the real attribute after it.
    const hidden = `<a title='href="https://a.example/x'/href=rel/y">t</a>`;
    expect(firstUrlRewrite(hidden, BASE)).toBeGreaterThanOrEqual(0);
    expect(resolveHtmlUrls(hidden, BASE)).toBe(resolveHtmlUrlsFull(hidden, BASE));
    expect(resolveHtmlUrls(hidden, BASE)).toContain('https://ex.example/dir/rel/y');
  });

  it('rewrites around comments, and through the tokenizer when the scan gives up (a declaration)', () => {
    const h = '<!-- <a href="c"> --><a href="d">d</a>';
    expect(resolveHtmlUrls(h, BASE)).toBe('<!-- <a href="c"> --><a href="https://ex.example/dir/d">d</a>');
    const d = '<!doctype html><!-- <a href="c"> --><a href="d">d</a>';
    expect(scanUrlAttributes(d)).toBeNull();
    expect(resolveHtmlUrls(d, BASE)).toBe(
      '<!doctype html><!-- <a href="c"> --><a href="https://ex.example/dir/d">d</a>',
    );
  });
});

describe('resolveHtmlUrls', () => {
  it('resolves href, src, srcset and poster; leaves absolute URLs and other attributes alone', () => {
    const html = `<p><a href="x?a=1&amp;b=2" title="href=no">x</a> <img src=i.png alt="a>b" srcset="a.png 1x, /b.png 2x"><video poster='p.jpg'></video><a href="https://abs.example/">k</a> text href="nope"</p>`;
    expect(resolveHtmlUrls(html, BASE)).toBe(
      `<p><a href="https://ex.example/dir/x?a=1&amp;b=2" title="href=no">x</a> <img src="https://ex.example/dir/i.png" alt="a>b" srcset="https://ex.example/dir/a.png 1x, https://ex.example/b.png 2x"><video poster='https://ex.example/dir/p.jpg'></video><a href="https://abs.example/">k</a> text href="nope"</p>`,
    );
  });

  it('handles upper-case attribute names and protocol-relative URLs; leaves links within the article', () => {
    expect(resolveHtmlUrls('<A HREF="#top">t</A><img SRC="//cdn.example/i.png">', BASE)).toBe(
      '<A HREF="#top">t</A><img SRC="https://cdn.example/i.png">',
    );
    // A footnote and its way back stay links within the article (the reader keeps them so).
    const note =
      '<p>Text<a href="#fn1" id="r1">1</a></p><ol><li id="fn1">Note <a href=" #r1">↩</a></li></ol>';
    expect(firstUrlRewrite(note, BASE)).toBe(-1);
    expect(resolveHtmlUrls(note, BASE)).toBe(note);
    expect(resolveHtmlUrlsFull(note, BASE)).toBe(note);
    // A path with a fragment is still resolved.
    expect(resolveHtmlUrls('<a href="x#y">x</a>', BASE)).toBe('<a href="https://ex.example/dir/x#y">x</a>');
  });

  it('returns the input unchanged without a base, and for malformed HTML keeps the text', () => {
    expect(resolveHtmlUrls('<img src="a.png">', '')).toBe('<img src="a.png">');
    expect(resolveHtmlUrls('<img src="a.png"', BASE)).toContain('<img src=');
    expect(resolveHtmlUrls('no tags here', BASE)).toBe('no tags here');
  });

  it('does not let a resolved URL break out of its attribute', () => {
    const out = resolveHtmlUrls(`<a href='x"onmouseover="alert(1)'>x</a>`, BASE);
    expect(out).not.toContain('"onmouseover');
  });
});
