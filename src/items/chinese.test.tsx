import { act, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemRow } from '../engine/contract';
import { renderUi } from '../reader/testing/render';
import { resetSettings, updateSettings } from '../settings/useSettings';
import { AllRead, EndOfList, NothingHere } from './EmptyStates';
import { ItemRowCell, ItemTextCell } from './ItemCells';
import { ItemsHeader, type ItemsHeaderProps } from './ItemsHeader';

/** Latin words left once names that stay Latin are removed. */
const latinWords = (text: string, names: readonly string[] = []) =>
  names.reduce((s, n) => s.split(n).join(' '), text).match(/[A-Za-z]{2,}/g) ?? [];

/** An element's text without its key hints ("Shift+V" is a key's name in any language). */
const withoutKeys = (el: HTMLElement) => {
  const copy = el.cloneNode(true) as HTMLElement;
  for (const hint of copy.querySelectorAll('[data-key-hint]')) hint.remove();
  return copy.textContent ?? '';
};

const header = (over: Partial<ItemsHeaderProps> = {}): ItemsHeaderProps => ({
  title: '全部文章',
  countLabel: '12 篇未读',
  scoped: true,
  onRefresh: vi.fn(),
  refreshing: false,
  markMenuOpen: false,
  setMarkMenuOpen: vi.fn(),
  onMarkAll: vi.fn(),
  view: 'list',
  onView: vi.fn(),
  onlyUnread: false,
  onToggleOnlyUnread: vi.fn(),
  aiSummary: false,
  onToggleAi: vi.fn(),
  ...over,
});

const NOW = Date.UTC(2026, 2, 5, 12) / 1000;
const row: ItemRow = {
  id: 1,
  feedId: 2,
  title: '',
  author: '',
  pubDate: NOW - 3 * 3600,
  link: 'https://example.com/a',
  flags: 0,
  snippet: '',
  thumbnail: '',
  enclosureType: '',
};

beforeEach(() => updateSettings('general', { language: 'zh-CN' }));
afterEach(() => act(() => resetSettings('general')));

describe('the article list in Simplified Chinese', () => {
  it('header buttons, the mark-all menu and the view menu have Chinese labels', () => {
    renderUi(<ItemsHeader {...header({ markMenuOpen: true })} />);
    expect(screen.getByTestId('items-refresh').getAttribute('aria-label')).toBe('刷新');
    expect(screen.getByTestId('items-mark-all').getAttribute('aria-label')).toBe('全部标为已读');
    expect(screen.getByTestId('mark-all-week').textContent).toBe('一周前的文章');
    expect(latinWords(screen.getByTestId('mark-all-menu').textContent ?? '')).toEqual([]);
    fireEvent.click(screen.getByTestId('items-menu'));
    expect(screen.getByTestId('view-option-column').textContent).toBe('分栏');
    expect(latinWords(withoutKeys(screen.getByTestId('items-menu-dropdown')), ['AI'])).toEqual([]);
  });

  it('empty and end states', () => {
    renderUi(
      <MemoryRouter>
        <AllRead nextFeed={{ go: vi.fn(), title: null, kind: 'feed' }} hiddenRead={3} onShowRead={vi.fn()} />
        <NothingHere />
        <EndOfList />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('items-all-read').textContent).toContain('全部已读');
    expect(screen.getByTestId('items-next-feed').textContent).toBe('下一个有未读的订阅源');
    expect(screen.getByTestId('items-hidden-read').textContent).toContain('隐藏了 3 篇已读文章');
    expect(screen.getByTestId('items-show-read').textContent).toBe('显示已读文章');
    expect(screen.getByTestId('items-subscribe').textContent).toBe('订阅一个订阅源');
    for (const id of ['items-all-read', 'items-empty', 'items-end'])
      expect(latinWords(screen.getByTestId(id).textContent ?? '')).toEqual([]);
  });

  it('a row: untitled, its age relative in Chinese, its buttons named in their tooltips', async () => {
    renderUi(
      <ItemTextCell
        row={row}
        index={0}
        optionId="row-1"
        setSize={1}
        feedTitle="Example"
        now={NOW}
        selected={false}
        active={false}
        onOpen={vi.fn()}
        onMenu={vi.fn()}
        onToggleRead={vi.fn()}
        onToggleSaved={vi.fn()}
        titleLang={null}
        language=""
      />,
    );
    const cell = screen.getByTestId('item-row');
    expect(cell.getAttribute('aria-label')).toBe('无标题');
    expect(cell.querySelector('time')?.textContent).toBe('3小时前');
    // Hidden from assistive technology (the row is an option): their names are the tooltips.
    for (const [id, tip] of [
      ['item-save', '稍后阅读（s）'],
      ['item-read', '标为已读（m）'],
      ['item-menu', '更多操作（Shift+F10）'],
    ] as const) {
      fireEvent.mouseEnter(screen.getByTestId(id));
      expect(await screen.findByText(tip)).toBeTruthy();
      fireEvent.mouseLeave(screen.getByTestId(id));
    }
    // "无标题" is the UI's word: it keeps the UI's language.
    expect(screen.getByTestId('item-title').hasAttribute('lang')).toBe(false);
  });

  it('an English title and snippet do not take the UI’s language (lang="", unknown)', () => {
    renderUi(
      <ItemRowCell
        view="list"
        row={{ ...row, title: 'The river’s mill', snippet: 'A river runs past the mill.' }}
        index={0}
        optionId="row-1"
        setSize={1}
        feedTitle="Example"
        now={NOW}
        selected={false}
        active={false}
        onOpen={vi.fn()}
        onMenu={vi.fn()}
        onToggleRead={vi.fn()}
        onToggleSaved={vi.fn()}
        titleLang={null}
        language=""
      />,
    );
    expect(screen.getByTestId('item-title').getAttribute('lang')).toBe('');
    expect(screen.getByText('A river runs past the mill.').getAttribute('lang')).toBe('');
  });

  it.each([
    ['en-US', 'The river’s mill', 'A river runs past the mill.', 'auto'],
    ['zh-CN', '春天的花园', '秋天种郁金香。', 'auto'],
    ['ar', 'زراعة التوليب', 'ازرع أبصال التوليب في الخريف.', 'rtl'],
  ])(
    'a title and snippet in %s are marked with it, not the UI’s language',
    (language, title, snippet, dir) => {
      renderUi(
        <ItemRowCell
          view="list"
          row={{ ...row, title, snippet }}
          index={0}
          optionId="row-1"
          setSize={1}
          feedTitle="Example"
          now={NOW}
          selected={false}
          active={false}
          onOpen={vi.fn()}
          onMenu={vi.fn()}
          onToggleRead={vi.fn()}
          onToggleSaved={vi.fn()}
          titleLang={null}
          language={language}
        />,
      );
      for (const el of [screen.getByTestId('item-title'), screen.getByText(snippet)]) {
        expect(el.getAttribute('lang')).toBe(language);
        expect(el.getAttribute('dir')).toBe(dir);
      }
    },
  );
});
