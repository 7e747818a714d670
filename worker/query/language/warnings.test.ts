import { describe, expect, it } from 'vitest';
import { suggestFields } from './fields';
import { parseQuery } from './parse';
import { warningMessage, type QueryWarning } from './warnings';

const warnings = (text: string): QueryWarning[] => {
  const r = parseQuery(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.warnings;
};

describe('query warnings: codes and parameters, for the UI to word', () => {
  it('an unknown field names the fields it was probably meant to be', () => {
    expect(warnings("titel LIKE 'rust'")).toEqual([
      { code: 'unknown_field', field: 'titel', suggestions: ['title', 'feed.title', 'group.title'] },
    ]);
    expect(suggestFields('feed.titel')).toEqual(['feed.title']);
    expect(suggestFields('auther')).toEqual(['author']);
    expect(suggestFields('read')).toEqual(['isRead']);
    expect(suggestFields('date')).toEqual(['pubDate']);
    expect(suggestFields('url')[0]).toBe('feed.url');
    expect(suggestFields('zzzzzz')).toEqual([]);
    expect(warningMessage(warnings('titel = 1')[0]!)).toBe(
      "Unknown field 'titel': it is null for every item; did you mean title, feed.title or group.title?",
    );
  });

  it('a feed or a group used as a value says which of its fields to write', () => {
    expect(warnings("feed = 'Toots'")).toEqual([
      {
        code: 'object_field',
        field: 'feed',
        object: 'feed',
        suggestions: ['feed.title', 'feed.url', 'feed.id'],
      },
    ]);
    // A number is most likely an id.
    expect(warnings('Group IN (3, 4)')).toEqual([
      { code: 'object_field', field: 'Group', object: 'group', suggestions: ['group.id', 'group.title'] },
    ]);
    expect(warnings('ORDER BY feed')[0]).toMatchObject({
      code: 'object_field',
      suggestions: ['feed.title', 'feed.url', 'feed.id'],
    });
  });

  it('a date the time helpers cannot read is said before the query runs', () => {
    expect(warnings("pubDate > UNIX_TIMESTAMP('2024-13-45')")).toEqual([
      { code: 'invalid_date', text: '2024-13-45' },
    ]);
    expect(warnings("pubDate > DATE_SUB(UNIX_TIMESTAMP('soon'), INTERVAL 1 DAY)")).toEqual([
      { code: 'invalid_date', text: 'soon' },
    ]);
    expect(warnings("pubDate > UNIX_TIMESTAMP('2024-01-31')")).toEqual([]);
  });

  it('says each warning once', () => {
    expect(warnings('nope = 1 OR nope = 1')).toHaveLength(1);
  });
});
