import { describe, expect, it } from 'vitest';
import { placeAt, scrollFor, type BoxAt } from './readingPlace';

type Box = { top: number; bottom: number } | null;

/** `placeAt` over a list of boxes, counting the boxes it reads. */
function place(boxes: readonly Box[], top: number): { place: ReturnType<typeof placeAt>; read: number } {
  let read = 0;
  const boxAt: BoxAt = (i) => {
    read++;
    return boxes[i] ?? null;
  };
  return { place: placeAt(boxes.length, boxAt, top), read };
}
const at = (boxes: readonly Box[], top: number) => place(boxes, top).place;

// Three blocks of 100 px, 20 px apart, starting 300 px below the view's top edge at 0.
const boxes = [0, 1, 2].map((i) => ({ top: 300 + i * 120, bottom: 400 + i * 120 }));

describe('placeAt', () => {
  it('is nowhere while the view shows the header above the first block', () => {
    expect(at(boxes, 0)).toBeNull();
    expect(at(boxes, 300)).toBeNull();
    expect(at([], 50)).toBeNull();
    expect(at([null, null], 50)).toBeNull();
  });

  it('names the block the top of the view is in, and how far into it', () => {
    expect(at(boxes, 325)).toEqual({ block: 0, within: 0.25 });
    // In the gap between two blocks: the next one, from its start.
    expect(at(boxes, 410)).toEqual({ block: 1, within: 0 });
    // At a block's very start, from its start (not the end of the one before).
    expect(at(boxes, 420)).toEqual({ block: 1, within: 0 });
    expect(at(boxes, 590)).toEqual({ block: 2, within: 0.5 });
    // Past the last block (the article's end): the end of that block.
    expect(at(boxes, 700)).toEqual({ block: 2, within: 1 });
  });

  it('names the innermost block: a list item, not the whole list', () => {
    // A list (0) of two items (1, 2), then a paragraph (3).
    const list = [
      { top: 100, bottom: 300 },
      { top: 100, bottom: 150 },
      { top: 150, bottom: 280 },
      { top: 320, bottom: 400 },
    ];
    expect(at(list, 120)).toEqual({ block: 1, within: 0.4 });
    expect(at(list, 215)).toEqual({ block: 2, within: 0.5 });
    // Below the last item, in the list's own padding: the paragraph, from its start.
    expect(at(list, 290)).toEqual({ block: 3, within: 0 });
  });

  it('passes over blocks that are not rendered (a closed <details>)', () => {
    const hidden = [null, { top: 100, bottom: 200 }, null, null, { top: 220, bottom: 320 }, null];
    expect(at(hidden, 150)).toEqual({ block: 1, within: 0.5 });
    expect(at(hidden, 210)).toEqual({ block: 4, within: 0 });
    expect(at(hidden, 270)).toEqual({ block: 4, within: 0.5 });
    expect(at(hidden, 400)).toEqual({ block: 4, within: 1 });
  });

  it('reads about log2 of the blocks, not every one (it runs on each scroll frame)', () => {
    const many = Array.from({ length: 4096 }, (_, i) => ({ top: i * 50, bottom: i * 50 + 40 }));
    for (const block of [1, 1000, 2500, 4095]) {
      const { place: found, read } = place(many, block * 50 + 10);
      expect(found).toEqual({ block, within: 0.25 });
      expect(read).toBeLessThanOrEqual(14);
    }
  });
});

describe('scrollFor', () => {
  it('brings the place back to the top at another width, where every block moved', () => {
    const kept = at(boxes, 590)!;
    // Wider: the blocks are shorter and start higher.
    const wide = [0, 1, 2].map((i) => ({ top: 200 + i * 70, bottom: 260 + i * 70 }));
    expect(scrollFor(wide[kept.block] ?? null, kept, 0)).toBe(340 + 30);
    const scrolled = wide.map((b) => ({ top: b.top - 370, bottom: b.bottom - 370 }));
    expect(at(scrolled, 0)).toEqual(kept);
  });

  it('does not move for a block that is not there', () => {
    expect(scrollFor(null, { block: 9, within: 0.5 }, 0)).toBe(0);
  });
});
