/**
 * The data types of the rules domain (worker/rules/), shared with the UI by type import through
 * worker/types.ts.
 */

/** One action of a rule, run in order on each matching new article. */
export type RuleAction =
  | { type: 'markRead' }
  | { type: 'save' }
  | { type: 'tag'; tag: string }
  | { type: 'hide' }
  | { type: 'notify' }
  | { type: 'summarize' }
  | { type: 'translate'; lang?: string }
  | { type: 'loadFullText' };

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

/**
 * A rule as it was before a deleted tag's "add tag" actions were taken out of it (rules/dropTag.ts),
 * kept in the delete's undo token so the undo puts them back.
 */
export interface RuleTagUse {
  id: string;
  /** The rule's name, for the page to say which rules lost the action. */
  name: string;
  /** Its actions before, the tag's among them. */
  actions: RuleAction[];
  /** Whether it was on before (a rule left with no action is turned off). */
  enabled: boolean;
  /** The stamp the change gave it: a rule stamped so still has nothing changed since. */
  updatedAt: number;
}

export interface RuleRun {
  id: number;
  ruleId: string;
  at: number;
  trigger: 'ingest' | 'manual';
  /** The articles the rule matched. */
  itemIds: number[];
  count: number;
  undone: boolean;
  /** Present while the run changed something that can be taken back (`undoRun(id)`). */
  undoToken?: string;
  /** What did not happen, per action ("translate: not available", a tag error…). */
  notes?: string[];
  /**
   * The titles of the first RUN_TITLES (shared/ruleLog.ts) of `itemIds`, in that order, as the log names its articles;
   * null for one no longer here (deleted, unsubscribed). Given by `log`, not by a run's answer.
   */
  titles?: Array<string | null>;
}

export interface RulePreview {
  count: number;
  sample: Array<{ id: number; title: string; feedTitle: string; pubDate: number }>;
  days: number;
}

/** Where rule actions call the AI (the page resolves it from the settings, like the reader does). */
export type RuleAiEndpoint =
  | { kind: 'personal'; baseUrl: string; apiKey: string; model: string; relay: boolean }
  | { kind: 'shared'; model: string }
  | { kind: 'none' };

/**
 * What the AI actions of rules need from the settings: the endpoint, the reader's summary prompt
 * (part of the summary cache key, so the reader finds what a rule made) and the translation
 * language. Kept in the meta store under a name backups leave out (it may hold an API key).
 */
export interface RuleAiConfig {
  endpoint: RuleAiEndpoint;
  summaryPrompt: string;
  /** Target of "translate" actions that name none: a language tag ('zh-CN') and its English name. */
  language: { tag: string; english: string };
}
