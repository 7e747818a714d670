import { describe, expect, it, vi } from 'vitest';
import type { AiEndpoint } from '../../ai/endpoint';
import { AiError } from '../../ai/errors';
import type { TitleRef, TitleState, TitleTranslation } from '../../engine/contract';
import { buildTitleMessages, titleBatches } from './prompt';
import { TitleTranslator, type TitleTranslatorDeps } from './titleTranslator';

const SHARED: AiEndpoint = { kind: 'shared', model: 'm1' };

/** A fake model: answers `[n] <lang>:title` for each numbered line, streamed line by line. */
function fakeStream(calls: string[][]): TitleTranslatorDeps['stream'] {
  return (ep, messages, onText) => {
    if (ep.kind === 'none') return Promise.reject(new AiError('not_configured', 'AI is not configured', ''));
    const lines = [...(messages[1]?.content ?? '').matchAll(/^\[(\d+)\] (.*)$/gm)];
    calls.push(lines.map((m) => m[2] ?? ''));
    let answer = '';
    for (const m of lines) {
      answer += `[${m[1]}] EN:${m[2]}\n`;
      onText(answer);
    }
    return Promise.resolve(answer);
  };
}

function setup(cached: Record<number, string> = {}, same: number[] = []) {
  const calls: string[][] = [];
  const stored: TitleTranslation[] = [];
  const checks: TitleRef[][] = [];
  const errors: unknown[] = [];
  const deps: TitleTranslatorDeps = {
    check: (titles) => {
      checks.push(titles);
      return Promise.resolve(
        titles.map((r): TitleState => {
          const hit = cached[r.id] ?? stored.find((s) => s.id === r.id)?.text;
          if (hit) return { id: r.id, kind: 'cached', text: hit };
          return same.includes(r.id) ? { id: r.id, kind: 'same' } : { id: r.id, kind: 'todo' };
        }),
      );
    },
    put: (titles) => {
      stored.push(...titles);
      return Promise.resolve();
    },
    stream: fakeStream(calls),
    languageName: () => 'English',
    onError: (err) => errors.push(err),
    later: (fn) => queueMicrotask(fn),
  };
  const tr = new TitleTranslator(deps);
  tr.setEndpoint(SHARED);
  return { tr, calls, stored, checks, errors, deps };
}

const ref = (id: number, title = `Titel ${id}`): TitleRef => ({ id, feedId: 1, title });
const key = (r: TitleRef) => TitleTranslator.key(r, 'en');
const settle = async (tr: TitleTranslator) => {
  await Promise.resolve();
  await tr.idle();
};

describe('TitleTranslator', () => {
  it('gathers the rows of a render into one lookup and one request, and caches the answers', async () => {
    const { tr, calls, stored, checks } = setup({ 3: 'Cached three' }, [4]);
    const refs = [1, 2, 3, 4].map((id) => ref(id));
    const seen = vi.fn();
    tr.subscribe(key(refs[0]!), seen);
    for (const r of refs) tr.want(r, 'en');
    expect(tr.view(key(refs[0]!))).toEqual({ kind: 'pending' });
    await settle(tr);
    expect(checks).toHaveLength(1);
    expect(calls).toEqual([['Titel 1', 'Titel 2']]);
    expect(tr.view(key(refs[0]!))).toEqual({ kind: 'done', text: 'EN:Titel 1' });
    expect(tr.view(key(refs[1]!))).toEqual({ kind: 'done', text: 'EN:Titel 2' });
    expect(tr.view(key(refs[2]!))).toEqual({ kind: 'done', text: 'Cached three' });
    expect(tr.view(key(refs[3]!))).toEqual({ kind: 'same' });
    expect(seen).toHaveBeenCalled();
    expect(stored.map((s) => [s.id, s.text])).toEqual([
      [1, 'EN:Titel 1'],
      [2, 'EN:Titel 2'],
    ]);
    // Asking again is free: known titles are neither looked up nor sent.
    tr.want(refs[0]!, 'en');
    await settle(tr);
    expect(checks).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });

  it('drops titles that left the screen before their request', async () => {
    const { tr, calls } = setup();
    tr.want(ref(1), 'en');
    tr.want(ref(2), 'en');
    tr.unwant(ref(1), 'en');
    await settle(tr);
    expect(calls).toEqual([['Titel 2']]);
    expect(tr.view(key(ref(1)))).toBeUndefined();
  });

  it('splits many titles into several requests', async () => {
    const { tr, calls } = setup();
    for (let id = 1; id <= 90; id++) tr.want(ref(id), 'en');
    await settle(tr);
    expect(calls.map((c) => c.length)).toEqual([40, 40, 10]);
  });

  it('reports a failing endpoint once, keeps the originals, and tries again with another endpoint', async () => {
    const { tr, errors, deps, stored } = setup();
    const stream = deps.stream;
    deps.stream = () => Promise.reject(new AiError('auth', 'The API key was refused', ''));
    for (let id = 1; id <= 50; id++) tr.want(ref(id), 'en');
    await settle(tr);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('The API key was refused');
    expect(tr.view(key(ref(1)))).toEqual({ kind: 'failed' });
    expect(tr.view(key(ref(50)))).toEqual({ kind: 'failed' });
    expect(stored).toEqual([]);
    deps.stream = stream;
    tr.setEndpoint({ kind: 'shared', model: 'm2' });
    expect(tr.view(key(ref(1)))).toBeUndefined();
    tr.want(ref(1), 'en');
    await settle(tr);
    expect(tr.view(key(ref(1)))).toEqual({ kind: 'done', text: 'EN:Titel 1' });
  });

  it('says AI is not configured instead of calling nothing silently', async () => {
    const { tr, errors, calls } = setup();
    tr.setEndpoint({ kind: 'none' });
    tr.want(ref(1), 'en');
    await settle(tr);
    expect(calls).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(tr.view(key(ref(1)))).toEqual({ kind: 'failed' });
  });

  it('a title the model skipped stays original; the others are kept', async () => {
    const { tr, deps, stored } = setup();
    deps.stream = (_ep, _m, onText) => {
      onText('[2] Second');
      return Promise.resolve('[2] Second\n');
    };
    tr.want(ref(1), 'en');
    tr.want(ref(2), 'en');
    await settle(tr);
    expect(tr.view(key(ref(1)))).toEqual({ kind: 'failed' });
    expect(tr.view(key(ref(2)))).toEqual({ kind: 'done', text: 'Second' });
    expect(stored.map((s) => s.id)).toEqual([2]);
  });
});

describe('title prompt', () => {
  it('numbers one headline per line and names the language with its tag', () => {
    const [system, user] = buildTitleMessages(['Hallo\nWelt', 'Zweiter Titel'], 'English', 'en');
    expect(system?.content.split('\n')[0]).toBe('You translate headlines.');
    expect(system?.content).toContain('into English (en).\n');
    expect(user?.content).toBe('[1] Hallo Welt\n[2] Zweiter Titel');
  });

  it('batches by count and by characters', () => {
    const long = { title: 'x'.repeat(3000) };
    expect(titleBatches([long, long, { title: 'y' }]).map((b) => b.length)).toEqual([1, 2]);
    expect(titleBatches([]).length).toBe(0);
  });
});
