import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { publishPath, useIsCurrentPath } from './activePath';

afterEach(() => {
  cleanup();
  act(() => publishPath(''));
});

describe('the sidebar path store', () => {
  it('re-renders only the links whose highlight changes', () => {
    const renders: Record<string, number> = { '/a': 0, '/b': 0, '/c': 0 };
    const shown: Record<string, boolean> = {};
    function Link({ to }: { to: string }) {
      const active = useIsCurrentPath(to);
      renders[to]! += 1;
      shown[to] = active;
      return null;
    }
    render(
      <>
        <Link to="/a" />
        <Link to="/b" />
        <Link to="/c" />
      </>,
    );
    const after = (path: string) => {
      const before = { ...renders };
      act(() => publishPath(path));
      return Object.fromEntries(Object.keys(renders).map((k) => [k, renders[k]! - before[k]!]));
    };
    expect(after('/a')).toEqual({ '/a': 1, '/b': 0, '/c': 0 });
    expect(shown).toEqual({ '/a': true, '/b': false, '/c': false });
    expect(after('/b')).toEqual({ '/a': 1, '/b': 1, '/c': 0 });
    expect(shown).toEqual({ '/a': false, '/b': true, '/c': false });
    // An article address under no link: only the link that was current lets go.
    expect(after('/b/i/7')).toEqual({ '/a': 0, '/b': 1, '/c': 0 });
    expect(after('/b/i/7')).toEqual({ '/a': 0, '/b': 0, '/c': 0 });
    expect(shown).toEqual({ '/a': false, '/b': false, '/c': false });
  });
});
