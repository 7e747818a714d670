import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../reader/testing/render';
import type { Rule, RuleInput, RulePreview, RuleRun } from '../../rules/types';
import { RuleEditor } from './RuleEditor';

// The engine's rules domain, faked at the one door the UI uses (src/rules/client.ts).
const preview = vi.fn((input: RuleInput): Promise<RulePreview> =>
  Promise.resolve({
    count: input.query.includes('fixture') ? 3 : 0,
    sample: input.query.includes('fixture')
      ? [{ id: 11, title: 'A fixture article', feedTitle: 'Fixture feed', pubDate: 1_700_000_000 }]
      : [],
    days: 30,
  }),
);
const save = vi.fn((input: RuleInput & { id?: string }) =>
  Promise.resolve({ ...input, id: input.id ?? 'r1', order: 0, createdAt: 1, updatedAt: 1 }),
);
const log = vi.fn((): Promise<RuleRun[]> => Promise.resolve([]));
const undoRun = vi.fn(() => Promise.resolve());
vi.mock('../../rules/client', () => ({
  withRules: (fn: (r: unknown) => unknown) => fn({ preview, save, log, undoRun }),
}));

const filter = { id: 'f1', name: 'Fixtures' };

type Tags = Array<{ id: number; name: string }>;

// The editor with a tags list that a click changes to `next`, as the tags query does when a tag
// is renamed.
function WithTags(props: Partial<Parameters<typeof RuleEditor>[0]> & { initial: Tags; next: Tags }) {
  const [tags, setTags] = useState(props.initial);
  return (
    <>
      <button type="button" data-testid="rename-tags" onClick={() => setTags(props.next)} />
      <RuleEditor
        filter={filter}
        query="title LIKE '%fixture%'"
        queryError={null}
        rule={props.rule}
        tags={tags}
      />
    </>
  );
}

function setup(props: Partial<Parameters<typeof RuleEditor>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/filter?edit=f1']}>
        <RuleEditor
          filter={filter}
          query="title LIKE '%fixture%'"
          queryError={null}
          rule={undefined}
          {...props}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const types = () => screen.queryAllByTestId('rule-action').map((el) => el.getAttribute('data-type'));
const add = async (type: string) => {
  fireEvent.click(screen.getByTestId('rule-add'));
  fireEvent.click(await screen.findByTestId(`rule-add-${type}`));
};

beforeEach(() => {
  preview.mockClear();
  save.mockClear();
  log.mockClear();
});

describe('RuleEditor', () => {
  it('adds actions in order, offers each once-only action once, reorders and removes', async () => {
    setup();
    expect(screen.getByTestId('rule-problem').textContent).toMatch(/at least one action/);
    await add('save');
    await add('hide');
    expect(types()).toEqual(['save', 'hide']);
    fireEvent.click(screen.getByTestId('rule-add'));
    expect(await screen.findByTestId('rule-add-markRead')).toBeTruthy();
    expect(screen.queryByTestId('rule-add-save')).toBeNull();
    fireEvent.click(screen.getByTestId('rule-add-markRead'));
    expect(types()).toEqual(['save', 'hide', 'markRead']);
    fireEvent.click(screen.getAllByTestId('rule-action-up')[2]!);
    expect(types()).toEqual(['save', 'markRead', 'hide']);
    fireEvent.click(screen.getAllByTestId('rule-action-down')[0]!);
    expect(types()).toEqual(['markRead', 'save', 'hide']);
    fireEvent.click(screen.getAllByTestId('rule-action-remove')[0]!);
    expect(types()).toEqual(['save', 'hide']);
  });

  it('shows the 30-day preview count and sample from the engine for the current actions', async () => {
    setup();
    await add('save');
    const count = await screen.findByTestId('rule-preview-count');
    expect(count.getAttribute('data-count')).toBe('3');
    expect(count.textContent).toMatch(/3 articles/);
    expect(within(screen.getByTestId('rule-preview-sample')).getByText('A fixture article')).toBeTruthy();
    expect(preview).toHaveBeenLastCalledWith(
      {
        name: 'Fixtures',
        query: "title LIKE '%fixture%'",
        filterId: 'f1',
        actions: [{ type: 'save' }],
        enabled: true,
      },
      { days: 30, sample: 5 },
    );
  });

  it('shows the query error instead of a preview and refuses to save a bad query', async () => {
    setup({ queryError: 'Unknown field "titel" at 1:1' });
    await add('hide');
    expect(screen.getByTestId('rule-bad-query').textContent).toContain('Unknown field "titel" at 1:1');
    expect(screen.getByTestId('rule-save').hasAttribute('disabled')).toBe(true);
    expect(preview).not.toHaveBeenCalled();
  });

  it('needs a name for a tag action before it saves', async () => {
    setup();
    await add('tag');
    expect(screen.getByTestId('rule-problem').textContent).toMatch(/tag a name/);
    expect(screen.getByTestId('rule-save').hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('rule-tag-input'), {
      target: { value: ' ai ' },
    });
    await waitFor(() => expect(screen.getByTestId('rule-save').hasAttribute('disabled')).toBe(false));
  });

  it('saves the rule with the filter id, the query copy and the actions in order', async () => {
    setup();
    await add('save');
    await add('hide');
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save).toHaveBeenCalledWith({
      name: 'Fixtures',
      query: "title LIKE '%fixture%'",
      filterId: 'f1',
      actions: [{ type: 'save' }, { type: 'hide' }],
      enabled: true,
    });
  });

  it('updates an existing rule by id and shows the engine refusing it', async () => {
    const rule: Rule = {
      id: 'r9',
      name: 'Fixtures',
      query: "title LIKE '%fixture%'",
      filterId: 'f1',
      actions: [{ type: 'tag', tag: 'fx' }],
      enabled: true,
      order: 0,
      createdAt: 1,
      updatedAt: 1,
    };
    save.mockImplementationOnce(() => Promise.reject(new Error('Expected a value at 1:20')));
    setup({ rule });
    fireEvent.click(screen.getByTestId('rule-enabled'));
    fireEvent.click(screen.getByTestId('rule-save'));
    expect((await screen.findByTestId('rule-save-error')).textContent).toContain('Expected a value at 1:20');
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'r9', enabled: false, actions: [{ type: 'tag', tag: 'fx' }] }),
    );
  });

  it('follows a tag renamed while it is open: saved and unsaved tag actions show the new name', async () => {
    const rule: Rule = {
      id: 'r9',
      name: 'Fixtures',
      query: "title LIKE '%fixture%'",
      filterId: 'f1',
      actions: [{ type: 'tag', tag: 'ai' }, { type: 'save' }],
      enabled: true,
      order: 0,
      createdAt: 1,
      updatedAt: 1,
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const initial = [
      { id: 1, name: 'ai' },
      { id: 2, name: 'go' },
    ];
    renderUi(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/filter?edit=f1']}>
          <WithTags rule={rule} initial={initial} next={[{ id: 1, name: 'Machine' }, initial[1]!]} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // An action added and not saved yet names the tag too (any case).
    await add('tag');
    const inputs = () => screen.getAllByTestId<HTMLInputElement>('rule-tag-input');
    fireEvent.change(inputs()[1]!, { target: { value: 'AI' } });
    await add('tag');
    fireEvent.change(inputs()[2]!, { target: { value: 'go' } });
    fireEvent.click(screen.getByTestId('rename-tags'));
    await waitFor(() => expect(inputs().map((i) => i.value)).toEqual(['Machine', 'Machine', 'go']));
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'r9',
        actions: [
          { type: 'tag', tag: 'Machine' },
          { type: 'save' },
          { type: 'tag', tag: 'Machine' },
          { type: 'tag', tag: 'go' },
        ],
      }),
    );
  });

  it('takes up the stored rule the engine changed (a deleted tag), and only its tag actions over edits made here', async () => {
    const stored: Rule = {
      id: 'r9',
      name: 'Fixtures',
      query: "title LIKE '%fixture%'",
      filterId: 'f1',
      actions: [{ type: 'tag', tag: 'ai' }],
      enabled: true,
      order: 0,
      createdAt: 1,
      updatedAt: 1,
    };
    // The stored rule as the engine changes it: the tag deleted, the delete undone, deleted again.
    const versions: Rule[] = [
      stored,
      { ...stored, actions: [], enabled: false, updatedAt: 2 },
      { ...stored, updatedAt: 3 },
      { ...stored, actions: [], enabled: false, updatedAt: 4 },
    ];
    function Changing() {
      const [at, setAt] = useState(0);
      return (
        <>
          <button type="button" data-testid="next-version" onClick={() => setAt((n) => n + 1)} />
          <RuleEditor filter={filter} query="title LIKE '%fixture%'" queryError={null} rule={versions[at]} />
        </>
      );
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderUi(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/filter?edit=f1']}>
          <Changing />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const next = () => fireEvent.click(screen.getByTestId('next-version'));
    expect(types()).toEqual(['tag']);
    next();
    await waitFor(() => expect(types()).toEqual([]));
    expect(screen.getByTestId<HTMLInputElement>('rule-enabled').checked).toBe(false);
    next();
    await waitFor(() => expect(types()).toEqual(['tag']));
    expect(screen.getByTestId<HTMLInputElement>('rule-enabled').checked).toBe(true);
    // An edit made here is kept over a later change of the stored rule, but the deleted tag's
    // action leaves it, so saving does not make the tag again.
    await add('save');
    next();
    await waitFor(() => expect(types()).toEqual(['save']));
    fireEvent.click(screen.getByTestId('rule-save'));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.lastCall?.[0].actions).toEqual([{ type: 'save' }]);
  });
});
