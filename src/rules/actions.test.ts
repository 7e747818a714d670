import { describe, expect, it } from 'vitest';
import {
  addableTypes,
  addAction,
  cleanActions,
  moveAction,
  rebaseTagActions,
  removeAction,
  ruleInputFor,
  ruleProblem,
} from './actions';
import type { RuleAction } from './types';

const list: RuleAction[] = [{ type: 'save' }, { type: 'tag', tag: 'a' }, { type: 'hide' }];

describe('rule actions', () => {
  it('adds once-only actions once and tags any number of times', () => {
    expect(addAction(list, 'save')).toEqual(list);
    expect(addAction(list, 'tag')).toEqual([...list, { type: 'tag', tag: '' }]);
    expect(addableTypes(list)).not.toContain('hide');
    expect(addableTypes(list)).toContain('tag');
  });

  it('moves within bounds and removes by index', () => {
    expect(moveAction(list, 2, -1).map((a) => a.type)).toEqual(['save', 'hide', 'tag']);
    expect(moveAction(list, 0, -1)).toEqual(list);
    expect(moveAction(list, 2, 5)).toEqual(list);
    expect(removeAction(list, 1).map((a) => a.type)).toEqual(['save', 'hide']);
  });

  it('names what stops a save and tidies what is sent', () => {
    expect(ruleProblem([])).toBe('noActions');
    expect(ruleProblem([{ type: 'tag', tag: '  ' }])).toBe('emptyTag');
    expect(ruleProblem(list)).toBeNull();
    expect(
      cleanActions([
        { type: 'tag', tag: ' ai ' },
        { type: 'translate', lang: ' ' },
        { type: 'translate', lang: 'zh-CN' },
      ]),
    ).toEqual([{ type: 'tag', tag: 'ai' }, { type: 'translate' }, { type: 'translate', lang: 'zh-CN' }]);
    expect(ruleInputFor({ id: 'f', name: 'N', query: 'q' }, [{ type: 'hide' }], false)).toEqual({
      name: 'N',
      query: 'q',
      filterId: 'f',
      actions: [{ type: 'hide' }],
      enabled: false,
    });
  });

  it("carries the engine's tag changes over to the edits made meanwhile", () => {
    const stored: RuleAction[] = [{ type: 'tag', tag: 'AI' }, { type: 'markRead' }];
    const edited: RuleAction[] = [{ type: 'hide' }, { type: 'tag', tag: ' ai ' }, { type: 'tag', tag: 'go' }];
    // The tag deleted: its action leaves the edits, the rest of them stay.
    const dropped = rebaseTagActions(edited, stored, [{ type: 'markRead' }]);
    expect(dropped).toEqual([{ type: 'hide' }, { type: 'tag', tag: 'go' }]);
    // The delete undone: the action comes back (at the end, nothing having been dropped).
    expect(rebaseTagActions(dropped, [{ type: 'markRead' }], stored)).toEqual([
      { type: 'hide' },
      { type: 'tag', tag: 'go' },
      { type: 'tag', tag: 'AI' },
    ]);
    // A rename: the new name takes the old one's place.
    expect(rebaseTagActions(edited, stored, [{ type: 'tag', tag: 'ML' }, { type: 'markRead' }])).toEqual([
      { type: 'hide' },
      { type: 'tag', tag: 'ML' },
      { type: 'tag', tag: 'go' },
    ]);
    // A tag already among the edits is not doubled; nothing to carry gives the same array.
    expect(rebaseTagActions(edited, [], [{ type: 'tag', tag: 'GO' }])).toBe(edited);
    expect(rebaseTagActions(edited, stored, [{ type: 'save' }, ...stored])).toBe(edited);
  });
});
