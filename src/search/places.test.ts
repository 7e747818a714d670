import { describe, expect, it } from 'vitest';
import { findPlaces, type Place } from './places';

const places: Place[] = [
  { kind: 'screen', key: 's1', label: 'Today', path: '/home' },
  { kind: 'screen', key: 's2', label: 'Manage feeds', path: '/rss' },
  { kind: 'feed', key: 'f1', label: 'The Verge', path: '/f/1' },
  { kind: 'feed', key: 'f2', label: 'Ars Technica', path: '/f/2' },
  { kind: 'feed', key: 'f3', label: 'Café Tech Notes', path: '/f/3' },
  { kind: 'group', key: 'g1', label: 'Tech', path: '/c/1' },
  { kind: 'filter', key: 'x1', label: 'Long reads about tech', path: '/filter/x1' },
];
const labels = (text: string) => findPlaces(text, places).map((p) => p.label);

describe('findPlaces', () => {
  it('finds feeds, groups, filters and screens by name, best match first', () => {
    expect(labels('tech')).toEqual(['Tech', 'Ars Technica', 'Café Tech Notes', 'Long reads about tech']);
    expect(labels('verge')).toEqual(['The Verge']);
    expect(labels('TODAY')).toEqual(['Today']);
  });

  it('needs every word, ignores accents, and finds nothing for empty or unknown text', () => {
    expect(labels('cafe notes')).toEqual(['Café Tech Notes']);
    expect(labels('tech zzz')).toEqual([]);
    expect(labels('   ')).toEqual([]);
    expect(labels('a.*')).toEqual([]);
  });

  it('shows at most the given number', () => {
    expect(findPlaces('e', places, 2)).toHaveLength(2);
  });
});
