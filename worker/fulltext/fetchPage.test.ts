import { describe, expect, it } from 'vitest';
import { fetchArticlePage } from './fetchPage';

const answer =
  (status: number, body: string, headers: Record<string, string> = {}) =>
  () =>
    Promise.resolve(new Response(body, { status, headers }));

describe('fetchArticlePage', () => {
  const opts = { allowPrivate: false };
  it('asks for a content fetch naming the feed, and private=1 only when allowed', async () => {
    const seen: string[] = [];
    const record = (input: string) => {
      seen.push(input);
      return Promise.resolve(new Response('<p>x</p>', { status: 200 }));
    };
    await fetchArticlePage(record, 'https://a.example/x?y=1', 'https://a.example/feed.xml', opts);
    await fetchArticlePage(record, 'https://a.example/x', 'https://a.example/feed.xml', {
      allowPrivate: true,
    });
    const [first, second] = seen.map((u) => new URL(u, 'http://h').searchParams);
    expect(Object.fromEntries(first!)).toEqual({
      url: 'https://a.example/x?y=1',
      kind: 'content',
      feed: 'https://a.example/feed.xml',
    });
    expect(second!.get('private')).toBe('1');
  });

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
