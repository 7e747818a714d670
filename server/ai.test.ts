import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type AiServer, startAiServer } from '../tests/fixtures/aiServer.ts';
import { aiConfigFromEnv } from './aiConfig.ts';
import { postChunks, startApp, type Running } from './testing.ts';

const KEY = 'sk-server-secret';
let fixture: AiServer;
let app: Running;
let bare: Running;

beforeAll(async () => {
  fixture = await startAiServer({ key: KEY });
  app = await startApp({
    distDir: '/nonexistent',
    ai: {
      url: fixture.baseUrl,
      key: KEY,
      model: 'deepseek-chat',
      allowedModels: ['deepseek-chat', 'fixture-large'],
    },
    aiLimits: { idleTimeoutMs: 300 },
  });
  bare = await startApp({ distDir: '/nonexistent', ai: null });
});
afterAll(async () => {
  await app.close();
  await bare.close();
  await fixture.close();
});
afterEach(() => fixture.reset());

const chatBody = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Summarise this' }], ...extra });

function post(base: Running, path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${base.url}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('/api/ai on a configured server', () => {
  it('status says configured and the model, never the key', async () => {
    const res = await fetch(`${app.url}/api/ai/status`);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ configured: true, model: 'deepseek-chat' });
    expect(text).not.toContain(KEY);
  });

  it('forwards a chat with its own key and forces the configured model', async () => {
    const res = await post(app, '/api/ai/chat/completions', chatBody(), {
      authorization: 'Bearer page-should-not-pass',
    });
    expect(res.status).toBe(200);
    const json = (await res.json()) as { choices: { message: { content: string } }[] };
    expect(json.choices[0]?.message.content).toContain('summary');
    const seen = fixture.chats()[0];
    expect(seen?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen?.body?.model).toBe('deepseek-chat');
    expect(seen?.body?.messages?.[0]?.content).toBe('Summarise this');
  });

  it('keeps an allowed model the page asked for', async () => {
    await (await post(app, '/api/ai/chat/completions', chatBody({ model: 'fixture-large' }))).text();
    expect(fixture.chats()[0]?.body?.model).toBe('fixture-large');
  });

  it('streams server-sent events through as they arrive', async () => {
    fixture.next({ kind: 'text', content: 'one two three four', chunks: 4, delayMs: 80 });
    const res = await post(app, '/api/ai/chat/completions', chatBody({ stream: true }));
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const reader = res.body!.getReader();
    const first = await reader.read();
    // The first event arrives long before the upstream finished (4 × 80 ms).
    expect(new TextDecoder().decode(first.value)).toContain('data: ');
    expect(fixture.active).toBe(1);
    let all = new TextDecoder().decode(first.value);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      all += new TextDecoder().decode(value);
    }
    expect(all).toContain('[DONE]');
  });

  it('passes 429 with Retry-After and 401 through', async () => {
    fixture.next({ kind: 'status', status: 429, retryAfter: '7' });
    const limited = await post(app, '/api/ai/chat/completions', chatBody());
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    fixture.next({ kind: 'status', status: 401 });
    expect((await post(app, '/api/ai/chat/completions', chatBody())).status).toBe(401);
  });

  it('cuts a stream that stalls after the idle timeout', async () => {
    fixture.next({ kind: 'stall', sent: 'partial' });
    const res = await post(app, '/api/ai/chat/completions', chatBody({ stream: true }));
    const text = await res.text();
    expect(text).toContain('partial');
    expect(text).toMatch(/data: \{"error":\{"code":"timeout"/);
    expect(text).not.toContain('[DONE]');
  });

  it('lists models with the server key', async () => {
    const res = await fetch(`${app.url}/api/ai/models`);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(2);
    expect(fixture.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it('refuses bad bodies, wrong methods and oversize requests', async () => {
    const notJson = await post(app, '/api/ai/chat/completions', '{nope');
    expect([notJson.status, ((await notJson.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      'bad_request',
    ]);
    const noMessages = await post(app, '/api/ai/chat/completions', JSON.stringify({ messages: [] }));
    expect(noMessages.status).toBe(400);
    expect((await fetch(`${app.url}/api/ai/chat/completions`)).status).toBe(405);
    const huge = await post(app, '/api/ai/chat/completions', chatBody({ pad: 'x'.repeat(1_100_000) }));
    expect(huge.status).toBe(413);
    expect(fixture.chats()).toHaveLength(0);
  });

  it('refuses an oversize declared Content-Length before the body and a chunked body past the cap', async () => {
    const json = { 'content-type': 'application/json' };
    const declared = await postChunks(app.port, '/api/ai/chat/completions', {
      headers: json,
      chunks: [Buffer.from('{"messages":')],
      declaredLength: 50_000_000,
      end: false,
    });
    expect([declared.status, declared.error?.code]).toEqual([413, 'too_large']);
    const pad = Buffer.alloc(256 * 1024, ' ');
    const streamed = await postChunks(app.port, '/api/ai/chat/completions', {
      headers: json,
      chunks: [Buffer.from(chatBody().slice(0, -1) + ',"pad":"'), ...Array<Buffer>(8).fill(pad)],
    });
    expect([streamed.status, streamed.error?.code]).toEqual([413, 'too_large']);
    expect(fixture.chats()).toHaveLength(0);
  });

  it('refuses foreign Origins before reaching upstream', async () => {
    const res = await post(app, '/api/ai/chat/completions', chatBody(), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const relay = await fetch(`${app.url}/api/ai/relay/models`, {
      headers: { origin: 'https://evil.example', 'x-rivulet-target': fixture.baseUrl },
    });
    expect(relay.status).toBe(403);
    expect(fixture.requests).toHaveLength(0);
  });
});

describe('/api/ai on a server without AI', () => {
  it('status says not configured; calls answer 503 ai_not_configured', async () => {
    expect(await (await fetch(`${bare.url}/api/ai/status`)).json()).toEqual({
      configured: false,
      model: null,
    });
    const res = await post(bare, '/api/ai/chat/completions', chatBody());
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: {
        code: 'ai_not_configured',
        message: 'AI is not configured on this server: set RIVULET_AI_URL and RIVULET_AI_KEY',
      },
    });
    expect((await fetch(`${bare.url}/api/ai/models`)).status).toBe(503);
  });

  it('unreachable upstream is a 502, not a hang', async () => {
    const dead = await startApp({
      distDir: '/nonexistent',
      ai: { url: 'http://127.0.0.1:1/v1', key: 'k', model: 'm', allowedModels: ['m'] },
    });
    const res = await post(dead, '/api/ai/chat/completions', chatBody());
    expect([res.status, ((await res.json()) as { error: { code: string } }).error.code]).toEqual([
      502,
      'upstream_unreachable',
    ]);
    await dead.close();
  });
});

describe('/api/ai/relay', () => {
  it("forwards to the user's endpoint with the user's own key", async () => {
    const res = await fetch(`${bare.url}/api/ai/relay/models`, {
      headers: { 'x-rivulet-target': `${fixture.baseUrl}/`, authorization: `Bearer ${KEY}` },
    });
    expect(res.status).toBe(200);
    const chat = await post(bare, '/api/ai/relay/chat/completions', chatBody(), {
      'x-rivulet-target': fixture.baseUrl,
      authorization: 'Bearer wrong',
    });
    expect(chat.status).toBe(401);
    expect(fixture.chats()[0]?.body?.model).toBe('gpt-4o');
  });

  it('refuses other schemes, credentials in the URL, missing targets and other paths', async () => {
    const cases: Array<[string, Record<string, string>, number]> = [
      ['/api/ai/relay/models', { 'x-rivulet-target': 'file:///etc/passwd' }, 400],
      ['/api/ai/relay/models', { 'x-rivulet-target': 'http://u:p@127.0.0.1/v1' }, 400],
      ['/api/ai/relay/models', {}, 400],
      ['/api/ai/relay/files', { 'x-rivulet-target': fixture.baseUrl }, 404],
    ];
    for (const [path, headers, status] of cases)
      expect((await fetch(`${bare.url}${path}`, { headers })).status).toBe(status);
    expect(fixture.requests).toHaveLength(0);
  });
});

describe('aiConfigFromEnv', () => {
  it('needs URL and key, defaults the model, rejects non-http URLs', () => {
    expect(aiConfigFromEnv({})).toBeNull();
    expect(aiConfigFromEnv({ RIVULET_AI_URL: 'https://api.deepseek.com/v1/' })).toBeNull();
    expect(aiConfigFromEnv({ RIVULET_AI_URL: 'https://api.deepseek.com/v1/', RIVULET_AI_KEY: 'k' })).toEqual({
      url: 'https://api.deepseek.com/v1',
      key: 'k',
      model: 'deepseek-chat',
      allowedModels: ['deepseek-chat'],
    });
    expect(aiConfigFromEnv({ RIVULET_AI_URL: 'ftp://x', RIVULET_AI_KEY: 'k' })).toBeNull();
    expect(
      aiConfigFromEnv({
        RIVULET_AI_URL: 'http://x',
        RIVULET_AI_KEY: 'k',
        RIVULET_AI_MODEL: 'a',
        RIVULET_AI_MODELS: 'b, c',
      })?.allowedModels,
    ).toEqual(['a', 'b', 'c']);
  });
});
