/**
 * The dedicated module worker entry: builds the engine over the worker's IndexedDB with a real
 * cross-tab channel and exposes the API through Comlink. The UI creates this worker once per tab.
 */
import * as Comlink from 'comlink';
import { createApi } from './api';
import { installErrorTransfer } from './comlinkErrors';
import { createEngine } from './engine';
import { CHANNEL_NAME } from './events';

installErrorTransfer();
const engine = createEngine({
  indexedDB: self.indexedDB,
  IDBKeyRange: self.IDBKeyRange,
  channel: typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null,
  // init() answers from the counts summary; the index snapshot loads right after (index/indexGate.ts).
  deferIndex: true,
});
Comlink.expose(createApi(engine));

// End-to-end tests and benchmarks seed data in bulk through the engine itself (playwright's
// worker.evaluate). Only code already running inside this worker can reach it.
(self as unknown as { __rivuletEngine?: typeof engine }).__rivuletEngine = engine;
