import { afterEach, describe, expect, it, vi } from 'vitest';
import { internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { textPersistKit } from '../testing/textPersistKit';
import { dbError } from '../db/dbErrors';
import { FakeChunkDir } from './fakeOpfs';
import { isTransientFailure, RESTORE_RETRY_MS, writeText } from './textIndexStorage';

const { NOW, engineOn, persisted, answers } = textPersistKit();

afterEach(() => vi.restoreAllMocks());

describe('writeText when the write fails', () => {
  async function written() {
    const engine = await engineOn();
    const feedId = await engine.feeds.save({ url: 'https://a.example/rss', title: 'A' });
    await engine.items.ingest(feedId, [incoming({ guid: 'g', title: 'Garnet', pubDate: NOW - 5 })], NOW);
    const internals = internalsOf(engine);
    await internals.textIndex.fresh();
    expect(await engine.flushSnapshot()).toBe(true);
    expect(internals.textIndex.persistState.lineage).not.toBe('');
    return { engine, internals, text: internals.textIndex };
  }

  it('on a database closed under it: no warning, and the next write is a whole one', async () => {
    const { internals, text } = await written();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    internals.db.dexie.close();
    expect(await writeText(internals.db, text.store, text.search, 1, text.persistState, new Set())).toBe(
      false,
    );
    expect(warn).not.toHaveBeenCalled();
    expect(text.persistState.lineage).toBe('');
  });

  it('on an open database: warns, and the next write is a whole one', async () => {
    const { internals, text } = await written();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(internals.db, 'tx').mockRejectedValue(new Error('disk full'));
    expect(await writeText(internals.db, text.store, text.search, 1, text.persistState, new Set())).toBe(
      false,
    );
    expect(warn).toHaveBeenCalledWith('Rivulet: text index not written', expect.any(Error));
    expect(text.persistState.lineage).toBe('');
  });
});

describe('restoring the text index after a failed read', () => {
  // The fake folder's `open` of an existing file fails `times` times with `error`.
  function failingOpens(dir: FakeChunkDir, times: number, error: () => Error) {
    const open = dir.open.bind(dir);
    let left = times;
    return vi.spyOn(dir, 'open').mockImplementation(async (name, create) => {
      if (!create && left > 0) {
        left--;
        throw error();
      }
      return open(name, create);
    });
  }
  const busy = () => new DOMException('The file is open elsewhere', 'NoModificationAllowedError');

  it('tries a transient failure (a busy file) again and keeps the snapshot', async () => {
    const dir = new FakeChunkDir();
    const { name, lineage } = await persisted(dir);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    failingOpens(dir, 1, busy);
    const warm = await engineOn(name, dir);
    expect(internalsOf(warm).textIndex.persistState.lineage).toBe(lineage);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining('snapshot read failed (transient); trying again'),
      expect.any(DOMException),
    );
    expect(warn).not.toHaveBeenCalledWith(expect.stringContaining('rebuilding'), expect.anything());
    await answers(warm);
  });

  it('rebuilds once a transient failure outlasts its tries, saying so', async () => {
    const dir = new FakeChunkDir();
    const { name, lineage } = await persisted(dir);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const opens = failingOpens(dir, 100, busy);
    const cold = await engineOn(name, dir);
    expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
    expect(opens.mock.calls.filter(([, create]) => !create)).toHaveLength(RESTORE_RETRY_MS.length + 1);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        `still failing after ${RESTORE_RETRY_MS.length + 1} tries (transient); rebuilding`,
      ),
      expect.any(DOMException),
    );
    await answers(cold);
  });

  it('rebuilds a corrupt snapshot at once, without trying again', async () => {
    const dir = new FakeChunkDir();
    const { name, lineage } = await persisted(dir);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const opens = failingOpens(dir, 100, () => new RangeError('Invalid typed array length'));
    const cold = await engineOn(name, dir);
    expect(internalsOf(cold).textIndex.persistState.lineage).not.toBe(lineage);
    expect(opens.mock.calls.filter(([, create]) => !create)).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith(
      'Rivulet: text index snapshot corrupt; rebuilding',
      expect.any(RangeError),
    );
    await answers(cold);
  });
});

describe('isTransientFailure', () => {
  it('tells transient failures by name, wrapped or not, from anything else', () => {
    expect(isTransientFailure(new DOMException('busy', 'NoModificationAllowedError'))).toBe(true);
    expect(
      isTransientFailure(dbError('fetch', Object.assign(new Error('io'), { name: 'UnknownError' }))),
    ).toBe(true);
    expect(isTransientFailure({ name: 'DexieError', inner: { name: 'AbortError' } })).toBe(true);
    expect(isTransientFailure(new Error('x', { cause: new DOMException('', 'NotReadableError') }))).toBe(
      true,
    );
    expect(isTransientFailure(new RangeError('bad length'))).toBe(false);
    expect(isTransientFailure(dbError('fetch', new TypeError('x')))).toBe(false);
    expect(isTransientFailure(new Error('UnknownError: said only in the message'))).toBe(false);
    expect(isTransientFailure(null)).toBe(false);
  });
});
