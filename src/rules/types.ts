/**
 * The rules types as the UI uses them: the engine's own (worker/types.ts), plus the remote shape
 * of the `rules` domain.
 */

import type { Rule, RuleAction, RuleInput, RulePreview, RuleRun } from '../../worker/types';

export type { Rule, RuleAction, RuleInput, RulePreview, RuleRun } from '../../worker/types';

export type RuleActionType = RuleAction['type'];

/** The engine's `rules` domain as reached from the UI (every call is a promise). */
export interface RulesRemote {
  list(): Promise<Rule[]>;
  save(input: RuleInput & { id?: string }): Promise<Rule>;
  remove(id: string): Promise<void>;
  reorder(ids: string[]): Promise<void>;
  preview(input: RuleInput, opts?: { days?: number; sample?: number }): Promise<RulePreview>;
  runOnce(id: string): Promise<RuleRun>;
  log(id: string, limit?: number): Promise<RuleRun[]>;
  undoRun(runId: number): Promise<void>;
}
