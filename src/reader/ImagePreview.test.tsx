import { renderUi } from './testing/render';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImagePreviewHost } from './ImagePreview';
import { closePreview, getPreviewState, stepPreview, openPreview } from './imagePreviewStore';
import { installImagePreview } from './useImagePreview';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';

/** The preview's host on an article's address (it keeps a history entry while open). */
function host() {
  const router = createMemoryRouter([{ path: '*', element: <ImagePreviewHost /> }], {
    initialEntries: ['/f/1', '/f/1/i/2'],
    initialIndex: 1,
  });
  renderUi(<RouterProvider router={router} />);
  return router;
}

function mountArticle(id: string, srcs: string[], extra = ''): HTMLElement {
  const area = document.createElement('div');
  area.setAttribute('data-reading-area', '');
  area.id = id;
  area.innerHTML = srcs.map((s) => `<p><img src="https://img.example/${s}" alt="${s}"></p>`).join('') + extra;
  document.body.append(area);
  return area;
}

const img = (area: HTMLElement, n: number) => area.querySelectorAll('img')[n]!;

let uninstall: () => void = () => {};
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  uninstall();
  act(() => closePreview());
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('installImagePreview (delegated click listener)', () => {
  it('serves readers mounted before and after, from the start (a tap right after a reload opens it)', () => {
    const early = mountArticle('early', ['a.png', 'b.png']);
    uninstall = installImagePreview();
    img(early, 1).click();
    vi.advanceTimersByTime(100);
    expect(getPreviewState()?.index).toBe(1);
    expect(getPreviewState()?.images.map((i) => i.alt)).toEqual(['a.png', 'b.png']);

    closePreview();
    const late = mountArticle('late', ['c.png', 'd.png', 'e.png']);
    img(late, 2).click();
    vi.advanceTimersByTime(100);
    expect(getPreviewState()?.images.map((i) => i.alt)).toEqual(['c.png', 'd.png', 'e.png']);
    expect(getPreviewState()?.index).toBe(2);
  });

  it('debounces clicks by 100 ms and opens on the last one', () => {
    const area = mountArticle('a', ['a.png', 'b.png', 'c.png']);
    uninstall = installImagePreview();
    img(area, 0).click();
    vi.advanceTimersByTime(50);
    img(area, 2).click();
    vi.advanceTimersByTime(99);
    expect(getPreviewState()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(getPreviewState()?.index).toBe(2);
  });

  it('ignores noclick images, images outside reading areas, and leaves them out of the set', () => {
    const area = mountArticle(
      'a',
      ['a.png', 'b.png'],
      '<img class="noclick" src="https://img.example/icon.png">',
    );
    const outside = document.createElement('img');
    outside.src = 'https://img.example/out.png';
    document.body.append(outside);
    uninstall = installImagePreview();
    area.querySelector<HTMLImageElement>('img.noclick')!.click();
    outside.click();
    vi.advanceTimersByTime(200);
    expect(getPreviewState()).toBeNull();
    img(area, 0).click();
    vi.advanceTimersByTime(100);
    expect(getPreviewState()?.images).toHaveLength(2);
  });

  it('keeps images wrapped in links from navigating away', () => {
    const area = mountArticle(
      'a',
      [],
      '<a href="https://x.example/full.png"><img src="https://img.example/t.png"></a>',
    );
    uninstall = installImagePreview();
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    area.querySelector('img')!.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('stops listening once uninstalled', () => {
    const area = mountArticle('a', ['a.png']);
    uninstall = installImagePreview();
    uninstall();
    img(area, 0).click();
    vi.advanceTimersByTime(200);
    expect(getPreviewState()).toBeNull();
  });
});

describe('preview store', () => {
  it('wraps around in both directions and resets to null on close', () => {
    const area = mountArticle('a', ['a.png', 'b.png', 'c.png']);
    const images = Array.from(area.querySelectorAll('img'), (element) => ({
      src: element.src,
      alt: '',
      element,
    }));
    openPreview(images, 0);
    stepPreview(-1);
    expect(getPreviewState()?.index).toBe(2);
    stepPreview(1);
    expect(getPreviewState()?.index).toBe(0);
    closePreview();
    expect(getPreviewState()).toBeNull();
    openPreview([], 0);
    expect(getPreviewState()).toBeNull();
  });
});

describe('ImagePreviewHost', () => {
  function openOn(area: HTMLElement, index: number) {
    const images = Array.from(area.querySelectorAll('img'), (element) => ({
      src: element.getAttribute('src')!,
      alt: element.alt,
      element,
    }));
    act(() => openPreview(images, index));
  }

  it('renders nothing while closed', () => {
    host();
    expect(screen.queryByTestId('image-preview')).toBeNull();
  });

  it('shows the image and counter; arrows and keys move with wrap-around; Esc closes', () => {
    const area = mountArticle('a', ['a.png', 'b.png', 'c.png', 'd.png', 'e.png']);
    host();
    openOn(area, 1);
    expect(screen.getByTestId('image-preview-counter').textContent).toBe('2 / 5');
    expect(screen.getByTestId('image-preview-img').getAttribute('src')).toBe('https://img.example/b.png');
    fireEvent.click(screen.getByTestId('image-preview-next'));
    expect(screen.getByTestId('image-preview-counter').textContent).toBe('3 / 5');
    fireEvent.click(screen.getByTestId('image-preview-prev'));
    fireEvent.click(screen.getByTestId('image-preview-prev'));
    fireEvent.click(screen.getByTestId('image-preview-prev'));
    expect(screen.getByTestId('image-preview-counter').textContent).toBe('5 / 5');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByTestId('image-preview-counter').textContent).toBe('1 / 5');
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(screen.getByTestId('image-preview-img').getAttribute('src')).toBe('https://img.example/e.png');
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(getPreviewState()).toBeNull();
    expect(screen.queryByTestId('image-preview')).toBeNull();
  });

  it('toggles a thumbnail panel whose thumbnails jump to an image', () => {
    const area = mountArticle('a', ['a.png', 'b.png', 'c.png']);
    host();
    openOn(area, 0);
    expect(screen.queryByTestId('image-preview-thumbs')).toBeNull();
    fireEvent.click(screen.getByTestId('image-preview-thumbs-toggle'));
    const thumbs = screen.getByTestId('image-preview-thumbs').querySelectorAll('button');
    expect(thumbs).toHaveLength(3);
    fireEvent.click(thumbs[2]!);
    expect(screen.getByTestId('image-preview-counter').textContent).toBe('3 / 3');
    fireEvent.click(screen.getByTestId('image-preview-thumbs-toggle'));
    expect(screen.queryByTestId('image-preview-thumbs')).toBeNull();
  });

  it('"View in article" closes, scrolls to the image and highlights it briefly', () => {
    const area = mountArticle('a', ['a.png', 'b.png']);
    const target = img(area, 1);
    const scroll = vi.fn();
    target.scrollIntoView = scroll;
    host();
    openOn(area, 1);
    fireEvent.click(screen.getByTestId('image-preview-view-in-article'));
    expect(getPreviewState()).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(target.classList.contains('rv-image-highlight')).toBe(true);
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(target.classList.contains('rv-image-highlight')).toBe(false);
  });

  it('closes with the close button and hides arrows for a single image', () => {
    const area = mountArticle('a', ['a.png']);
    host();
    openOn(area, 0);
    expect(screen.queryByTestId('image-preview-next')).toBeNull();
    fireEvent.click(screen.getByTestId('image-preview-close'));
    expect(getPreviewState()).toBeNull();
  });

  it('is a history entry: Back closes the preview and leaves the article open, Forward opens it again', async () => {
    const area = mountArticle('a', ['a.png', 'b.png']);
    const router = host();
    openOn(area, 1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.pathname).toBe('/f/1/i/2');
    expect(router.state.location.state).toEqual({ rivuletImagePreview: true });
    await act(() => router.navigate(-1));
    expect(getPreviewState()).toBeNull();
    expect(router.state.location.pathname).toBe('/f/1/i/2');
    await act(() => router.navigate(1));
    expect(getPreviewState()?.index).toBe(1);
    // Closed by its own button: its entry goes, the article's stays.
    fireEvent.click(screen.getByTestId('image-preview-close'));
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.state).toBeNull();
    expect(router.state.location.pathname).toBe('/f/1/i/2');
    // Its article gone from the page: Forward cannot bring it back, and the entry drops its mark.
    area.remove();
    await act(() => router.navigate(1));
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(getPreviewState()).toBeNull();
    expect(router.state.location.state).toEqual({});
  });
});
