import type { Linter } from 'eslint';

/** The layering rules (src/ ↔ worker/ types only; shared/ imports neither) as flat-config blocks. */
export const boundaryConfigs: Linter.Config[];
