/**
 * The query shapes of the query benchmark: each as filter-language text for the engine and the
 * same question translated by hand to SQL for the SQLite anchor (items `i`, feeds `f`, groups `g`).
 * LIKE in the filter language is a case-insensitive "contains", hence `'%x%'` in SQL; the
 * `description` field is the article's lower-cased plain text, stored as `descText` in SQLite.
 */
import { authorName } from '../corpus';

/**
 * One query shape. `cap` is the query's LIMIT (it also caps the total). `perRun`: the filter and
 * SQL of run `i` (the warm-up is -1) when each run asks another question of the same shape.
 */
export interface QueryShape {
  name: string;
  filter: string;
  where: string;
  order: string;
  cap?: number;
  perRun?: (i: number) => { filter: string; where: string };
}

// Pieces of the corpus's rare words (each in about one description in 45), none another shape's
// needle: a description filter the engine has no kept match map for, whichever run asks it.
const FRESH_NEEDLES = [
  'uartz',
  'bsidian',
  'eppelin',
  'ebassemb',
  'quart',
  'obsidia',
  'zeppeli',
  'assembly',
  'eppeli',
  'uart',
  'webassem',
  'bsidia',
  'ppelin',
  'sembly',
  'obsid',
  'zeppe',
];
const descriptionLike = (needle: string) => ({
  filter: `description LIKE '${needle}'`,
  where: `i.descText LIKE '%${needle}%'`,
});

const NEWEST = 'i.pubDate DESC, i.id DESC';
const DAY = 86_400;

/** The ~20 shapes, for a corpus whose newest pubDate is `now`. */
export function queryShapes(now: number): QueryShape[] {
  const from = now - 200 * DAY;
  const to = now - 170 * DAY;
  const a1 = authorName(3);
  const a2 = authorName(40);
  return [
    { name: 'all (empty filter)', filter: '', where: '1', order: NEWEST },
    { name: 'by feed', filter: 'feedId = 7', where: 'i.feedId = 7', order: NEWEST },
    {
      name: 'by group (feed.groupId)',
      filter: 'feed.groupId = 5',
      where: 'i.feedId IN (SELECT id FROM feeds WHERE groupId = 5)',
      order: NEWEST,
    },
    { name: 'unread', filter: 'isRead = false', where: '(i.flags & 1) = 0', order: NEWEST },
    { name: 'saved', filter: 'isSaved = true', where: '(i.flags & 2) != 0', order: NEWEST },
    {
      name: 'last 7 days (DATE_SUB)',
      filter: 'pubDate > DATE_SUB(NOW(), INTERVAL 7 DAY)',
      where: `i.pubDate > unixepoch() - ${7 * DAY}`,
      order: NEWEST,
    },
    {
      name: 'unread, last month',
      filter: 'isRead = false AND pubDate > DATE_SUB(NOW(), INTERVAL 1 MONTH)',
      where: "(i.flags & 1) = 0 AND i.pubDate > CAST(strftime('%s', 'now', '-1 month') AS INTEGER)",
      order: NEWEST,
    },
    {
      name: 'feedId IN list',
      filter: 'feedId IN (3, 17, 42, 99, 250)',
      where: 'i.feedId IN (3, 17, 42, 99, 250)',
      order: NEWEST,
    },
    {
      name: 'pubDate BETWEEN',
      filter: `pubDate BETWEEN ${from} AND ${to}`,
      where: `i.pubDate BETWEEN ${from} AND ${to}`,
      order: NEWEST,
    },
    {
      name: 'title LIKE common',
      filter: "title LIKE 'river'",
      where: "i.title LIKE '%river%'",
      order: NEWEST,
    },
    {
      name: 'title LIKE rare',
      filter: "title LIKE 'quartz'",
      where: "i.title LIKE '%quartz%'",
      order: NEWEST,
    },
    { name: 'title LIKE CJK', filter: "title LIKE '数据'", where: "i.title LIKE '%数据%'", order: NEWEST },
    {
      name: 'description LIKE',
      filter: "description LIKE 'zeppelin'",
      where: "i.descText LIKE '%zeppelin%'",
      order: NEWEST,
    },
    {
      name: 'description LIKE + saved',
      filter: "description LIKE 'lantern' AND isSaved = true",
      where: "i.descText LIKE '%lantern%' AND (i.flags & 2) != 0",
      order: NEWEST,
    },
    {
      name: 'description LIKE, another word each run',
      ...descriptionLike('sidian'),
      order: NEWEST,
      perRun: (i) => descriptionLike(FRESH_NEEDLES[(i + 1) % FRESH_NEEDLES.length]!),
    },
    {
      name: 'OR: feed or title',
      filter: "feedId = 3 OR title LIKE 'orbit'",
      where: "i.feedId = 3 OR i.title LIKE '%orbit%'",
      order: NEWEST,
    },
    {
      name: 'OR groups AND unread',
      filter: '(feed.groupId = 2 OR feed.groupId = 9) AND isRead = false',
      where: '(f.groupId = 2 OR f.groupId = 9) AND (i.flags & 1) = 0',
      order: NEWEST,
    },
    {
      name: 'group.title =',
      filter: "group.title = 'Group 7'",
      where: "g.title = 'Group 7'",
      order: NEWEST,
    },
    {
      name: 'author IN, unread',
      filter: `author IN ('${a1}', '${a2}') AND isRead = false`,
      where: `i.author IN ('${a1}', '${a2}') AND (i.flags & 1) = 0`,
      order: NEWEST,
    },
    {
      name: 'ORDER BY title (unread)',
      filter: 'isRead = false ORDER BY title',
      where: '(i.flags & 1) = 0',
      order: 'i.title COLLATE NOCASE, i.title, i.pubDate DESC, i.id DESC',
    },
    {
      name: 'ORDER BY author DESC',
      filter: 'ORDER BY author DESC',
      where: '1',
      order: "i.author = '' , i.author COLLATE NOCASE DESC, i.author DESC, i.pubDate DESC, i.id DESC",
    },
    {
      name: 'enclosure LIKE, oldest first',
      filter: "enclosure LIKE '.mp3' ORDER BY pubDate ASC",
      where: "i.enclosure LIKE '%.mp3%'",
      order: 'i.pubDate ASC, i.id DESC',
    },
    {
      name: 'unread LIMIT 20',
      filter: 'isRead = false LIMIT 20',
      where: '(i.flags & 1) = 0',
      order: NEWEST,
      cap: 20,
    },
  ];
}
