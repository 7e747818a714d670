import './testing/happyDomCompat';
import { renderUi } from './testing/render';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../worker/types';
import { FLAG_READ, FLAG_SAVED } from '../../shared/flags';
import { getPlayer } from '../player/player';
import { Reader, type ReaderProps } from './Reader';
import { closePreview, openPreview } from './imagePreviewStore';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

function makeItem(over: Partial<Item> = {}): Item {
  return {
    id: 7,
    feedId: 1,
    guid: 'g',
    title: 'A fine article',
    author: 'Ada',
    description:
      '<h2>One</h2><p>Intro <a href="/rel">link</a> <img src="i.png" alt="pic"></p><h2>Two</h2><pre><code class="language-js">run()</code></pre><h2>Three</h2><p>End<script>alert(1)</script></p>',
    pubDate: 1_700_000_000,
    link: 'https://blog.example/posts/1',
    enclosure: null,
    flags: 0,
    dedupeKey: 'g',
    contentHash: 'h',
    firstSeen: 1_700_000_000,
    ...over,
  };
}

function setup(over: Partial<ReaderProps> = {}) {
  const props: ReaderProps = {
    item: makeItem(),
    feedTitle: 'Example Blog',
    onToggleRead: vi.fn(),
    onToggleSaved: vi.fn(),
    onPrev: vi.fn(),
    onNext: vi.fn(),
    onClose: vi.fn(),
    ...over,
  };
  // In a router, as in the app: the feed's name links to its list (shown here by its path).
  const router = createMemoryRouter(
    [
      { path: '/f/:id', element: <p data-testid="at-feed">feed list</p> },
      { path: '*', element: <Reader {...props} /> },
    ],
    { initialEntries: ['/all/i/7'] },
  );
  const view = renderUi(<RouterProvider router={router} />);
  return { props, view, router };
}

/** Opens the toolbar's More menu and picks one entry. */
async function choose(testId: string): Promise<void> {
  fireEvent.click(screen.getByTestId('reader-more'));
  fireEvent.click(await screen.findByTestId(testId));
}

const writeText = vi.fn<(text: string) => Promise<void>>();
beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  act(() => closePreview());
});

describe('Reader', () => {
  it("links the feed's name to its list, pushed so that Back returns to the article", async () => {
    const { router } = setup();
    const feed = screen.getByTestId('reader-feed');
    expect(feed.textContent).toBe('Example Blog');
    expect(feed.getAttribute('href')).toBe('/f/1');
    fireEvent.click(feed);
    await screen.findByTestId('at-feed');
    expect(router.state.location.pathname).toBe('/f/1');
    expect(router.state.historyAction).toBe('PUSH');
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/all/i/7');
    expect(screen.getByTestId('reader-title').textContent).toBe('A fine article');
  });

  it('renders header, sanitised body with resolved links, and reading time', () => {
    setup();
    expect(screen.getByTestId('reader-title').textContent).toBe('A fine article');
    expect(screen.getByTestId('reader-title').querySelector('a')?.getAttribute('href')).toBe(
      'https://blog.example/posts/1',
    );
    expect(screen.getByText('Example Blog')).toBeTruthy();
    expect(screen.getByTestId('reader-author').textContent).toBe('by Ada');
    expect(screen.getByTestId('reader-reading-time').textContent).toBe('1 min read');
    const body = screen.getByTestId('reader-body');
    expect(body.hasAttribute('data-reading-area')).toBe(true);
    expect(body.querySelector('script')).toBeNull();
    expect(body.querySelector('a')?.getAttribute('href')).toBe('https://blog.example/rel');
    expect(body.querySelector('img')?.getAttribute('src')).toBe('https://blog.example/posts/i.png');
    // The article's language is unknown: lang="", so neither inherits the UI's from <html>.
    expect(body.getAttribute('lang')).toBe('');
    expect(screen.getByTestId('reader-title').getAttribute('lang')).toBe('');
    expect(body.getAttribute('dir')).toBe('auto');
  });

  it.each([
    ['zh-CN', 'auto'],
    ['en-GB', 'auto'],
    ['fa-IR', 'rtl'],
    ['he', 'rtl'],
  ])('an article in %s: its title and body say so, and run %s', (language, dir) => {
    setup({ language });
    for (const el of [screen.getByTestId('reader-title'), screen.getByTestId('reader-body')]) {
      expect(el.getAttribute('lang')).toBe(language);
      expect(el.getAttribute('dir')).toBe(dir);
    }
  });

  it('"Untitled" stays in the UI’s language whatever the article’s', () => {
    setup({ item: makeItem({ title: '' }), language: 'ar' });
    expect(screen.getByTestId('reader-title').hasAttribute('lang')).toBe(false);
    expect(screen.getByTestId('reader-body').getAttribute('dir')).toBe('rtl');
  });

  it('wires toolbar buttons to the callbacks and reflects read/saved state', () => {
    const { props } = setup({ item: makeItem({ flags: FLAG_READ | FLAG_SAVED }) });
    fireEvent.click(screen.getByTestId('reader-save'));
    fireEvent.click(screen.getByTestId('reader-read'));
    fireEvent.click(screen.getByTestId('reader-prev'));
    fireEvent.click(screen.getByTestId('reader-next'));
    fireEvent.click(screen.getByTestId('reader-close'));
    expect(props.onToggleSaved).toHaveBeenCalledTimes(1);
    expect(props.onToggleRead).toHaveBeenCalledTimes(1);
    expect(props.onPrev).toHaveBeenCalledTimes(1);
    expect(props.onNext).toHaveBeenCalledTimes(1);
    expect(props.onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('reader-save').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('reader-read').textContent).toBe('Mark unread');
  });

  it('disables previous/next when there is none', () => {
    setup({ onPrev: undefined, onNext: undefined });
    expect(screen.getByTestId<HTMLButtonElement>('reader-prev').disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>('reader-next').disabled).toBe(true);
  });

  it('names the next article in its own language: lang="" when unknown, and right to left in Hebrew', () => {
    const { view } = setup({ nextTitle: 'The article after' });
    const title = () => screen.getByText(/The article after|גינון/);
    expect(title().getAttribute('lang')).toBe('');
    view.unmount();
    setup({ nextTitle: 'גינון על המרפסת', nextLanguage: 'he' });
    expect(title().getAttribute('lang')).toBe('he');
    expect(title().getAttribute('dir')).toBe('rtl');
  });

  it('ends with the way on: Previous, and Next naming the next article; the last offers the list', () => {
    const { props, view } = setup({ nextTitle: 'The article after' });
    const next = screen.getByTestId('reader-end-next');
    expect(next.textContent).toContain('Next article');
    expect(next.textContent).toContain('The article after');
    fireEvent.click(next);
    fireEvent.click(screen.getByTestId('reader-end-prev'));
    expect(props.onNext).toHaveBeenCalledOnce();
    expect(props.onPrev).toHaveBeenCalledOnce();
    view.unmount();
    const last = setup({ onPrev: undefined, onNext: undefined });
    expect(screen.queryByTestId('reader-end-next')).toBeNull();
    expect(screen.queryByTestId('reader-end-prev')).toBeNull();
    const back = screen.getByTestId('reader-end-back');
    expect(back.textContent).toContain('Back to the list');
    fireEvent.click(back);
    expect(last.props.onClose).toHaveBeenCalledOnce();
    last.view.unmount();
    // Another feed has unread articles: the way on is there.
    const go = vi.fn();
    const unnamed = setup({ onNext: undefined, nextFeed: { go, title: null, kind: 'feed' } });
    expect(screen.queryByTestId('reader-end-back')).toBeNull();
    expect(screen.getByTestId('reader-end-next-feed').textContent).toContain('Next feed with unread');
    fireEvent.click(screen.getByTestId('reader-end-next-feed'));
    expect(go).toHaveBeenCalledOnce();
    unnamed.view.unmount();
    // Named when the sidebar knows which feed that is.
    const feed = setup({ onNext: undefined, nextFeed: { go, title: 'Mill Notes', kind: 'feed' } });
    const named = screen.getByTestId('reader-end-next-feed');
    expect(named.textContent).toContain('Next feed with unread');
    expect(named.textContent).toContain('Mill Notes');
    feed.view.unmount();
    // From a group's last article: the next group, said to be one.
    setup({ onNext: undefined, nextFeed: { go, title: 'Rivers', kind: 'group' } });
    const group = screen.getByTestId('reader-end-next-feed');
    expect(group.textContent).toContain('Next group with unread');
    expect(group.textContent).toContain('Rivers');
  });

  it('handles keys, but not while typing or while the image preview is open', () => {
    const { props } = setup();
    const press = (key: string, target: Element = document.body) => fireEvent.keyDown(target, { key });
    press('ArrowLeft');
    press('ArrowRight');
    press('m');
    press('s');
    press('f');
    press('Escape');
    // ←/→ (and j/k) step articles through the list around the reader (items/keymap.ts), so the
    // reader alone leaves them; its buttons still call onPrev/onNext.
    expect(props.onPrev).not.toHaveBeenCalled();
    expect(props.onNext).not.toHaveBeenCalled();
    expect(props.onToggleRead).toHaveBeenCalledTimes(1);
    expect(props.onToggleSaved).toHaveBeenCalledTimes(2);
    expect(props.onClose).toHaveBeenCalledTimes(1);

    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    press('v');
    expect(open).toHaveBeenCalledWith('https://blog.example/posts/1', '_blank', 'noopener,noreferrer');

    const input = document.createElement('input');
    document.body.append(input);
    press('m', input);
    expect(props.onToggleRead).toHaveBeenCalledTimes(1);
    input.remove();

    const img = screen.getByTestId('reader-body').querySelector('img')!;
    act(() => openPreview([{ src: img.src, alt: '', element: img }], 0));
    press('Escape');
    press('m');
    expect(props.onClose).toHaveBeenCalledTimes(1);
    expect(props.onToggleRead).toHaveBeenCalledTimes(1);
  });

  it('toggles a Markdown view and copies the Markdown', async () => {
    setup();
    expect(screen.queryByTestId('reader-copy-markdown')).toBeNull();
    await choose('reader-markdown-toggle');
    const md = screen.getByTestId('reader-markdown').textContent ?? '';
    expect(md).toContain('# A fine article');
    expect(md).toContain('## One');
    expect(md).toContain('[link](https://blog.example/rel)');
    expect(md).toContain('```js\nrun()\n```');
    expect(md).not.toContain('alert');
    expect(screen.queryByTestId('reader-body')).toBeNull();
    await choose('reader-copy-markdown');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Markdown copied'));
    expect(writeText).toHaveBeenCalledWith(md);
    await choose('reader-markdown-toggle');
    expect(screen.getByTestId('reader-body')).toBeTruthy();
  });

  it('copies the link and says so; reports a refused clipboard', async () => {
    setup();
    await choose('reader-share');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Link copied'));
    expect(writeText).toHaveBeenCalledWith('https://blog.example/posts/1');
    writeText.mockRejectedValueOnce(new Error('denied'));
    await choose('reader-share');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Copy failed'));
  });

  it('uses the clean link for an article stored with tracking parameters (title, Original, v, Copy link)', async () => {
    const tracked = 'https://blog.example/posts/1?utm_source=rss&utm_medium=feed&fbclid=x&page=2#more';
    const clean = 'https://blog.example/posts/1?page=2#more';
    setup({ item: makeItem({ link: tracked }) });
    expect(screen.getByTestId('reader-title').querySelector('a')?.getAttribute('href')).toBe(clean);
    expect(screen.getByTestId('reader-original').getAttribute('href')).toBe(clean);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.keyDown(document.body, { key: 'v' });
    expect(open).toHaveBeenCalledWith(clean, '_blank', 'noopener,noreferrer');
    await choose('reader-share');
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(clean));
  });

  it('keeps Save, Read, Original and Close on the toolbar and puts added actions in More', async () => {
    const onSelect = vi.fn();
    setup({ moreActions: [{ id: 'translate', label: 'Translate', onSelect }] });
    for (const id of [
      'reader-prev',
      'reader-next',
      'reader-save',
      'reader-read',
      'reader-original',
      'reader-close',
    ])
      expect(screen.getByTestId(id)).toBeTruthy();
    expect(screen.queryByTestId('reader-action-translate')).toBeNull();
    const more = screen.getByTestId('reader-more');
    expect(more.getAttribute('aria-label')).toBe('More actions');
    await choose('reader-action-translate');
    expect(onSelect).toHaveBeenCalledTimes(1);
    // The Markdown switch says whether it is on.
    fireEvent.click(more);
    expect((await screen.findByTestId('reader-markdown-toggle')).getAttribute('aria-checked')).toBe('false');
  });

  it('adds a copy button to code blocks that says Copied', async () => {
    setup();
    const button = screen.getByTestId('reader-body').querySelector<HTMLButtonElement>('button.rv-copy')!;
    expect(button.textContent).toBe('Copy');
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Copied'));
    expect(writeText).toHaveBeenCalledWith('run()');
  });

  /** An outline lists the three sections; clicking entry `at` scrolls to `headingId` and marks it. */
  function expectOutline(outline: HTMLElement, at: number, headingId: string) {
    const entries = outline.querySelectorAll('button');
    expect(Array.from(entries, (b) => b.textContent)).toEqual(['One', 'Two', 'Three']);
    const scroll = vi.fn();
    document.getElementById(headingId)!.scrollIntoView = scroll;
    fireEvent.click(entries[at]!);
    expect(scroll).toHaveBeenCalled();
    expect(entries[at]!.getAttribute('aria-current')).toBe('location');
  }

  it('shows chapters for three or more headings, and scrolls on click', () => {
    setup();
    expectOutline(screen.getByTestId('reader-chapters'), 2, 'rv-h-three');
  });

  it('in a narrow pane the outline is folded under the header, its count on the fold', () => {
    setup();
    const inline = screen.getByTestId<HTMLDetailsElement>('reader-chapters-inline');
    // After the header, before the body: the headline comes first on a phone.
    const header = screen.getByTestId('reader-title').closest('header')!;
    const body = screen.getByTestId('reader-body');
    expect(header.compareDocumentPosition(inline) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(inline.compareDocumentPosition(body) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(inline.open).toBe(false);
    expect(inline.querySelector('summary')!.textContent).toBe('Contents · 3 sections');
    expectOutline(inline, 1, 'rv-h-two');
  });

  it('folds an image that fails to load away, keeping its alt text as a line', () => {
    setup({
      item: makeItem({
        description:
          '<p><img src="https://img.example/a.png" alt="A chart of sales" width="800" height="600"></p>' +
          '<p><img src="https://img.example/b.png" width="800" height="600"></p><p>After.</p>',
      }),
    });
    const [withAlt, bare] = Array.from(screen.getByTestId('reader-body').querySelectorAll('img'));
    withAlt!.dispatchEvent(new Event('error'));
    bare!.dispatchEvent(new Event('error'));
    // A second error (a retried source) adds nothing.
    withAlt!.dispatchEvent(new Event('error'));
    expect(withAlt!.hasAttribute('data-broken')).toBe(true);
    expect(bare!.hasAttribute('data-broken')).toBe(true);
    const notes = screen.getByTestId('reader-body').querySelectorAll('.rv-img-missing');
    expect(Array.from(notes, (n) => n.textContent)).toEqual(['Image not available: A chart of sales']);
    expect(withAlt!.nextElementSibling).toBe(notes[0]);
  });

  it('hides chapters for fewer than three headings', () => {
    setup({ item: makeItem({ description: '<h2>Only</h2><p>x</p><h2>Two</h2>' }) });
    expect(screen.queryByTestId('reader-chapters')).toBeNull();
    expect(screen.queryByTestId('reader-chapters-inline')).toBeNull();
  });

  it('shows a media player for podcast enclosures with the duration', () => {
    const item = makeItem({
      enclosure: {
        url: 'https://cdn.example/ep.mp3',
        type: 'audio/mpeg',
        length: 1,
        duration: 3725,
        image: '',
      },
    });
    setup({ item });
    expect(screen.getByTestId('reader-media-duration').textContent).toBe('Duration 1:02:05');
    // The episode's length is the player's; "1 min read" of its show notes beside it misleads.
    expect(screen.queryByTestId('reader-reading-time')).toBeNull();
    // Play hands the episode to the app's one player; the reader then shows its controls.
    fireEvent.click(screen.getByTestId('reader-play'));
    expect(getPlayer().element()?.getAttribute('src')).toBe('https://cdn.example/ep.mp3');
    expect(getPlayer().getState().current).toMatchObject({ itemId: item.id, feedTitle: 'Example Blog' });
    expect(screen.getByTestId('reader-media').dataset.current).toBe('true');
    expect(screen.getByTestId('reader-player-seek')).toBeTruthy();
    getPlayer().close();
  });

  it('does not link a title whose link is not http(s)', () => {
    setup({ item: makeItem({ link: 'javascript:alert(1)' }) });
    expect(screen.getByTestId('reader-title').querySelector('a')).toBeNull();
    expect(screen.queryByTestId('reader-original')).toBeNull();
  });
});
