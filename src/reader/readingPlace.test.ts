import { describe, expect, it } from 'vitest';
import { placeAt, scrollFor } from './readingPlace';

// Three blocks of 100 px, 20 px apart, starting 300 px below the view's top edge at 0.
const boxes = [0, 1, 2].map((i) => ({ top: 300 + i * 120, bottom: 400 + i * 120 }));

describe('placeAt', () => {
  it('is nowhere while the view shows the header above the first block', () => {
    expect(placeAt(boxes, 0)).toBeNull();
    expect(placeAt(boxes, 300)).toBeNull();
    expect(placeAt([], 50)).toBeNull();
  });
  it('names the first block whose bottom is below the top, and how far into it', () => {
    expect(placeAt(boxes, 325)).toEqual({ block: 0, within: 0.25 });
    // In the gap between two blocks: the next one, from its start.
    expect(placeAt(boxes, 410)).toEqual({ block: 1, within: 0 });
    expect(placeAt(boxes, 590)).toEqual({ block: 2, within: 0.5 });
    // Past the last block (the article's end): the end of that block.
    expect(placeAt(boxes, 700)).toEqual({ block: 2, within: 1 });
  });
});

describe('scrollFor', () => {
  it('brings the place back to the top at another width, where every block moved', () => {
    const place = placeAt(boxes, 590)!;
    // Wider: the blocks are shorter and start higher.
    const wide = [0, 1, 2].map((i) => ({ top: 200 + i * 70, bottom: 260 + i * 70 }));
    expect(scrollFor(wide, place, 0)).toBe(340 + 30);
    expect(
      placeAt(
        wide.map((b) => ({ top: b.top - 370, bottom: b.bottom - 370 })),
        0,
      ),
    ).toEqual(place);
  });
  it('does not move for a block that is not there', () => {
    expect(scrollFor(boxes, { block: 9, within: 0.5 }, 0)).toBe(0);
  });
});
