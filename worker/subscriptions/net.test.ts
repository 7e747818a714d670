import { describe, expect, it } from 'vitest';
import { contentFetchUrl } from '../../shared/contentFetchUrl';
import { proxyFetchImpl } from './net';

describe('proxyFetchImpl', () => {
  it('goes to the configured server through proxyFetchImpl', async () => {
    const seen: string[] = [];
    const impl = proxyFetchImpl({
      base: 'http://127.0.0.1:4173/',
      impl: (input) => {
        seen.push(input);
        return Promise.resolve(new Response(''));
      },
    });
    await impl(contentFetchUrl('https://a.example/x', 'https://a.example/f', false));
    expect(seen[0]?.startsWith('http://127.0.0.1:4173/api/fetch?url=')).toBe(true);
  });
});
