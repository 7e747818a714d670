import { describe, expect, it } from 'vitest';
import { toItemRow } from './itemRow';
import type { StoredItem } from './schema';

const stored = (over: Partial<StoredItem>): StoredItem => ({
  id: 1,
  feedId: 2,
  guid: 'g',
  title: '',
  author: '',
  description: '<p>Hello fediverse! This is my first post.</p>',
  pubDate: 100,
  link: '',
  enclosure: null,
  flags: 0,
  dedupeKey: 'g',
  contentHash: 'h',
  firstSeen: 100,
  snippet: 'Hello fediverse! This is my first post.',
  thumbnail: '',
  ...over,
});

describe('toItemRow', () => {
  it('keeps a real title as it is, without the derived flag', () => {
    const row = toItemRow(stored({ title: 'A real title' }));
    expect(row.title).toBe('A real title');
    expect(row).not.toHaveProperty('titleDerived');
  });

  it('gives an untitled item (also one stored before titles were derived) a title from its snippet', () => {
    expect(toItemRow(stored({}))).toMatchObject({
      title: 'Hello fediverse!',
      titleDerived: true,
      // The snippet goes on after the title instead of repeating it.
      snippet: 'This is my first post.',
    });
  });

  it('leaves an item with no text and no media untitled', () => {
    const row = toItemRow(stored({ snippet: '', description: '' }));
    expect(row.title).toBe('');
    expect(row).not.toHaveProperty('titleDerived');
  });
});
