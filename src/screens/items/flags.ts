// Mirrors FLAG_READ / FLAG_SAVED in worker/types.ts: the UI may only import engine *types*, so
// the two bit values are restated here (a unit test pins them to the engine's).
export const FLAG_READ = 1;
export const FLAG_SAVED = 2;
