import { describe, expect, it } from 'vitest';
import { AiError } from './errors';
import { readChatStream, SseParser } from './sse';

const delta = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

function streamOf(
  chunks: (string | Uint8Array)[],
  opts: { error?: boolean } = {},
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream({
    start(ctl) {
      for (const c of chunks) ctl.enqueue(typeof c === 'string' ? enc.encode(c) : c);
      if (opts.error) ctl.error(new TypeError('network error'));
      else ctl.close();
    },
  });
}

describe('SseParser', () => {
  it('joins events split at any point, skips comments and other fields', () => {
    const got: string[] = [];
    const p = new SseParser((d) => got.push(d));
    const text =
      ': keep-alive\n\nevent: message\nid: 1\ndata: one\n\ndata: two\ndata: lines\r\n\r\ndata:three\n\n';
    for (const ch of text) p.push(ch);
    p.end();
    expect(got).toEqual(['one', 'two\nlines', 'three']);
  });

  it('delivers a last event without its blank line at the end', () => {
    const got: string[] = [];
    const p = new SseParser((d) => got.push(d));
    p.push('data: tail');
    p.end();
    expect(got).toEqual(['tail']);
  });
});

describe('readChatStream', () => {
  it('collects deltas until [DONE], calling back with the text so far', async () => {
    const seen: string[] = [];
    const all = delta('Hel') + delta('lo ') + delta('世界') + 'data: [DONE]\n\n';
    // Split inside a multi-byte character and inside "data:".
    const bytes = new TextEncoder().encode(all);
    const chunks = [bytes.slice(0, 7), bytes.slice(7, 80), bytes.slice(80, 81), bytes.slice(81)];
    const result = await readChatStream(streamOf(chunks), (t) => seen.push(t));
    expect(result).toEqual({ text: 'Hello 世界', complete: true });
    expect(seen).toEqual(['Hel', 'Hello ', 'Hello 世界']);
  });

  it('accepts a finish_reason instead of [DONE]', async () => {
    const end = `data: ${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\n\n`;
    await expect(readChatStream(streamOf([delta('ok'), end]), () => {})).resolves.toEqual({
      text: 'ok',
      complete: true,
    });
  });

  it('reports a stream that ends without [DONE] as broken, keeping the partial text', async () => {
    const err = await readChatStream(streamOf([delta('part')]), () => {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiError);
    expect((err as AiError).kind).toBe('broken_stream');
    expect((err as AiError & { partial: string }).partial).toBe('part');
  });

  it('reports a connection error mid-way as broken', async () => {
    const err = await readChatStream(streamOf([delta('part')], { error: true }), () => {}).catch(
      (e: unknown) => e,
    );
    expect((err as AiError).kind).toBe('broken_stream');
  });

  it('reports non-JSON data and error events', async () => {
    const html = await readChatStream(streamOf(['data: <html>\n\n']), () => {}).catch((e: unknown) => e);
    expect((html as AiError).kind).toBe('bad_response');
    const failed = await readChatStream(
      streamOf([`data: {"error":{"message":"overloaded"}}\n\n`]),
      () => {},
    ).catch((e: unknown) => e);
    expect((failed as AiError).kind).toBe('server');
    expect((failed as AiError).message).toContain('overloaded');
    const timedOut = await readChatStream(
      streamOf([delta('a'), `data: {"error":{"code":"timeout","message":"stopped"}}\n\n`]),
      () => {},
    ).catch((e: unknown) => e);
    expect((timedOut as AiError).kind).toBe('timeout');
  });
});
