// The cold-start step the harness drives (reloads of the bench page, each start asked for before
// it): drive.mjs runs it in its place in the order. Apart from harnessSteps.mjs, the other steps
// only the harness can drive.
import { med, sleep, summarize, verdict } from './stats.mjs';
import { runStamper, traceStep } from './trace.mjs';

// How long the bench's origin has no page open before the "after the last page closed" start.
const CLOSED_GAP_MS = 5000;

/**
 * Opens a second page on the bench's origin that holds a connection to the engine's database
 * (`rivulet`) until closed, so reloads of the bench page never leave it without one. The page is
 * the server's 404 page: same origin, no app code. Resolves the page.
 */
async function holdDatabase(page) {
  const keeper = await page.context().newPage();
  await keeper.goto(new URL('/rivulet-bench-keeper', page.url()).href);
  await keeper.evaluate(
    () =>
      new Promise((resolve) => {
        const req = globalThis.indexedDB.open('rivulet');
        req.onsuccess = () => {
          globalThis.rivuletKeep = req.result;
          req.result.onversionchange = () => req.result.close();
          resolve(true);
        };
        req.onerror = () => resolve(false);
      }),
  );
  return keeper;
}

/**
 * A cold start of the bench page: asks for it (`ask`: backend, list, filters), then reloads (or
 * `go`es away and back), and resolves its report. The page begins it while its bundle is
 * evaluated (bench/src/coldOnLoad.ts), as the app makes its engine's worker, not when a call
 * arrives after the load event.
 */
export async function coldReload(call, page, ask, go = () => page.reload({ waitUntil: 'load' })) {
  await call('askCold', ask);
  await go();
  return call('coldResult');
}

export async function coldBench({ page, cdp, call, runs, notes, log }) {
  let rebuilt = 0;
  const onConsole = (msg) => {
    if (/index rebuilt from items/.test(msg.text())) rebuilt++;
  };
  page.on('console', onConsole);
  await call('closeRaw');
  // The SQLite anchor's OPFS file is written again now, from the in-memory database this page's
  // SQLite worker still holds (the first reload ends it), whatever happened to the first copy.
  const copy = await call('sqliteToOpfs');
  notes.push(
    `SQLite OPFS copy for the cold start: ${copy.status} in ${(copy.ms / 1000).toFixed(1)} s ` +
      `(OPFS root before it: ${copy.filesBefore.length ? copy.filesBefore.join(', ') : 'empty'}).`,
  );
  // The engine writes its index snapshot 2 s after the last change (and the app's page when the
  // tab is hidden): write any pending one now. A fixed 5 s wait was too short at 1M, after the
  // refresh step, and one start of 48 rebuilt the index from the items (18 s).
  await call('flushSnapshot');
  // Every engine start below is a reload, as the rows say: a second page of the same origin holds
  // a connection to the engine's database while the SQLite anchor's pages load. Without it an
  // anchor start of ~2 s left the database with no connection long enough for Chromium to close
  // its backing store, and the next engine start paid the reopen (~300 ms at 300k records; one
  // start of 22 s at 1M). A start after that close has its own row, after the loop.
  const keeper = await holdDatabase(page);
  // Each list type is its own row: per run, every list is opened after a reload by the engine
  // and then by SQLite (A B A B …). "Every filter ready" is timed on the all list's starts.
  const lists = await call('coldLists');
  const per = new Map(
    lists.map(({ list }) => [
      list,
      { e: [], s: [], eScript: [], eBoot: [], eInit: [], eAnswer: [], sScript: [], sAnswer: [], sRetries: 0 },
    ]),
  );
  const eFilters = [];
  let sqliteError = '';
  let sqliteFailures = 0;
  for (let i = -1; i < runs; i++) {
    for (const { list } of lists) {
      const parts = per.get(list);
      const er = await coldReload(call, page, { backend: 'engine', list, filters: list === 'all' });
      if (i >= 0) {
        parts.e.push(er.firstRows);
        parts.eScript.push(er.scriptStart);
        parts.eBoot.push(er.booted - er.scriptStart);
        parts.eInit.push(er.inited - er.scriptStart);
        parts.eAnswer.push(er.answered - er.scriptStart);
        if (er.filtersReady !== null) eFilters.push(er.filtersReady);
      }
      // Without a copy, or after two failed opens in a row (each retried for 5 s), skip SQLite.
      if (copy.status !== 'ok') sqliteError = `no OPFS copy: ${copy.status}`;
      if (copy.status !== 'ok' || sqliteFailures >= 2) continue;
      try {
        const sr = await coldReload(call, page, { backend: 'sqlite', list });
        sqliteFailures = 0;
        if (i >= 0) {
          parts.s.push(sr.firstRows);
          parts.sScript.push(sr.scriptStart);
          parts.sAnswer.push(sr.answered - sr.scriptStart);
          parts.sRetries += sr.retries;
        }
      } catch (err) {
        sqliteFailures++;
        sqliteError = err instanceof Error ? err.message.split('\n')[0] : String(err);
      }
    }
  }
  // A reload right after marking articles read, before the snapshot write that change schedules
  // lands (the app's page asks for one when hidden, but at 1M it can outlast a closing page): the
  // start finds the snapshot behind and brings it up to date from the flag log
  // (worker/index/flagLog.ts) instead of rebuilding the index from every record.
  const afterMark = [];
  const afterMarkParts = { eInit: [], eAnswer: [] };
  const rebuiltBeforeMark = rebuilt;
  const marked = [];
  // RIVULET_BENCH_TRACE_COLD=file.json: a trace of these starts (the "engine" windows, stamped
  // only when tracing, from just before each reload to the rows painted) and of as many reloads
  // with nothing marked after them ("static"), summed by thread as for the scroll step (trace.mjs).
  const tracing = Boolean(process.env.RIVULET_BENCH_TRACE_COLD);
  const trace = await traceStep({ cdp, log }, 'RIVULET_BENCH_TRACE_COLD');
  const stamp = runStamper(page, 'RIVULET_BENCH_TRACE_COLD');
  const reloadAll = async (kind) => {
    await stamp(`${kind} start`);
    const er = await coldReload(call, page, { backend: 'engine', list: 'all' });
    await stamp(`${kind} stop`);
    return er;
  };
  const figures = (er) =>
    `rows at ${Math.round(er.firstRows)} ms (init ${Math.round(er.inited - er.scriptStart)}, first page ${Math.round(er.answered - er.scriptStart)})`;
  const traced = [];
  for (let i = 0; i < Math.min(3, runs); i++) {
    marked.push(...(await call('markReadUnwritten', 5)));
    if (process.env.RIVULET_BENCH_MARK_WAIT) await sleep(Number(process.env.RIVULET_BENCH_MARK_WAIT));
    const er = await reloadAll('engine');
    traced.push(`  reload after marking: ${figures(er)}`);
    afterMark.push(er.firstRows);
    afterMarkParts.eInit.push(er.inited - er.scriptStart);
    afterMarkParts.eAnswer.push(er.answered - er.scriptStart);
  }
  const rebuiltAfterMark = rebuilt - rebuiltBeforeMark;
  if (marked.length) await call('markUnreadWritten', marked);
  for (let i = 0; tracing && i < Math.min(3, runs); i++) {
    await call('initEngine');
    traced.push(`  unmarked reload from an engine page: ${figures(await reloadAll('static'))}`);
  }
  if (tracing) log(traced.join('\n'));
  await trace.stop();
  await keeper.close();
  // A first start after the last tab closed: the browser has closed the database by then.
  const closed = [];
  const closedParts = { eScript: [], eBoot: [], eInit: [], eAnswer: [] };
  for (let i = 0; i < Math.min(3, runs); i++) {
    const url = page.url();
    const er = await coldReload(call, page, { backend: 'engine', list: 'all' }, async () => {
      await page.goto(new URL('/rivulet-bench-away', url).href);
      await sleep(CLOSED_GAP_MS);
      await page.goto(url, { waitUntil: 'load' });
    });
    closed.push(er.firstRows);
    closedParts.eScript.push(er.scriptStart);
    closedParts.eBoot.push(er.booted - er.scriptStart);
    closedParts.eInit.push(er.inited - er.scriptStart);
    closedParts.eAnswer.push(er.answered - er.scriptStart);
  }
  page.off('console', onConsole);
  await page.reload({ waitUntil: 'load' });
  if (rebuilt)
    notes.push(
      `Cold start: the engine rebuilt its index from items in ${rebuilt} of ${(runs + 1) * lists.length} starts (snapshot stale).`,
    );
  const firstRows = lists.map(({ list, label }) => {
    const parts = per.get(list);
    const first = summarize(parts.e);
    const anchor = parts.s.length ? summarize(parts.s) : null;
    return {
      bench: 'cold start',
      case: `reload → first 50 rows painted: ${label}`,
      unit: 'ms median (p95)',
      subject: first,
      anchor,
      anchorName: 'SQLite WASM from OPFS',
      ratio: anchor ? first.median / anchor.median : null,
      target: '≤ 300 ms',
      status: verdict(first.median <= 300),
      note:
        `ms since navigation start; medians: page script starts at ${med(parts.eScript)} vs ${med(parts.sScript)} ms, then from that start: ` +
        `engine init ${med(parts.eInit)} ms (worker answering from ${med(parts.eBoot)} ms) + first page → ${med(parts.eAnswer)} ms vs SQLite module + OPFS open + query ${med(parts.sAnswer)} ms` +
        (parts.sRetries
          ? ` (SQLite open retried ${parts.sRetries}× while the old page released the file)`
          : '') +
        (sqliteError ? `; SQLite: ${sqliteError}` : ''),
    };
  });
  return [
    ...firstRows,
    {
      bench: 'cold start',
      case: `start ${CLOSED_GAP_MS / 1000} s after the last page closed → first 50 rows painted: all`,
      unit: 'ms median (p95)',
      subject: closed.length ? summarize(closed) : null,
      anchor: null,
      anchorName: '—',
      ratio: null,
      target: '—',
      status: 'info',
      note:
        `${closed.length} start${closed.length === 1 ? '' : 's'}; the browser reopens the database it closed after a few seconds with no connection; ` +
        `medians: page script starts at ${med(closedParts.eScript)} ms, then from that start: engine init ${med(closedParts.eInit)} ms (worker answering from ${med(closedParts.eBoot)} ms) + first page → ${med(closedParts.eAnswer)} ms`,
    },
    {
      bench: 'cold start',
      case: 'reload right after marking 5 read (snapshot not yet written) → first 50 rows painted: all',
      unit: 'ms median (p95)',
      subject: afterMark.length ? summarize(afterMark) : null,
      anchor: null,
      anchorName: '—',
      ratio: null,
      target: '≤ 300 ms',
      status: afterMark.length
        ? verdict(summarize(afterMark).median <= 300 && rebuiltAfterMark === 0)
        : 'n/a',
      note:
        `${afterMark.length} start${afterMark.length === 1 ? '' : 's'}, each a reload at once after the change; ` +
        `${rebuiltAfterMark} rebuilt the index from items (the others applied the flag log); ` +
        `medians, from the page script's start: engine init ${med(afterMarkParts.eInit)} ms + first page → ${med(afterMarkParts.eAnswer)} ms`,
    },
    {
      bench: 'cold start',
      case: 'reload → every filter ready (description LIKE answered)',
      unit: 'ms median (p95)',
      subject: eFilters.length ? summarize(eFilters) : null,
      anchor: null,
      anchorName: '—',
      ratio: null,
      target: '≤ 2000 ms',
      status: eFilters.length ? verdict(summarize(eFilters).median <= 2000) : 'n/a',
      note: eFilters.length ? undefined : 'n/a (engine API missing: query.run)',
    },
  ];
}
