import { describe, expect, it } from 'vitest';
import { chaptersFetchUrl, parseJsonChapters } from './chaptersJson';

describe('chaptersFetchUrl', () => {
  it('asks the proxy for a content fetch that names the feed', () => {
    const path = chaptersFetchUrl(
      'https://cdn.example/ep1.json?a=1&b=2',
      'http://127.0.0.1:9/pod.xml',
      false,
    );
    const [route, query = ''] = path.split('?');
    expect(route).toBe('/api/fetch');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      url: 'https://cdn.example/ep1.json?a=1&b=2',
      kind: 'content',
      feed: 'http://127.0.0.1:9/pod.xml',
    });
  });

  it('passes the private-network choice, and leaves out an unknown feed', () => {
    const query = new URLSearchParams(chaptersFetchUrl('http://10.0.0.5/c.json', '', true).split('?')[1]);
    expect(Object.fromEntries(query)).toEqual({
      url: 'http://10.0.0.5/c.json',
      kind: 'content',
      private: '1',
    });
  });
});

describe('parseJsonChapters', () => {
  it('keeps timed chapters in order and drops silent markers', () => {
    const doc = {
      version: '1.2.0',
      chapters: [
        { startTime: 60, title: 'Two', url: 'https://a.example/2' },
        { startTime: 0, title: 'One', img: 'javascript:alert(1)' },
        { startTime: 30, title: 'Hidden', toc: false },
      ],
    };
    expect(parseJsonChapters(doc)).toEqual([
      { start: 0, title: 'One', href: '', image: '' },
      { start: 60, title: 'Two', href: 'https://a.example/2', image: '' },
    ]);
  });
});
