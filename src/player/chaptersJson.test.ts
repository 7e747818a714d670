import { describe, expect, it } from 'vitest';
import { parseJsonChapters } from './chaptersJson';

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
