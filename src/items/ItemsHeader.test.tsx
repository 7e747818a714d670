import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { ItemsHeader } from './ItemsHeader';

describe('the view menu', () => {
  it('names its keys in key hints (hidden on touch screens), not in the labels', () => {
    renderUi(
      <ItemsHeader
        title="All articles"
        countLabel="12 unread"
        scoped
        onRefresh={vi.fn()}
        refreshing={false}
        markMenuOpen={false}
        setMarkMenuOpen={vi.fn()}
        onMarkAll={vi.fn()}
        view="list"
        onView={vi.fn()}
        onlyUnread={false}
        onToggleOnlyUnread={vi.fn()}
        aiSummary={false}
        onToggleAi={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByTestId('items-menu'));
    const menu = screen.getByTestId('items-menu-dropdown');
    const hints = [...menu.querySelectorAll('[data-key-hint]')].map((h) => h.textContent);
    expect(hints).toEqual(['Shift+V', 'u']);
    expect(screen.getByText('View').closest('[data-key-hint]')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Only unread' })).not.toBeNull();
    expect(menu.textContent).not.toMatch(/\(/);
  });
});
