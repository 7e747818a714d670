/**
 * The rules types as the UI uses them: the engine's own (worker/rules/types.ts, through
 * worker/types.ts), and the `rules` domain as the UI reaches it, derived from the engine API.
 */
import type { EngineRemote } from '../engine/contract';
import type { RuleAction } from '../../worker/types';

export type { Rule, RuleAction, RuleAiConfig, RuleInput, RulePreview, RuleRun } from '../../worker/types';

export type RuleActionType = RuleAction['type'];

/** The engine's `rules` domain as reached from the UI (every call is a promise). */
export type RulesRemote = EngineRemote['rules'];
