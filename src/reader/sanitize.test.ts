import './testing/happyDomCompat';
import { describe, expect, it } from 'vitest';
import { sanitizeArticle } from './sanitize';

interface Vector {
  id: string;
  payload: string;
}
// The corpus (tests/fixtures/corpus) lies outside Vite's served roots, so read it with Node's fs; the specifier is built at run time because the app tsconfig has no Node types.
const fsModule = 'node:' + 'fs';
const fs = (await import(/* @vite-ignore */ fsModule)) as {
  readFileSync(path: string, encoding: 'utf8'): string;
};
const corpus = JSON.parse(fs.readFileSync('tests/fixtures/corpus/xss/vectors.json', 'utf8')) as {
  vectors: Vector[];
};

const FORBIDDEN = 'script,object,embed,form,input,button,style,link,meta,base,svg,math,frame,textarea,select';
// Attributes a browser may treat as a URL to navigate to or load; text attributes (title, alt)
// may contain the word "javascript:" harmlessly.
const URL_ATTRS = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'srcset',
  'data',
  'cite',
  'background',
  'lowsrc',
  'dynsrc',
  'content',
  'to',
  'values',
  'from',
  'by',
]);
const EMBED_OK = /^https:\/\/(www\.youtube-nocookie\.com\/embed\/|player\.vimeo\.com\/video\/)/;

/** Renders sanitised HTML into the document and lists every way it could still run script. */
function problems(html: string): string[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  const found: string[] = [];
  for (const el of host.querySelectorAll(FORBIDDEN)) found.push(`<${el.localName}>`);
  for (const el of host.querySelectorAll('*')) {
    for (const attr of Array.from(el.attributes)) {
      const value = [...attr.value]
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (attr.name.startsWith('on')) found.push(`${attr.name} handler`);
      if (attr.name === 'style') found.push('style attribute');
      if (attr.name === 'srcdoc') found.push('srcdoc');
      if (URL_ATTRS.has(attr.name) && /(javascript|vbscript|livescript):/.test(value))
        found.push(`script URL in ${attr.name}`);
      if (
        value.startsWith('data:') &&
        !(el.localName === 'img' && attr.name === 'src' && value.startsWith('data:image/'))
      ) {
        found.push(`data URL in ${el.localName}.${attr.name}`);
      }
    }
    if (el.localName === 'iframe') {
      if (!EMBED_OK.test(el.getAttribute('src') ?? '')) found.push('iframe not allowlisted');
      const sandbox = el.getAttribute('sandbox') ?? '';
      if (sandbox !== 'allow-scripts allow-popups allow-presentation') found.push('iframe sandbox');
    }
  }
  return found;
}

describe('sanitizeArticle against the XSS corpus', () => {
  it('has the corpus', () => {
    expect(corpus.vectors.length).toBeGreaterThan(500);
  });
  it.each(corpus.vectors.map((v) => [v.id, v.payload] as const))(
    '%s leaves nothing executable',
    (_id, payload) => {
      const clean = sanitizeArticle(payload, { baseUrl: 'https://example.com/post/1' });
      expect(problems(clean)).toEqual([]);
      // Sanitising twice must be stable in safety terms (no mutation XSS on a second parse).
      expect(problems(sanitizeArticle(clean))).toEqual([]);
    },
  );
});

const OWN: Record<string, string> = {
  svgAnimate:
    '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text x=20 y=20>x</text></a></svg>',
  svgSet:
    '<svg><set attributeName="onmouseover" to="alert(1)"/><a xlink:href="javascript:alert(1)"><circle r=40></circle></a></svg>',
  mathml:
    '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">click<mtext>x</mtext></maction></math>',
  tabbedScheme: '<a href="jav&#x09;ascript:alert(1)">x</a>',
  entityScheme: '<a href="&#106;avascript:alert(1)">x</a>',
  imgOnerror: '<img src=x onerror=alert(1)>',
  srcdoc: '<iframe srcdoc="<script>alert(1)</script>" src="https://www.youtube.com/embed/abc"></iframe>',
  cssExpression: '<div style="width: expression(alert(1))">x</div>',
  cssImport: '<style>@import "https://evil.example/x.css";</style><p>t</p>',
  cssUrl: '<p style="background:url(javascript:alert(1))">t</p>',
  base: '<base href="javascript:alert(1)//"><a href="/x">x</a>',
  metaRefresh: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  form: '<form action="javascript:alert(1)"><input type=submit><button formaction="javascript:alert(1)">go</button></form>',
  details: '<details open ontoggle=alert(1)><summary>s</summary>x</details>',
  objectEmbed: '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  dataHtmlLink: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  vbscript: '<a href="vbscript:msgbox(1)">x</a>',
  noscriptMxss: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
};

describe('sanitizeArticle with our own vectors', () => {
  it.each(Object.entries(OWN))('%s is neutralised', (_name, payload) => {
    const clean = sanitizeArticle(payload, { baseUrl: 'https://example.com/a/' });
    expect(problems(clean)).toEqual([]);
  });

  it('keeps harmless content of neutralised elements', () => {
    expect(sanitizeArticle('<details open ontoggle=alert(1)><summary>s</summary>x</details>')).toBe(
      '<details open=""><summary>s</summary>x</details>',
    );
    expect(sanitizeArticle('<p style="color:red" class="mantine-Modal-root">t</p>')).toBe('<p>t</p>');
  });

  it('removes a <base> so it cannot re-point relative links', () => {
    const clean = sanitizeArticle('<base href="https://evil.example/"><a href="/x">x</a>', {
      baseUrl: 'https://blog.example/post',
    });
    expect(clean).not.toContain('<base');
    expect(clean).toContain('href="https://blog.example/x"');
  });
});

describe('sanitizeArticle policy', () => {
  const base = { baseUrl: 'https://blog.example/2024/post.html' };

  it('opens links in a new tab without referrer and resolves relative URLs', () => {
    const clean = sanitizeArticle('<a href="../about">a</a> <a href="#fn1">1</a>', base);
    expect(clean).toBe(
      '<a href="https://blog.example/about" target="_blank" rel="noopener noreferrer">a</a> <a href="#fn1">1</a>',
    );
  });

  it('loads images lazily without referrer and resolves src and srcset', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitizeArticle(
      '<img src="i.png" srcset="i.png 1x, /i2.png 2x, javascript:x 3x" alt="a">',
      base,
    );
    const img = host.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://blog.example/2024/i.png');
    expect(img.getAttribute('srcset')).toBe(
      'https://blog.example/2024/i.png 1x, https://blog.example/i2.png 2x',
    );
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(img.getAttribute('decoding')).toBe('async');
  });

  it('ignores a base URL that is not http(s)', () => {
    expect(sanitizeArticle('<a href="/x">x</a>', { baseUrl: 'javascript:alert(1)//' })).toBe('<a>x</a>');
  });

  it('keeps data:image in img src only', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(sanitizeArticle(`<img src="${png}">`)).toContain(`src="${png}"`);
    expect(sanitizeArticle('<img src="data:text/html,<script>x</script>">')).not.toContain('data:');
    expect(sanitizeArticle(`<a href="${png}">x</a>`)).not.toContain('data:');
  });

  it('removes tracking parameters from links in the article, keeping the rest of each link', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitizeArticle(
      '<p><a href="https://news.example/a?id=3&amp;utm_source=newsletter&amp;utm_medium=email#c2">a</a>' +
        ' <a href="/b?mc_cid=1&amp;mc_eid=2">b</a>' +
        ' <a href="https://shop.example/c?ref=home&amp;page=2">c</a>' +
        ' <a href="mailto:x@example.com?subject=hi&amp;fbclid=1">d</a>' +
        ' <img src="https://img.example/i.png?utm_source=feed" alt=""></p>',
      base,
    );
    const hrefs = [...host.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      'https://news.example/a?id=3#c2',
      'https://blog.example/b',
      'https://shop.example/c?ref=home&page=2',
      'mailto:x@example.com?subject=hi&fbclid=1',
    ]);
    // Only links: an image address is fetched as it is (some hosts sign their query).
    expect(host.querySelector('img')!.getAttribute('src')).toBe('https://img.example/i.png?utm_source=feed');
  });

  it('removes 1×1 tracking pixels but keeps real images', () => {
    const clean = sanitizeArticle(
      '<p>a<img src="https://t.example/p.gif" width="1" height="1">b<img src="https://x.example/i.png" width="1" height="300"></p>',
    );
    expect(clean).not.toContain('t.example');
    expect(clean).toContain('x.example/i.png');
  });

  it('rewrites YouTube embeds to nocookie and sandboxes them', () => {
    const host = document.createElement('div');
    host.innerHTML = sanitizeArticle(
      '<iframe src="//www.youtube.com/embed/dQw4w9WgXcQ?start=3" allow="camera" sandbox="allow-same-origin allow-scripts" onload="x()" width="560"></iframe>',
      base,
    );
    const frame = host.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=3');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-presentation');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(frame.getAttribute('loading')).toBe('lazy');
    expect(frame.hasAttribute('allowfullscreen')).toBe(true);
    expect(frame.hasAttribute('allow')).toBe(false);
    expect(frame.getAttribute('width')).toBe('560');
  });

  it('keeps Vimeo players and drops every other iframe', () => {
    expect(sanitizeArticle('<iframe src="https://player.vimeo.com/video/123"></iframe>')).toContain(
      'src="https://player.vimeo.com/video/123"',
    );
    for (const src of [
      'https://evil.example/embed/x',
      'https://www.youtube.com/watch?v=x',
      'https://www.youtube.com.evil.example/embed/x',
      'javascript:alert(1)',
      'https://user@www.youtube.com/embed/x',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(sanitizeArticle(`<iframe src="${src}"></iframe>`)).not.toContain('iframe');
    }
  });

  it('turns task-list checkboxes into inert ARIA checkboxes', () => {
    const clean = sanitizeArticle('<ul><li><input type="checkbox" checked disabled> done</li></ul>');
    expect(clean).toBe(
      '<ul><li><span role="checkbox" aria-checked="true" aria-disabled="true" class="rv-task"></span> done</li></ul>',
    );
  });

  it('keeps code-language classes and noclick only', () => {
    expect(sanitizeArticle('<pre><code class="hljs language-ts">x</code></pre>')).toBe(
      '<pre><code class="language-ts">x</code></pre>',
    );
    expect(sanitizeArticle('<img class="noclick big" src="https://x.example/a.png">')).toContain(
      'class="noclick"',
    );
  });

  it('returns an empty string for empty or non-string input', () => {
    expect(sanitizeArticle('')).toBe('');
    expect(sanitizeArticle(undefined as unknown as string)).toBe('');
  });
});
