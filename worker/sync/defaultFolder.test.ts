import { describe, expect, it } from 'vitest';
import { landedFolder } from './defaultFolder';
import type { RemoteFeed } from './protocol';

const feed = (id: string, groupIds: string[]): RemoteFeed => ({
  id,
  title: id,
  url: '',
  siteUrl: '',
  groupIds,
});

describe('landedFolder', () => {
  it('names the folder the server put feeds taken out of theirs in', () => {
    const feeds = [feed('feed/1', ['Sans catégorie']), feed('feed/2', ['Work'])];
    expect(landedFolder(feeds, [{ remoteId: 'feed/1', title: 'One', from: 'Work' }], '')).toBe(
      'Sans catégorie',
    );
    // Subscribed without a folder: wherever it is, that is the default one.
    expect(landedFolder(feeds, [{ remoteId: 'feed/2', title: 'Two', from: null }], '')).toBe('Work');
  });

  it('learns nothing from a feed in no folder or not listed', () => {
    const feeds = [feed('feed/1', [])];
    expect(landedFolder(feeds, [{ remoteId: 'feed/1', title: 'One', from: 'Work' }], '')).toBeNull();
    expect(landedFolder(feeds, [{ remoteId: 'feed/9', title: 'Nine', from: 'Work' }], '')).toBeNull();
  });

  it('refuses when the server kept the feed where it was', () => {
    expect(() =>
      landedFolder(
        [feed('feed/1', ['Work'])],
        [{ remoteId: 'feed/1', title: 'One', from: 'Work' }],
        'Move it.',
      ),
    ).toThrow(/kept “One” in its folder “Work”.*Move it\./);
  });
});
