import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../engine';
import { createTestEngine, internalsOf } from '../testing/createTestEngine';
import { incoming } from '../testing/fixtures';
import { META_KEYS } from '../db/meta';
import { FLAG_READ } from '../../shared/flags';
import type { RuleAction, RuleAiConfig } from './types';

const NOW = 1_000_000_000;
const PROMPT = 'Summarise the article in three bullet points.';
const AI: RuleAiConfig = {
  endpoint: {
    kind: 'personal',
    baseUrl: 'https://ai.test/v1',
    apiKey: 'sk-test',
    model: 'm-1',
    relay: false,
  },
  summaryPrompt: PROMPT,
  language: { tag: 'zh-CN', english: 'Simplified Chinese' },
};
const ENGLISH =
  '<p>The new release of the compiler brings faster builds and better error messages for everyone.</p>' +
  '<p>Teams that upgrade report shorter feedback loops and fewer surprises in production.</p>';

interface Call {
  url: string;
  body: { model?: string; messages?: Array<{ role: string; content: string }> } | null;
  headers: Record<string, string>;
}

let calls: Call[];
/** What the fake AI endpoint answers next (status and content), by default a summary. */
let aiReply: (call: Call) => { status: number; content?: string };
/** Article pages by URL; anything else is a 404 upstream. */
let pages: Map<string, string>;
/** Held AI answers: while set, AI calls wait for it. */
let aiGate: Promise<void> | null;

const fakeFetch = async (input: string, init?: RequestInit): Promise<Response> => {
  const url = new URL(input);
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Call['body']) : null;
  const call: Call = { url: input, body, headers: (init?.headers ?? {}) as Record<string, string> };
  calls.push(call);
  if (url.host === 'ai.test') {
    if (aiGate) await aiGate;
    const reply = aiReply(call);
    if (reply.status !== 200) return new Response('{"error":{"message":"nope"}}', { status: reply.status });
    return Response.json({ choices: [{ message: { role: 'assistant', content: reply.content } }] });
  }
  if (url.pathname === '/api/fetch') {
    const page = pages.get(url.searchParams.get('url') ?? '');
    const headers = { 'X-Upstream-Status': page ? '200' : '404', 'X-Upstream-Content-Type': 'text/html' };
    return new Response(page ?? 'gone', { status: 200, headers });
  }
  return new Response('unexpected', { status: 500 });
};

let engine: Engine;
let feed: number;
let dbName: string;

const newEngine = () =>
  createTestEngine({ now: () => NOW, dbName, fetch: { base: 'http://app.test', impl: fakeFetch } });

async function withRule(actions: RuleAction[]) {
  return engine.rules.save({ name: 'r', query: "title LIKE 'rust'", actions, enabled: true });
}

async function ingest(items: Array<{ guid: string; title: string; link?: string; description?: string }>) {
  return (
    await engine.items.ingest(
      feed,
      items.map((i) =>
        incoming({ ...i, link: i.link ?? '', description: i.description ?? ENGLISH, pubDate: NOW }),
      ),
    )
  ).added;
}

const summaryOf = async (id: number) => {
  const item = (await engine.items.get(id))!;
  return engine.ai.getSummary({ itemId: id, contentHash: item.contentHash, model: 'm-1', prompt: PROMPT });
};
const aiCalls = () => calls.filter((c) => c.url.startsWith('https://ai.test/'));

const articlePage = (words: string) =>
  `<html><head><title>Whole</title></head><body><article><h1>Whole</h1>${`<p>${words} </p>`.repeat(8)}</article></body></html>`;

beforeEach(async () => {
  calls = [];
  pages = new Map();
  aiGate = null;
  aiReply = () => ({ status: 200, content: 'A summary made by the rule.' });
  dbName = `rule-actions-${Math.random().toString(36).slice(2)}`;
  engine = newEngine();
  await engine.init();
  feed = await engine.feeds.save({ url: 'https://news.test/rss', title: 'News' });
});
afterEach(() => engine.close());

describe('summarise at ingest', () => {
  it('calls the configured endpoint once per article and caches under the reader key', async () => {
    await engine.rules.configureAi(AI);
    await withRule([{ type: 'summarize' }]);
    const [a, b] = await ingest([
      { guid: 'a', title: 'Rust 2.0' },
      { guid: 'b', title: 'Go news' },
    ]);
    await engine.rules.idle();
    expect(await summaryOf(a!)).toMatchObject({ text: 'A summary made by the rule.', model: 'm-1' });
    expect(await summaryOf(b!)).toBeNull();
    expect(aiCalls()).toHaveLength(1);
    const [call] = aiCalls();
    expect(call!.url).toBe('https://ai.test/v1/chat/completions');
    expect(call!.headers.Authorization).toBe('Bearer sk-test');
    expect(call!.body!.model).toBe('m-1');
    expect(call!.body!.messages![0]!.content).toContain(PROMPT);
    expect(call!.body!.messages![1]!.content).toContain('Title: Rust 2.0\nFeed: News');
    expect(call!.body!.messages![1]!.content).toContain('faster builds');
  });

  it('does not hold ingest up while the model answers', async () => {
    await engine.rules.configureAi(AI);
    await withRule([{ type: 'summarize' }]);
    let open!: () => void;
    aiGate = new Promise((resolve) => (open = resolve));
    const [a] = await ingest([{ guid: 'a', title: 'Rust 2.0' }]);
    expect(await summaryOf(a!)).toBeNull();
    open();
    await engine.rules.idle();
    expect(await summaryOf(a!)).not.toBeNull();
  });

  it('notes a failing endpoint in the run with its reason, and does not try again', async () => {
    await engine.rules.configureAi(AI);
    const rule = await withRule([{ type: 'summarize' }, { type: 'markRead' }]);
    aiReply = () => ({ status: 500 });
    const [a, b] = await ingest([
      { guid: 'a', title: 'Rust 1' },
      { guid: 'b', title: 'Rust 2' },
    ]);
    await engine.rules.idle();
    const [run] = await engine.rules.log(rule.id);
    expect(run!.notes).toEqual(['summarize: 2 of 2 failed (the AI endpoint answered HTTP 500)']);
    expect(aiCalls()).toHaveLength(2);
    expect(await summaryOf(a!)).toBeNull();
    expect(await summaryOf(b!)).toBeNull();
    // The quick action of the same rule happened regardless.
    const { index } = internalsOf(engine);
    expect(index.flags(index.rowOf(a!)) & FLAG_READ).toBe(FLAG_READ);
  });

  it('keeps the settings across a worker restart, and never puts them in a backup', async () => {
    await engine.rules.configureAi(AI);
    engine.close();
    engine = newEngine();
    await engine.init();
    await withRule([{ type: 'summarize' }]);
    const [a] = await ingest([{ guid: 'a', title: 'Rust 2.0' }]);
    await engine.rules.idle();
    expect(await summaryOf(a!)).not.toBeNull();
    const stored = await internalsOf(engine).stores.meta.get(META_KEYS.ruleAiAccount);
    expect(stored).toMatchObject({ endpoint: { apiKey: 'sk-test' } });
    const { isSkippedMetaKey } = await import('../backup/format');
    expect(isSkippedMetaKey(META_KEYS.ruleAiAccount)).toBe(true);
  });

  it('refuses settings that are not valid and keeps the old ones', async () => {
    await engine.rules.configureAi(AI);
    const bad = { ...AI, endpoint: { kind: 'personal', baseUrl: 'ftp://x', apiKey: '', model: 'm' } };
    await expect(engine.rules.configureAi(bad as unknown as RuleAiConfig)).rejects.toMatchObject({
      code: 'bad_input',
    });
    expect(await internalsOf(engine).stores.meta.get(META_KEYS.ruleAiAccount)).toMatchObject({
      endpoint: { baseUrl: 'https://ai.test/v1' },
    });
  });
});

describe('load full article at ingest', () => {
  it('extracts the page in the background, and a summary after it reads the whole article', async () => {
    await engine.rules.configureAi(AI);
    pages.set('https://news.test/a', articlePage('Whole article words about borrow checking in depth'));
    await withRule([{ type: 'loadFullText' }, { type: 'summarize' }]);
    const [a] = await ingest([{ guid: 'a', title: 'Rust 2.0', link: 'https://news.test/a' }]);
    await engine.rules.idle();
    expect(await engine.fullText.get(a!)).toMatchObject({ status: 'ok' });
    expect((await engine.fullText.get(a!))!.html).toContain('borrow checking');
    expect(aiCalls()[0]!.body!.messages![1]!.content).toContain('borrow checking');
  });

  it('notes a page that gives nothing, remembered so a later run does not fetch it again', async () => {
    const rule = await withRule([{ type: 'loadFullText' }]);
    const [a] = await ingest([{ guid: 'a', title: 'Rust 2.0', link: 'https://news.test/gone' }]);
    await engine.rules.idle();
    expect((await engine.rules.log(rule.id))[0]!.notes).toEqual(['loadFullText: 1 of 1 failed (http_error)']);
    expect(await engine.fullText.get(a!)).toMatchObject({ status: 'failed', reason: 'http_error' });
    const fetches = calls.length;
    await engine.rules.runOnce(rule.id);
    await engine.rules.idle();
    expect(calls.length).toBe(fetches);
  });
});

describe('translate at ingest', () => {
  it('translates every paragraph into the configured language and caches it for the reader', async () => {
    await engine.rules.configureAi(AI);
    aiReply = (call) => {
      const user = call.body!.messages![1]!.content;
      const lines = [...user.matchAll(/\[(\d+)\] ([^\n]+)/g)].map((m) => `[${m[1]}] 译文 ${m[1]}`);
      return { status: 200, content: lines.join('\n') };
    };
    await withRule([{ type: 'translate' }]);
    const [a] = await ingest([{ guid: 'a', title: 'Rust 2.0' }]);
    await engine.rules.idle();
    expect(await engine.ai.getTranslation(a!, 'zh-CN')).toMatchObject({
      lang: 'zh-CN',
      paragraphs: ['译文 1', '译文 2'],
      model: 'm-1',
    });
    expect(aiCalls()[0]!.body!.messages![0]!.content).toContain('Simplified Chinese (zh-CN)');
  });

  it('makes no call for an article already in the target language, and notes a partial answer', async () => {
    await engine.rules.configureAi({ ...AI, language: { tag: 'en', english: 'English' } });
    const rule = await withRule([{ type: 'translate' }]);
    await ingest([{ guid: 'a', title: 'Rust 2.0' }]);
    await engine.rules.idle();
    expect(aiCalls()).toHaveLength(0);

    await engine.rules.configureAi(AI);
    aiReply = () => ({ status: 200, content: '[1] 只有第一段' });
    await ingest([{ guid: 'b', title: 'Rust 3.0' }]);
    await engine.rules.idle();
    expect((await engine.rules.log(rule.id))[0]!.notes).toEqual([
      'translate: 1 of 1 failed (the translation came back incomplete)',
    ]);
  });
});
