import { describe, expect, it } from 'vitest';
import type { Rule } from '../rules/types';
import { deleteQuestion, rulesAddingTag } from './ruleUses';

const rule = (name: string, actions: Rule['actions'], enabled = true): Rule => ({
  id: name,
  name,
  query: "title LIKE 'x'",
  actions,
  enabled,
  order: 0,
  createdAt: 0,
  updatedAt: 0,
});

describe('the rules a tag delete changes', () => {
  it('are those adding the tag (ignoring case); one left with no action is turned off', () => {
    const rules = [
      rule('Keep', [{ type: 'tag', tag: 'AI' }, { type: 'save' }]),
      rule('Only', [{ type: 'tag', tag: 'ai' }]),
      rule('Off already', [{ type: 'tag', tag: 'ai' }], false),
      rule('Other', [{ type: 'tag', tag: 'go' }]),
    ];
    const uses = rulesAddingTag(rules, 'Ai');
    expect(uses).toEqual([
      { name: 'Keep', off: false },
      { name: 'Only', off: true },
      { name: 'Off already', off: false },
    ]);
    expect(deleteQuestion(uses)).toBe(
      'The rules “Keep”, “Only”, and “Off already” add this tag to new articles. Deleting the tag takes that action out of them, so the tag does not come back. “Only” has nothing else to do and is turned off. Undo brings back the tag on its articles and the rules as they were.',
    );
  });
});
