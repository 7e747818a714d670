import { Notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../engine/contract';
import { renderUi } from '../reader/testing/render';
import { ItemMenu } from './ItemMenu';

const row: ItemRow = {
  id: 7,
  feedId: 1,
  title: 'Long read about rivers',
  author: '',
  pubDate: 1_700_000_000,
  link: 'https://blog.example/rivers?utm_source=feed&id=3',
  flags: 0,
  snippet: '',
  thumbnail: '',
  enclosureType: '',
};

const targets = [
  { id: 't1', service: 'wallabag', name: 'Wallabag', base: 'https://wb.example' },
  { id: 't2', service: 'linkding', name: 'Linkding', base: 'https://ld.example' },
];
let listed: typeof targets = [];
const send = vi.fn();
vi.mock('../queries/engine', () => ({
  withEngine: (fn: (e: unknown) => unknown) => fn({ sendTo: { list: () => Promise.resolve(listed), send } }),
}));

function open(item: ItemRow = row) {
  renderUi(
    <>
      <Notifications />
      <ItemMenu
        at={{ row: item, index: 0, x: 10, y: 10 }}
        onClose={vi.fn()}
        onOpen={vi.fn()}
        onToggleRead={vi.fn()}
        onToggleSaved={vi.fn()}
        onMarkAbove={vi.fn()}
      />
    </>,
  );
}

beforeEach(() => {
  listed = targets;
  send.mockReset();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

describe('the row menu: Send to', () => {
  it('has one entry per target; choosing one sends the clean link and names the service', async () => {
    send.mockResolvedValue({ created: true, name: 'Linkding' });
    open();
    const linkding = await screen.findByTestId('menu-send-linkding');
    expect(linkding.textContent).toContain('Send to Linkding');
    expect(screen.getByTestId('menu-send-wallabag').textContent).toContain('Send to Wallabag');
    expect(screen.queryByTestId('menu-web-share')).toBeNull(); // jsdom has no Web Share
    fireEvent.click(linkding);
    await screen.findByText('Sent to Linkding');
    expect(send).toHaveBeenCalledWith('t2', {
      url: 'https://blog.example/rivers?id=3',
      title: row.title,
      tags: [],
    });
  });

  it('a failure says which service answered what', async () => {
    send.mockRejectedValue({
      code: 'send_auth',
      message: 'x',
      details: { service: 'Wallabag', status: 401, detail: 'invalid_token' },
    });
    open();
    fireEvent.click(await screen.findByTestId('menu-send-wallabag'));
    await screen.findByText(/^Wallabag answered 401: invalid_token — /);
  });

  it('offers Share… where the browser has it, sharing the clean link', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    listed = [];
    open();
    fireEvent.click(await screen.findByTestId('menu-web-share'));
    expect(share).toHaveBeenCalledWith({ url: 'https://blog.example/rivers?id=3', title: row.title });
  });

  it('shows nothing to send for an article without a web link, or with no target and no Share', async () => {
    open({ ...row, link: 'urn:uuid:1234' });
    await screen.findByTestId('menu-open');
    await waitFor(() => expect(send).not.toHaveBeenCalled());
    expect(screen.queryByTestId('menu-send-wallabag')).toBeNull();
    listed = [];
    open();
    expect(screen.queryByTestId('menu-web-share')).toBeNull();
  });
});

describe('the row menu: key hints', () => {
  it("names each entry's key from the key map, as a hint a touch screen hides", async () => {
    open();
    await screen.findByTestId('menu-send-wallabag');
    const hint = (id: string) => screen.getByTestId(id).querySelector('[data-key-hint]')?.textContent;
    expect(hint('menu-open')).toBe('Enter');
    expect(hint('menu-read')).toBe('m');
    expect(hint('menu-save')).toBe('s');
    expect(hint('menu-original')).toBe('v');
    expect(hint('menu-tags')).toBe('l');
    expect(hint('menu-send-wallabag')).toBe('b');
    expect(hint('menu-send-linkding')).toBeUndefined();
  });
});
