/**
 * Every action a rule can take, in the order the engine applies a rule's actions and the rule
 * editor's "Add action" menu offers them (worker/rules/ruleInput.ts checks a rule's actions
 * against it; src/rules/actions.ts lists it).
 */
export const RULE_ACTION_TYPES = [
  'markRead',
  'save',
  'tag',
  'hide',
  'notify',
  'summarize',
  'translate',
  'loadFullText',
] as const;
