/**
 * The typed way to the engine's `rules` domain: everything in the UI reaches rules through here,
 * so wiring changes touch this file only.
 */
import { withEngine } from '../queries/engine';
import type { RulesRemote } from './types';

export function withRules<T>(fn: (rules: RulesRemote) => Promise<T>): Promise<T> {
  return withEngine((engine) => fn(engine.rules));
}
