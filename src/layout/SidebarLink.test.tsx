import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { SidebarLink } from './SidebarLink';

describe('SidebarLink', () => {
  it('sets a feed’s name in its own language and direction, unknown as lang="" (not the UI’s)', () => {
    renderUi(
      <MemoryRouter>
        <SidebarLink to="/f/1" label="חדשות" lang="he" icon={null} testId="nav-feed-1" />
        <SidebarLink to="/f/2" label="Some blog" lang="" icon={null} testId="nav-feed-2" />
        <SidebarLink to="/all" label="All articles" icon={null} testId="nav-all" />
      </MemoryRouter>,
    );
    const he = screen.getByText('חדשות');
    expect([he.getAttribute('lang'), he.getAttribute('dir')]).toEqual(['he', 'rtl']);
    const unknown = screen.getByText('Some blog');
    expect([unknown.getAttribute('lang'), unknown.getAttribute('dir')]).toEqual(['', 'auto']);
    // The app's own words stay in the UI's language.
    expect(screen.getByText('All articles').closest('[lang]')?.getAttribute('lang') ?? null).not.toBe('');
  });
});
