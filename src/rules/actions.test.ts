import { describe, expect, it } from 'vitest';
import {
  addableTypes,
  addAction,
  cleanActions,
  moveAction,
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
});
