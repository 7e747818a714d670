/**
 * The dedicated module worker entry: builds the engine over the worker's IndexedDB with a real
 * cross-tab channel and exposes the API through Comlink. The UI creates this worker once per tab.
 */
import * as Comlink from 'comlink';
import { createApi } from './api';
import { installErrorTransfer } from './comlinkErrors';
import { buildEngine } from './engine';
import { CHANNEL_NAME } from './events';

installErrorTransfer();
const { engine, internals } = buildEngine({
  indexedDB: self.indexedDB,
  IDBKeyRange: self.IDBKeyRange,
  channel: typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null,
  // init() answers from the counts summary; the index snapshot loads right after (index/indexGate.ts).
  deferIndex: true,
});
Comlink.expose(createApi(engine));

// End-to-end tests and benchmarks seed data in bulk through the engine itself (playwright's
// worker.evaluate), some through its internals (the database, the index). Only code already
// running inside this worker can reach it; the Comlink API never carries the internals.
const exposedToTests = { ...engine, ...internals };
(self as unknown as { __rivuletEngine?: typeof exposedToTests }).__rivuletEngine = exposedToTests;
