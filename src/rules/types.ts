/**
 * The rules part of the engine contract (/work/team/rules-contract.md), as the UI uses it. Kept
 * here until the engine exports these types from worker/types.ts; then this file re-exports them.
 */

export type RuleAction =
  | { type: 'markRead' }
  | { type: 'save' }
  | { type: 'tag'; tag: string }
  | { type: 'hide' }
  | { type: 'notify' }
  | { type: 'summarize' }
  | { type: 'translate'; lang?: string }
  | { type: 'loadFullText' };

export type RuleActionType = RuleAction['type'];

export interface RuleInput {
  name: string;
  query: string;
  filterId?: string;
  actions: RuleAction[];
  enabled: boolean;
}

export interface Rule extends RuleInput {
  id: string;
  order: number;
  createdAt: number;
  updatedAt: number;
}

export interface RuleRun {
  id: number;
  ruleId: string;
  /** Unix seconds, like every engine time. */
  at: number;
  trigger: 'ingest' | 'manual';
  itemIds: number[];
  count: number;
  undone: boolean;
  undoToken?: string;
}

export interface RulePreview {
  count: number;
  sample: Array<{ id: number; title: string; feedTitle: string; pubDate: number }>; // pubDate in Unix seconds
  days: number;
}

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
