import { describe, expect, it } from 'vitest';
import { errorAdvice } from './errorAdvice';

const engineError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('errorAdvice', () => {
  it('explains each sync failure and keeps the server detail', () => {
    expect(errorAdvice(engineError('sync_auth', 'HTTP 401'))).toEqual({
      title: 'The server refused the user name or password.',
      detail: 'HTTP 401',
    });
    expect(errorAdvice(engineError('sync_not_api', 'web page')).title).toMatch(/API is enabled/);
    expect(errorAdvice(engineError('sync_tls', 'CERT_HAS_EXPIRED')).title).toMatch(/certificate/);
    expect(errorAdvice(engineError('sync_network', 'ECONNREFUSED')).title).toMatch(/could not be reached/);
  });
  it('falls back for unknown codes and non-errors', () => {
    expect(errorAdvice(new Error('boom'))).toEqual({ title: 'Something went wrong.', detail: 'boom' });
    expect(errorAdvice('text').detail).toBe('text');
  });
});
