import { describe, expect, it } from 'vitest';
import type { Highlight } from '../../worker/types';
import { articleToMarkdown, fileNameOf, groupByArticle, toJson, toMarkdown } from './exportFormats';

const h = (over: Partial<Highlight>): Highlight => ({
  id: 1,
  itemId: 10,
  feedId: 1,
  title: 'Deltas',
  link: 'https://a.example/1',
  color: 'yellow',
  note: '',
  quote: { exact: 'silt settles', prefix: 'as ', suffix: '.' },
  position: { start: 50, end: 62 },
  orphaned: false,
  createdAt: 1_700_000_000,
  updatedAt: 1_700_000_000,
  ...over,
});

const LIST = [
  h({
    id: 3,
    itemId: 20,
    title: 'Second [draft]',
    link: '',
    quote: { exact: 'line one\nline two', prefix: '', suffix: '' },
  }),
  h({
    id: 2,
    position: { start: 80, end: 90 },
    quote: { exact: 'slower now', prefix: '', suffix: '' },
    note: 'Dams!',
  }),
  h({ id: 1, color: 'pink' }),
];

describe('groupByArticle', () => {
  it('keeps first-seen article order and text order inside an article', () => {
    const groups = groupByArticle(LIST);
    expect(groups.map((g) => g.itemId)).toEqual([20, 10]);
    expect(groups[1]!.highlights.map((x) => x.id)).toEqual([1, 2]);
  });
});

describe('toMarkdown', () => {
  it('has one section per article, passages as quotes and notes under them', () => {
    expect(toMarkdown(LIST)).toBe(
      [
        '# Highlights',
        '',
        '## Second \\[draft\\]',
        '',
        '> line one',
        '> line two',
        '',
        '## [Deltas](<https://a.example/1>)',
        '',
        '> silt settles',
        '',
        '> slower now',
        '',
        'Dams!',
        '',
      ].join('\n'),
    );
  });

  it('exports one article with its title as the top heading', () => {
    const md = articleToMarkdown(groupByArticle(LIST)[1]!);
    expect(md.startsWith('# [Deltas](<https://a.example/1>)\n')).toBe(true);
    expect(md).toContain('> slower now\n\nDams!');
  });
});

describe('toJson', () => {
  it('is a W3C annotation collection with quote and position selectors, note and colour', () => {
    const doc = JSON.parse(toJson(LIST, new Date(0))) as {
      type: string;
      total: number;
      items: {
        id: string;
        body: { purpose: string; value: string }[];
        target: { source: string; selector: unknown[] };
      }[];
    };
    expect(doc.type).toBe('AnnotationCollection');
    expect(doc.total).toBe(3);
    const dams = doc.items.find((a) => a.id === 'urn:rivulet:highlight:2')!;
    expect(dams.body).toEqual([
      { type: 'TextualBody', purpose: 'commenting', value: 'Dams!', format: 'text/plain' },
      { type: 'TextualBody', purpose: 'tagging', value: 'yellow' },
    ]);
    expect(dams.target.source).toBe('https://a.example/1');
    expect(dams.target.selector).toEqual([
      { type: 'TextQuoteSelector', exact: 'slower now', prefix: '', suffix: '' },
      { type: 'TextPositionSelector', start: 80, end: 90 },
    ]);
    expect(doc.items.find((a) => a.id === 'urn:rivulet:highlight:3')!.target.source).toBe(
      'urn:rivulet:item:20',
    );
  });

  it("gives each target its article's language, and none when it is not known", () => {
    const list = [h({ id: 4, language: 'zh-CN' }), h({ id: 5 })];
    const doc = JSON.parse(toJson(list, new Date(0))) as { items: { target: { language?: string } }[] };
    expect(doc.items.map((a) => a.target.language)).toEqual(['zh-CN', undefined]);
  });
});

describe('fileNameOf', () => {
  it('makes a safe name and keeps CJK', () => {
    expect(fileNameOf('What is "AI"? / part 2', 'md')).toBe('What-is-AI-part-2.md');
    expect(fileNameOf('三角洲 的 生长', 'md')).toBe('三角洲-的-生长.md');
    expect(fileNameOf('???', 'json')).toBe('highlights.json');
  });
});
