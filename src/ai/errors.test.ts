import { describe, expect, it } from 'vitest';
import { errorFromResponse, parseRetryAfter } from './errors';

describe('AI errors', () => {
  it('parses Retry-After as seconds or a date', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(parseRetryAfter(new Date(10_000 + 5000).toUTCString(), 10_000)).toBe(5);
    expect(parseRetryAfter('soon')).toBeNull();
    expect(parseRetryAfter(null)).toBeNull();
  });

  it('maps statuses to reasons and what to do', () => {
    const auth = errorFromResponse(401, '{"error":{"message":"Incorrect API key"}}', null, false);
    expect([auth.kind, auth.message, auth.hint]).toEqual([
      'auth',
      'The API key was refused (HTTP 401) (Incorrect API key).',
      'Check the API key in Settings → Integrations.',
    ]);
    expect(errorFromResponse(401, '', null, true).hint).toMatch(/shared key/);
    const limited = errorFromResponse(429, '', '30', false);
    expect([limited.kind, limited.retryAfter, limited.hint]).toEqual([
      'rate_limit',
      30,
      'Try again in 30 s.',
    ]);
    expect(errorFromResponse(500, 'oops', null, false).kind).toBe('server');
    expect(errorFromResponse(504, '', null, true).kind).toBe('timeout');
    expect(errorFromResponse(503, '{"error":{"code":"ai_not_configured"}}', null, true).kind).toBe(
      'not_configured',
    );
    expect(errorFromResponse(404, '', null, false).hint).toMatch(/\/v1/);
    expect(errorFromResponse(400, '', null, false).kind).toBe('bad_request');
  });
});
