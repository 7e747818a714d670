import { Menu } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { HeaderIcon } from './HeaderIcon';

describe('HeaderIcon', () => {
  it('is a labelled button that passes handlers and aria state through', () => {
    const onClick = vi.fn();
    renderUi(
      <HeaderIcon size="sm" label="Sort" icon={IconPlus} aria-pressed onClick={onClick} data-testid="x" />,
    );
    const button = screen.getByTestId('x');
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-label')).toBe('Sort');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.querySelector('svg')?.getAttribute('width')).toBe('15');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows its tip (or its label) on hover, and none when the tip is disabled', async () => {
    renderUi(
      <HeaderIcon size="lg" label="Refresh" tip="Fetch new articles" icon={IconPlus} data-testid="x" />,
    );
    fireEvent.mouseEnter(screen.getByTestId('x'));
    expect(await screen.findByText('Fetch new articles')).toBeTruthy();
    renderUi(<HeaderIcon size="lg" label="Open" icon={IconPlus} data-testid="y" />);
    fireEvent.mouseEnter(screen.getByTestId('y'));
    expect(await screen.findByText('Open')).toBeTruthy();
    renderUi(<HeaderIcon size="lg" label="Quiet" tipDisabled icon={IconPlus} data-testid="z" />);
    fireEvent.mouseEnter(screen.getByTestId('z'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Quiet')).toBeNull();
  });

  it('renders a link for `to`', () => {
    renderUi(
      <MemoryRouter>
        <HeaderIcon size="sm" to="/filter" label="New filter" icon={IconPlus} data-testid="x" />
      </MemoryRouter>,
    );
    const link = screen.getByTestId('x');
    expect(link.tagName).toBe('A');
    expect(link.getAttribute('href')).toBe('/filter');
    expect(link.getAttribute('aria-label')).toBe('New filter');
  });

  it('can be the target of a menu (ref and handlers reach the button)', async () => {
    renderUi(
      <Menu>
        <Menu.Target>
          <HeaderIcon size="lg" label="More" icon={IconPlus} data-testid="x" />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item>Inside</Menu.Item>
        </Menu.Dropdown>
      </Menu>,
    );
    fireEvent.click(screen.getByTestId('x'));
    expect(await screen.findByText('Inside')).toBeTruthy();
    expect(screen.getByTestId('x').getAttribute('aria-expanded')).toBe('true');
  });
});
