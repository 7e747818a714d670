import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, usePwa } from './pwaState';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('registerServiceWorker', () => {
  it('takes a register() that gives no registration for a browser without service workers, not a failure', async () => {
    // Registration runs in production builds only.
    vi.stubEnv('PROD', true);
    // What Playwright's `serviceWorkers: 'block'` leaves in the page: register() resolves to undefined.
    const register = vi.fn(() => Promise.resolve(undefined));
    const container = { register } as unknown as ServiceWorkerContainer;
    await registerServiceWorker(container);
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    const { result } = renderHook(() => usePwa());
    expect(result.current.error).toBeNull();
    expect(result.current.offlineReady).toBe(false);
    expect(result.current.updateReady).toBe(false);
  });
});
