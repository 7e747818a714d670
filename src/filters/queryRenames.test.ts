import { describe, expect, it } from 'vitest';
import { queryThroughRenames } from './queryRenames';

describe('queryThroughRenames', () => {
  it('reads an entry through the renames after it, in order', () => {
    const renames = [['birds', 'Herons'] as const, ['Herons', 'Egrets'] as const];
    expect(queryThroughRenames("tags = 'birds'", renames, 0)).toBe("tags = 'Egrets'");
    expect(queryThroughRenames("tags = 'Herons'", renames, 1)).toBe("tags = 'Egrets'");
    expect(queryThroughRenames("tags = 'Egrets'", renames, 2)).toBe("tags = 'Egrets'");
  });

  it('does not carry a rewritten entry through a rename again when one rename freed a name for the next', () => {
    // `work` became `archive`, then `todo` took the name `work`.
    const renames = [['work', 'archive'] as const, ['todo', 'work'] as const];
    const rewritten = queryThroughRenames("tags = 'todo'", renames, 0);
    expect(rewritten).toBe("tags = 'work'");
    // The entry now holds the rewritten query, first seen after both renames: it stays.
    expect(queryThroughRenames(rewritten, renames, 2)).toBe("tags = 'work'");
    // Read through every rename again, it would have become the other tag.
    expect(queryThroughRenames(rewritten, renames, 0)).toBe("tags = 'archive'");
  });
});
