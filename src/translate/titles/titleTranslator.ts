/**
 * List titles in the target language, without React: rows say which titles they show
 * (`want`), and a short moment later the wanted titles are looked up in the engine in one call
 * (cache, language check), the rest go to the AI endpoint many per request, one request at a
 * time, streamed so rows fill in as lines arrive; finished answers are cached in the engine.
 * Rows subscribe to their own title and re-render when it arrives. Nothing here runs during a
 * render: the list stays as fast with titles translated as without.
 */
import type { streamChat } from '../../ai/chat';
import type { AiEndpoint } from '../../ai/endpoint';
import { AiError } from '../../ai/errors';
import type { TitleRef, TitleState, TitleTranslation } from '../../engine/contract';
import { t } from '../../i18n';
import { errorText } from '../../i18n/errorText';
import { parseNumbered } from '../prompt';
import { buildTitleMessages, titleBatches } from './prompt';

/** Where one title is at. */
export type TitleView =
  | { kind: 'pending' }
  | { kind: 'done'; text: string }
  /** Already in the target language. */
  | { kind: 'same' }
  /** The endpoint failed or gave no line for it: the original stays (until the endpoint changes). */
  | { kind: 'failed' };

/** What the translator needs from the rest of the app (the engine, the model, time). */
export interface TitleTranslatorDeps {
  check(titles: TitleRef[], lang: string): Promise<TitleState[]>;
  put(titles: TitleTranslation[], lang: string, model: string): Promise<void>;
  stream: typeof streamChat;
  /** The English name of a language tag, for the prompt. */
  languageName(tag: string): string;
  /** Called once per distinct failure message (the list shows it as a notice). */
  onError(err: unknown): void;
  /** Runs `fn` soon, after the rows of this render have said what they want. */
  later(fn: () => void): void;
}

/** Titles looked up in the engine per call (a few screens of rows). */
const CHECK_CHUNK = 200;

interface Wanted extends TitleRef {
  lang: string;
  key: string;
}

/** The cache and queue of translated list titles of one tab. */
export class TitleTranslator {
  private readonly views = new Map<string, TitleView>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly wanted = new Map<string, Wanted>();
  private scheduled = false;
  private running: Promise<void> | null = null;
  private endpoint: AiEndpoint = { kind: 'none' };
  private readonly reported = new Set<string>();

  constructor(private readonly deps: TitleTranslatorDeps) {}

  /** The key of a title in a language (the row's subscription key). */
  static key(ref: TitleRef, lang: string): string {
    return `${lang}\u0000${ref.id}\u0000${ref.title}`;
  }

  /** Where a title is at; undefined when nobody asked yet. */
  view(key: string): TitleView | undefined {
    return this.views.get(key);
  }

  /** Re-renders a row when its title changes. */
  subscribe(key: string, fn: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  /** The endpoint to call; another endpoint lets failed titles be tried again. */
  setEndpoint(ep: AiEndpoint): void {
    if (JSON.stringify(ep) === JSON.stringify(this.endpoint)) return;
    this.endpoint = ep;
    this.reported.clear();
    for (const [key, v] of this.views)
      if (v.kind === 'failed') {
        this.views.delete(key);
        this.notify(key);
      }
  }

  /** A row shows this title: translate it (no-op when already known or on its way). */
  want(ref: TitleRef, lang: string): void {
    const key = TitleTranslator.key(ref, lang);
    if (this.views.has(key)) return;
    this.views.set(key, { kind: 'pending' });
    this.wanted.set(key, { ...ref, lang, key });
    this.kick();
  }

  /** The row left the screen: a title not sent yet is dropped from the queue. */
  unwant(ref: TitleRef, lang: string): void {
    const key = TitleTranslator.key(ref, lang);
    if (this.wanted.delete(key)) this.views.delete(key);
  }

  /** Resolves when nothing is queued or running (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private set(key: string, view: TitleView): void {
    this.views.set(key, view);
    this.notify(key);
  }

  private notify(key: string): void {
    for (const fn of this.listeners.get(key) ?? []) fn();
  }

  private kick(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    this.deps.later(() => {
      this.scheduled = false;
      this.running = this.drain().finally(() => {
        this.running = null;
        if (this.wanted.size > 0) this.kick();
      });
    });
  }

  private report(err: unknown): void {
    // One notice per distinct explanation (the words the notice shows).
    const text = errorText(err);
    if (this.reported.has(text)) return;
    this.reported.add(text);
    this.deps.onError(err);
  }

  /** Takes the oldest wanted titles of one language. */
  private take(): Wanted[] {
    const first = this.wanted.values().next().value;
    if (!first) return [];
    const out: Wanted[] = [];
    for (const w of this.wanted.values()) {
      if (w.lang !== first.lang) continue;
      out.push(w);
      if (out.length >= CHECK_CHUNK) break;
    }
    for (const w of out) this.wanted.delete(w.key);
    return out;
  }

  private async drain(): Promise<void> {
    for (let group = this.take(); group.length > 0; group = this.take()) {
      const lang = group[0]!.lang;
      let states: TitleState[];
      try {
        states = await this.deps.check(
          group.map(({ id, feedId, title }) => ({ id, feedId, title })),
          lang,
        );
      } catch (err) {
        for (const w of group) this.set(w.key, { kind: 'failed' });
        this.report(err);
        continue;
      }
      const todo: Wanted[] = [];
      group.forEach((w, i) => {
        const s = states[i];
        if (s?.kind === 'cached') this.set(w.key, { kind: 'done', text: s.text });
        else if (s?.kind === 'same') this.set(w.key, { kind: 'same' });
        else todo.push(w);
      });
      await this.translate(todo, lang);
    }
  }

  private async translate(todo: Wanted[], lang: string): Promise<void> {
    let failed = false;
    for (const batch of titleBatches(todo)) {
      const endpoint = this.endpoint;
      if (failed || endpoint.kind === 'none') {
        for (const w of batch) this.set(w.key, { kind: 'failed' });
        if (!failed)
          this.report(
            new AiError('not_configured', t('ai.errors.notConfigured'), t('ai.errors.addEndpoint')),
          );
        failed = true;
        continue;
      }
      const messages = buildTitleMessages(
        batch.map((w) => w.title),
        this.deps.languageName(lang),
        lang,
      );
      const shown = (answer: string, final: boolean) => {
        const lines = parseNumbered(answer, batch.length);
        const last = Math.max(-1, ...lines.keys());
        for (const [i, text] of lines) {
          // While streaming, the last line may still grow: it shows once the next one starts.
          if (text === '' || (!final && i === last)) continue;
          const w = batch[i];
          if (w) this.set(w.key, { kind: 'done', text });
        }
        return lines;
      };
      try {
        const answer = await this.deps.stream(endpoint, messages, (text) => void shown(text, false), {
          temperature: 0.2,
        });
        const lines = shown(answer, true);
        const done: TitleTranslation[] = [];
        batch.forEach((w, i) => {
          const text = lines.get(i);
          if (text) done.push({ id: w.id, feedId: w.feedId, title: w.title, text });
          else this.set(w.key, { kind: 'failed' });
        });
        if (done.length > 0)
          await this.deps
            .put(done, lang, endpoint.model)
            .catch((err: unknown) => console.warn('Rivulet: translated titles not cached', err));
      } catch (err) {
        for (const w of batch)
          if (this.views.get(w.key)?.kind === 'pending') this.set(w.key, { kind: 'failed' });
        this.report(err);
        failed = true;
      }
    }
  }
}
