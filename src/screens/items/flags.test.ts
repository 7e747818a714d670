import { expect, it } from 'vitest';
import * as engine from '../../../worker/types';
import { FLAG_READ, FLAG_SAVED } from './flags';

it('matches the engine’s flag bits', () => {
  expect(FLAG_READ).toBe(engine.FLAG_READ);
  expect(FLAG_SAVED).toBe(engine.FLAG_SAVED);
});
