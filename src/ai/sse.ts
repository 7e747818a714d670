import { t } from '../i18n';
import { AiError } from './errors';

/**
 * An incremental parser of server-sent events as OpenAI-compatible endpoints send them: feed it
 * text as it arrives (chunks may split lines, events and multi-byte characters anywhere — the
 * caller decodes with a streaming TextDecoder), it calls `onData` with each event's data.
 * Comments (`:`), `event:`/`id:` lines and blank keep-alives are skipped.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];

  constructor(private readonly onData: (data: string) => void) {}

  /** Parses a chunk; complete events are delivered at once. */
  push(chunk: string): void {
    this.buffer += chunk;
    let nl: number;
    while ((nl = this.buffer.search(/\r\n|\r|\n/)) !== -1) {
      const line = this.buffer.slice(0, nl);
      const skip = this.buffer.startsWith('\r\n', nl) ? 2 : 1;
      // A lone '\r' at the very end may be the first half of '\r\n': wait for more.
      if (skip === 1 && this.buffer[nl] === '\r' && nl === this.buffer.length - 1) break;
      this.buffer = this.buffer.slice(nl + skip);
      this.line(line);
    }
  }

  /** Ends the stream: a last event without its blank line is still delivered. */
  end(): void {
    if (this.buffer) this.line(this.buffer);
    this.buffer = '';
    this.line('');
  }

  private line(line: string): void {
    if (line === '') {
      if (this.data.length > 0) this.onData(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
  }
}

/** What one streamed chat completion produced. */
export interface StreamResult {
  text: string;
  /** Ended properly ([DONE] or a finish_reason); false when cut short (never for a full answer). */
  complete: boolean;
}

interface ChunkShape {
  choices?: { delta?: { content?: unknown }; finish_reason?: unknown }[];
  error?: { message?: unknown; code?: unknown };
}

/**
 * Reads an OpenAI-style chat completion stream, calling `onText` with the whole text so far
 * after each piece. Resolves with the text when the stream ends with `[DONE]` or a
 * `finish_reason`. Rejects with AiError: `broken_stream` when the connection ends or fails
 * first (the partial text is in the message's `partial`), `bad_response` for an error event or
 * data that is not JSON. Abort via the fetch's signal (then rejects with the AbortError).
 */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onText: (text: string) => void,
): Promise<StreamResult> {
  const decoder = new TextDecoder();
  let text = '';
  let complete = false;
  // A holder, not a `let`: TypeScript cannot see the callback assign it.
  const state: { failure: AiError | null } = { failure: null };
  const parser = new SseParser((data) => {
    if (complete || state.failure) return;
    if (data.trim() === '[DONE]') {
      complete = true;
      return;
    }
    let chunk: ChunkShape;
    try {
      chunk = JSON.parse(data) as ChunkShape;
    } catch {
      state.failure = new AiError('bad_response', t('ai.errors.notStream'), t('ai.errors.notStreamHint'));
      return;
    }
    if (chunk.error) {
      const msg = typeof chunk.error.message === 'string' ? chunk.error.message : t('ai.errors.unknownError');
      // The companion server ends a stalled stream with `{ error: { code: 'timeout' } }`.
      state.failure =
        chunk.error.code === 'timeout'
          ? new AiError(
              'timeout',
              t('ai.errors.streamTimeout', { message: msg }),
              t('ai.errors.streamTimeoutHint'),
            )
          : new AiError('server', t('ai.errors.streamError', { message: msg }), t('ai.errors.tryMoment'));
      return;
    }
    const choice = chunk.choices?.[0];
    const piece = choice?.delta?.content;
    if (typeof piece === 'string' && piece !== '') {
      text += piece;
      onText(text);
    }
    if (typeof choice?.finish_reason === 'string') complete = true;
  });
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      if (state.failure) throw state.failure;
    }
    parser.push(decoder.decode());
    parser.end();
  } catch (err) {
    if (err instanceof AiError) throw err;
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw brokenStream(text);
  } finally {
    reader.releaseLock();
  }
  if (state.failure) throw state.failure;
  if (!complete) throw brokenStream(text);
  return { text, complete };
}

function brokenStream(partial: string): AiError {
  const err = new AiError(
    'broken_stream',
    partial ? t('ai.errors.cutOff') : t('ai.errors.closedEarly'),
    t('ai.errors.tryAgain'),
  );
  Object.assign(err, { partial });
  return err;
}
