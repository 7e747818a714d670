import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { parseOpenParam, useOpenParam, withOpenParam } from './useOpenParam';

const seen: (number | null)[] = [];

function Probe() {
  const openId = useOpenParam();
  const location = useLocation();
  const navigate = useNavigate();
  seen.push(openId);
  return (
    <>
      <output data-testid="loc">{location.pathname + location.search}</output>
      <button onClick={() => void navigate('/f/3?x=1&open=12')}>again</button>
    </>
  );
}

describe('parseOpenParam', () => {
  it('takes positive integer ids only', () => {
    expect(parseOpenParam('42')).toBe(42);
    for (const bad of [null, '', '0', '-3', '1.5', '12abc', '9'.repeat(16)])
      expect(parseOpenParam(bad)).toBeNull();
  });
});

describe('withOpenParam', () => {
  it('adds the parameter with ? or &', () => {
    expect(withOpenParam('/f/3', 7)).toBe('/f/3?open=7');
    expect(withOpenParam('/search?q=a', 7)).toBe('/search?q=a&open=7');
  });
});

describe('useOpenParam', () => {
  it('reports the id once, drops it from the address, and reports the same id again on a new link', async () => {
    seen.length = 0;
    render(
      <MemoryRouter initialEntries={['/f/3?x=1&open=12']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(seen[0]).toBe(12);
    expect(await screen.findByText('/f/3?x=1')).toBeTruthy();
    expect(seen.at(-1)).toBeNull();
    const before = seen.length;
    fireEvent.click(screen.getByText('again'));
    expect(await screen.findByText('/f/3?x=1')).toBeTruthy();
    expect(seen.slice(before)).toContain(12);
    expect(seen.at(-1)).toBeNull();
  });
});
