import { describe, expect, it, vi } from 'vitest';
import { keepChange, keptChange } from '../undo/undoKeep';
import { reloadAfterLoss, takeLoss } from './lostDatabase';

describe('reloadAfterLoss', () => {
  it('notes the loss for the next page and forgets the kept undo (a new database reuses ids)', () => {
    keepChange({ token: { flag: 'read', set: true, ids: [1, 2] }, count: 2, label: 'x', at: 1 });
    expect(keptChange()).not.toBeNull();
    const reload = vi.fn();
    reloadAfterLoss('deleted', reload);
    expect(reload).toHaveBeenCalledOnce();
    expect(keptChange()).toBeNull();
    expect(takeLoss()).toMatchObject({ reason: 'deleted' });
  });
});
