import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys } from '../queries/keys';
import { withRules } from './client';
import type { RuleInput } from './types';

/** Days of stored articles a preview runs over (the "last 30 days"). */
export const PREVIEW_DAYS = 30;
/** Titles shown under a preview's count. */
export const PREVIEW_SAMPLE = 5;

/** Every rule, in the order the engine applies them. */
export const rulesListQuery = () =>
  queryOptions({ queryKey: queryKeys.rulesList, queryFn: () => withRules((r) => r.list()) });

/** What `input` would have done over the last 30 days; keeps the last answer while the next runs. */
export const rulePreviewQuery = (input: RuleInput | null) =>
  queryOptions({
    queryKey: queryKeys.rulePreview(input),
    queryFn: () => withRules((r) => r.preview(input!, { days: PREVIEW_DAYS, sample: PREVIEW_SAMPLE })),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** The latest runs of one rule, newest first. */
export const ruleLogQuery = (ruleId: string) =>
  queryOptions({ queryKey: queryKeys.ruleLog(ruleId), queryFn: () => withRules((r) => r.log(ruleId, 20)) });
