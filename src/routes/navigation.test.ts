import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigateTo, setNavigator } from './navigation';

describe('navigateTo', () => {
  afterEach(() => vi.restoreAllMocks());

  it('uses the navigate the router registered', () => {
    const seen: string[] = [];
    setNavigator((to) => seen.push(to));
    navigateTo('/download');
    expect(seen).toEqual(['/download']);
  });
});
