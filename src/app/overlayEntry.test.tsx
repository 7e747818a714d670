import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The router as a browser with transitions shows it: `shown` is the location the last render
// saw, which may lag the browser's history (several moves folded into one render).
interface Shown {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}
const router = vi.hoisted(() => {
  const shown: Shown = { pathname: '/f/1', search: '', hash: '', state: null, key: 'a' };
  return { shown, navigate: vi.fn() };
});
vi.mock('react-router-dom', () => ({
  useLocation: () => router.shown,
  useNavigate: () => router.navigate,
}));

const { useOverlayEntry } = await import('./overlayEntry');

const FLAG = 'rivuletTestLayer';

function Layer(props: { opened: boolean; open: () => boolean | void; close: () => void }) {
  useOverlayEntry(FLAG, props.opened, { open: props.open, close: props.close });
  return null;
}

// The browser moving to an entry whose app state is `usr` (a popstate), the router not yet
// rendering it.
function traverseTo(usr: unknown) {
  window.history.replaceState({ usr }, '');
  window.dispatchEvent(new PopStateEvent('popstate', { state: { usr } }));
}

// A layer open on its own entry (rendered), then closed by its ×: the hook has asked for the pop
// of its entry, which the router has not rendered yet.
function openThenClosed() {
  const open = vi.fn();
  const close = vi.fn();
  router.shown = { ...router.shown, state: { [FLAG]: true }, key: 'b' };
  window.history.replaceState({ usr: { [FLAG]: true } }, '');
  const { rerender } = render(<Layer opened open={open} close={close} />);
  // Mounted on the layer's entry (a reload of it), the hook opened the layer; that is not what is
  // looked at here.
  open.mockClear();
  rerender(<Layer opened={false} open={open} close={close} />);
  expect(router.navigate).toHaveBeenCalledExactlyOnceWith(-1);
  return { open, close };
}

beforeEach(() => {
  router.shown = { pathname: '/f/1', search: '', hash: '', state: null, key: 'a' };
  router.navigate.mockReset();
  window.history.replaceState(null, '');
});
afterEach(() => {
  cleanup();
});

describe('useOverlayEntry', () => {
  it('a Back folded with the opening push into one render closes the layer', () => {
    const open = vi.fn();
    const close = vi.fn();
    const { rerender } = render(<Layer opened={false} open={open} close={close} />);
    rerender(<Layer opened open={open} close={close} />);
    // The opening pushed its entry.
    expect(router.navigate).toHaveBeenCalledExactlyOnceWith(
      { pathname: '/f/1', search: '', hash: '' },
      { state: { [FLAG]: true }, replace: false },
    );
    // The push landed and Back took the browser off it before the router rendered either.
    act(() => traverseTo(null));
    expect(close).toHaveBeenCalledOnce();
    expect(open).not.toHaveBeenCalled();
  });

  it('a Forward folded with the closing pop into one render opens the layer again', () => {
    const { open, close } = openThenClosed();
    // The pop lands, and a Forward takes the browser back onto the layer's entry, before the
    // router renders either: the render still shows the layer's entry.
    act(() => {
      traverseTo(null);
      traverseTo({ [FLAG]: true });
    });
    expect(open).toHaveBeenCalledOnce();
    expect(close).not.toHaveBeenCalled();
  });

  it("the close's own pop alone, not yet rendered, reopens nothing", () => {
    const { open, close } = openThenClosed();
    act(() => traverseTo(null));
    expect(open).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
