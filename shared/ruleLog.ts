/**
 * How many of a logged rule run's articles the engine's `rules.log` names by title, and so how
 * many the filter screen's rule log links (src/screens/filter/RuleLog.tsx); the rest are counted.
 */
export const RUN_TITLES = 8;
