// Worker heaps over CDP: the page's CDP session auto-attaches (non-flattened, so Playwright's own
// session routing is untouched) to every dedicated worker and asks each for Runtime.getHeapUsage
// after a forced GC. Workers are named by their bundle (`main` = the engine worker). Figures are
// usedSize + backingStorageSize: typed arrays (the engine's index columns, text store, postings)
// live in ArrayBuffer backing stores outside the V8 heap proper, and they are the engine's memory.

/** Starts tracking the page's workers; returns `heaps()` → { [bundle]: usedBytes }. */
export async function trackWorkerHeaps(cdp) {
  const sessions = new Map();
  const pending = new Map();
  let nextId = 1;
  cdp.on('Target.attachedToTarget', (e) => {
    const name = /assets\/([A-Za-z]+)-/.exec(e.targetInfo.url)?.[1] ?? e.targetInfo.url;
    if (e.targetInfo.type === 'worker') sessions.set(e.sessionId, name);
  });
  cdp.on('Target.detachedFromTarget', (e) => sessions.delete(e.sessionId));
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const msg = JSON.parse(e.message);
    const done = pending.get(msg.id);
    if (!done) return;
    pending.delete(msg.id);
    done(msg);
  });
  const send = (sessionId, method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new Error(`${method} timed out`));
      }, 30_000);
      pending.set(id, (msg) => {
        clearTimeout(timer);
        if (msg.error) reject(new Error(msg.error.message));
        else resolve(msg.result);
      });
      cdp
        .send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method, params }),
        })
        .catch(reject);
    });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  return {
    /** The page's own JS heap (used + ArrayBuffer backing stores) after a GC. */
    async page() {
      await cdp.send('HeapProfiler.collectGarbage');
      const usage = await cdp.send('Runtime.getHeapUsage');
      return usage.usedSize + (usage.backingStorageSize ?? 0);
    },
    /** Sends a CDP command to the (first) worker of bundle `name`; rejects when there is none. */
    async worker(name, method, params = {}) {
      for (const [sessionId, n] of sessions) if (n === name) return send(sessionId, method, params);
      throw new Error(`no ${name} worker attached`);
    },
    /** A full GC in the page and (unless `workers` is false) in every worker. */
    async collect({ workers = true } = {}) {
      await cdp.send('HeapProfiler.collectGarbage');
      if (!workers) return;
      for (const sessionId of sessions.keys()) {
        try {
          await send(sessionId, 'HeapProfiler.collectGarbage');
        } catch {
          // A worker that went away between listing and asking: nothing to collect.
        }
      }
    },
    /** Used JS heap + backing stores per worker bundle after a GC in each. */
    async heaps() {
      const out = {};
      for (const [sessionId, name] of sessions) {
        try {
          await send(sessionId, 'HeapProfiler.collectGarbage');
          const usage = await send(sessionId, 'Runtime.getHeapUsage');
          out[name] = usage.usedSize + (usage.backingStorageSize ?? 0);
        } catch {
          // A worker that went away between listing and asking: skip it.
        }
      }
      return out;
    },
  };
}
