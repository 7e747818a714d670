import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../reader/testing/render';
import { RowTags } from './RowTags';

// As the engine lists them: by name.
const tags = [
  { id: 1, name: 'ai', color: 'blue', total: 3, unread: 1 },
  { id: 3, name: 'machine learning research', color: 'red', total: 1, unread: 1 },
  { id: 2, name: 'rust', color: 'orange', total: 1, unread: 0 },
];
vi.mock('../queries/engine', () => ({
  withEngine: (fn: (e: unknown) => unknown) => fn({ tags: { list: () => Promise.resolve(tags) } }),
}));

const chips = () => screen.queryAllByTestId('item-tag').map((c) => c.textContent);

describe('RowTags', () => {
  it('shows two chips by name order, "+N" for the rest and every name in the tooltip', async () => {
    renderUi(<RowTags ids={[3, 2, 1]} />);
    await screen.findAllByTestId('item-tag');
    expect(chips()).toEqual(['ai', 'machine learning research']);
    // The wide count (+1) and the phone's count (+2, one chip shown there) are both rendered.
    expect(screen.getByLabelText('1 more tag').textContent).toBe('+1');
    expect(screen.getByLabelText('2 more tags').textContent).toBe('+2');
    expect(screen.getByTestId('item-tags').title).toBe('Tags: ai, machine learning research, rust');
  });

  it('shows one chip in the compact (text) view, and nothing for tags it does not know', async () => {
    renderUi(
      <>
        <RowTags ids={[2, 99]} compact />
        <RowTags ids={[99]} />
      </>,
    );
    await screen.findAllByTestId('item-tag');
    expect(chips()).toEqual(['rust']);
    expect(screen.queryByText(/^\+/)).toBeNull();
    expect(screen.queryAllByTestId('item-tags')).toHaveLength(1);
  });
});
