import { expect, it } from 'vitest';
import { FLAG_READ, FLAG_SAVED } from './flags';

it('keeps the stored bit values and never overlaps them', () => {
  // Stored in every item and in the index snapshot: renumbering would corrupt read/saved state.
  expect(FLAG_READ).toBe(1);
  expect(FLAG_SAVED).toBe(2);
  expect(FLAG_READ & FLAG_SAVED).toBe(0);
});
