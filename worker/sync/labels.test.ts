import { describe, expect, it } from 'vitest';
import { planPushes } from './diff';
import { expectedLabels, itemTags } from './labels';
import type { RemoteItem } from './protocol';

const record = (labels: string[]) => ({ itemId: 1, remoteId: 'r1', feedId: 1, server: 0, labels });

describe('expectedLabels', () => {
  it('applies queued label entries for the item in order, renames and deletes for every item', () => {
    const queue = [
      { at: 1, op: 'label' as const, label: 'ai', remoteIds: ['r1'] },
      { at: 2, op: 'label' as const, label: 'rust', remoteIds: ['r2'] },
      { at: 3, op: 'rename-label' as const, label: 'Old', dest: 'New', remoteIds: [] },
      { at: 4, op: 'unlabel' as const, label: 'keep', remoteIds: ['r1'] },
      { at: 5, op: 'delete-label' as const, label: 'gone', remoteIds: [] },
      { at: 6, op: 'read' as const, remoteIds: ['r1'] },
    ];
    expect(expectedLabels(record(['old', 'keep', 'Gone']), queue)).toEqual(['New', 'ai']);
    expect(expectedLabels(record([]), [])).toEqual([]);
  });
});

describe('itemTags', () => {
  const item = (labels: string[]): RemoteItem => ({
    id: '1',
    feedId: 'feed/1',
    title: '',
    author: '',
    html: '',
    url: '',
    published: 0,
    read: false,
    saved: false,
    labels,
  });
  it('takes the feed folder out once, so a tag named like the folder survives', () => {
    const tags = new Set(['Work', 'Later']);
    expect(itemTags(item(['Work', 'Later']), ['Work'], tags)).toEqual(['Later']);
    expect(itemTags(item(['Work', 'Work']), ['Work'], tags)).toEqual(['Work']);
    // Labels that are not tags on the server (an old folder) are left out.
    expect(itemTags(item(['Other', 'Later']), ['Work'], tags)).toEqual(['Later']);
  });
});

describe('planPushes with labels', () => {
  it('supersedes per item and label, batches per label, and keeps renames and deletes in order', () => {
    const batches = planPushes([
      { seq: 1, at: 1, op: 'label', label: 'a', remoteIds: ['x', 'y'] },
      { seq: 2, at: 2, op: 'label', label: 'b', remoteIds: ['x'] },
      { seq: 3, at: 3, op: 'unlabel', label: 'a', remoteIds: ['y'] },
      { seq: 4, at: 4, op: 'rename-label', label: 'a', dest: 'c', remoteIds: [] },
      { seq: 5, at: 5, op: 'label', label: 'a', remoteIds: ['x'] },
      { seq: 6, at: 6, op: 'read', remoteIds: ['x'] },
    ]);
    expect(batches).toEqual([
      { op: 'label', label: 'a', remoteIds: ['x'], seqs: [1] },
      { op: 'label', label: 'b', remoteIds: ['x'], seqs: [2] },
      { op: 'unlabel', label: 'a', remoteIds: ['y'], seqs: [3] },
      { op: 'rename-label', label: 'a', dest: 'c', remoteIds: [], seqs: [4] },
      // Not superseded by anything before the rename.
      { op: 'label', label: 'a', remoteIds: ['x'], seqs: [5] },
      { op: 'read', remoteIds: ['x'], seqs: [6] },
    ]);
  });
});
