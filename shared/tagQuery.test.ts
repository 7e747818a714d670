import { describe, expect, it } from 'vitest';
import { quoteName, renameTagInQuery } from './tagQuery';

const rename = (q: string) => renameTagInQuery(q, 'AI', 'Machine learning');

describe('renaming a tag in a query', () => {
  it('renames the names the tags field is compared with, ignoring case, keeping the rest as written', () => {
    expect(rename("tags = 'ai'")).toBe("tags = 'Machine learning'");
    expect(rename("TAGS != 'Ai' and isRead = false")).toBe("TAGS != 'Machine learning' and isRead = false");
    expect(rename('tags==\'AI\' OR tags <> "ai"')).toBe(
      'tags==\'Machine learning\' OR tags <> "Machine learning"',
    );
    expect(rename("(tags IN ('rust', 'ai' ,'go')) AND tags NOT  IN ('AI')")).toBe(
      "(tags IN ('rust', 'Machine learning' ,'go')) AND tags NOT  IN ('Machine learning')",
    );
    expect(rename('"tags" = \'ai\' ORDER BY tags DESC')).toBe(
      '"tags" = \'Machine learning\' ORDER BY tags DESC',
    );
  });

  it('renames a LIKE pattern that is the whole old name, bare or between % signs', () => {
    expect(rename("tags LIKE 'ai'")).toBe("tags LIKE 'Machine learning'");
    expect(rename("tags NOT like 'Ai' AND title LIKE 'ai'")).toBe(
      "tags NOT like 'Machine learning' AND title LIKE 'ai'",
    );
    expect(rename("tags LIKE '%ai%' OR tags LIKE '%AI'")).toBe(
      "tags LIKE '%Machine learning%' OR tags LIKE '%Machine learning'",
    );
  });

  it('leaves other fields, other names, LIKE parts of the name and ordering comparisons alone', () => {
    for (const q of [
      "title = 'ai'",
      "feed.title IN ('ai')",
      "tags = 'aid'",
      "tags LIKE 'a'",
      "tags NOT LIKE '%i%'",
      "tags LIKE 'a%i'",
      "title LIKE 'ai'",
      "tags > 'ai'",
      "title = 'tags' OR description = 'ai'",
      "tags.x = 'ai'",
      "tags IS NULL AND title = 'ai'",
      '',
      "tags = 'ai",
    ])
      expect(rename(q), q).toBe(q);
  });

  it('writes the new name as the grammar reads it back: quotes doubled, backslashes escaped', () => {
    expect(renameTagInQuery("tags = 'x'", 'x', "it's \\ done")).toBe("tags = 'it''s \\\\ done'");
    expect(renameTagInQuery('tags = "x"', 'x', 'say "hi"')).toBe('tags = "say ""hi"""');
    // The old name is read with its escapes resolved, as the grammar reads it.
    expect(renameTagInQuery("tags = 'it''s' OR tags = 'it\\'s'", "it's", 'its')).toBe(
      "tags = 'its' OR tags = 'its'",
    );
    expect(quoteName('a\\b')).toBe("'a\\\\b'");
  });
});
