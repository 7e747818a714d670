import { describe, expect, it } from 'vitest';
import { coveredFromBelow } from './noticeRoom';

const rect = (top: number, height: number) => ({ top, height, bottom: top + height }) as DOMRect;

describe('coveredFromBelow', () => {
  it('is how far the highest notice reaches into the area from its bottom', () => {
    expect(coveredFromBelow({ bottom: 786 }, [rect(700, 70), rect(620, 70)])).toBe(166);
  });
  it('is 0 with no notice shown (an empty stack has no height)', () => {
    expect(coveredFromBelow({ bottom: 786 }, [rect(770, 0)])).toBe(0);
    expect(coveredFromBelow({ bottom: 786 }, [])).toBe(0);
  });
});
