import { describe, expect, it } from 'vitest';
import { contentFetchUrl, fetchArticlePage } from './fetchPage';

const answer =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  () =>
    Promise.resolve(new Response(body, { status, headers }));

describe('contentFetchUrl', () => {
  it('names the kind and the feed, and private=1 only when allowed', () => {
    const url = contentFetchUrl('https://a.example/x?y=1&z', 'https://a.example/feed.xml', false);
    const q = new URL(url, 'http://h').searchParams;
    expect(url.startsWith('/api/fetch?')).toBe(true);
    expect(Object.fromEntries(q)).toEqual({
      url: 'https://a.example/x?y=1&z',
      kind: 'content',
      feed: 'https://a.example/feed.xml',
    });
    expect(
      new URL(contentFetchUrl('https://a.example/', '', true), 'http://h').searchParams.get('private'),
    ).toBe('1');
  });
});

describe('fetchArticlePage', () => {
  const opts = { allowPrivate: false };
  it('decodes the page and reports the final address', async () => {
    const got = await fetchArticlePage(
      answer(200, '<p>hé</p>', {
        'X-Upstream-Status': '200',
        'X-Upstream-Content-Type': 'text/html; charset=utf-8',
        'X-Final-Url': 'https://b.example/final',
      }),
      'https://a.example/',
      '',
      opts,
    );
    expect(got).toEqual({ ok: true, html: '<p>hé</p>', finalUrl: 'https://b.example/final' });
  });

  it('maps refusals and site answers to reasons', async () => {
    const refusal = JSON.stringify({
      error: { code: 'private_address', message: 'Refused: 10.0.0.1 is private' },
    });
    expect(await fetchArticlePage(answer(403, refusal), 'https://a.example/', '', opts)).toMatchObject({
      ok: false,
      reason: 'private_address',
      message: 'Refused: 10.0.0.1 is private',
    });
    expect(
      await fetchArticlePage(
        answer(200, 'no', { 'X-Upstream-Status': '402' }),
        'https://a.example/',
        '',
        opts,
      ),
    ).toMatchObject({ ok: false, reason: 'blocked', httpStatus: 402 });
    expect(
      await fetchArticlePage(
        answer(200, 'oops', { 'X-Upstream-Status': '503' }),
        'https://a.example/',
        '',
        opts,
      ),
    ).toMatchObject({ ok: false, reason: 'http_error', httpStatus: 503 });
    expect(
      await fetchArticlePage(
        answer(200, 'PDF', { 'X-Upstream-Status': '200', 'X-Upstream-Content-Type': 'application/pdf' }),
        'https://a.example/',
        '',
        opts,
      ),
    ).toMatchObject({ ok: false, reason: 'not_html' });
    const down = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await fetchArticlePage(down, 'https://a.example/', '', opts)).toMatchObject({
      ok: false,
      reason: 'network',
    });
  });
});
