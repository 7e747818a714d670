import { describe, expect, it } from 'vitest';
import { defaultSettings } from '../settings/defaults';
import { requestFor, resolveEndpoint } from './endpoint';

const base = defaultSettings().integrated;

describe('resolveEndpoint', () => {
  it('uses the personal endpoint when a URL and key are set', () => {
    const ep = resolveEndpoint(
      { ...base, apiUrl: 'https://api.example/v1/', apiKey: ' sk ', selectedModel: 'm' },
      {
        configured: true,
        model: 'deepseek-chat',
      },
    );
    expect(ep).toEqual({
      kind: 'personal',
      baseUrl: 'https://api.example/v1',
      apiKey: 'sk',
      model: 'm',
      relay: false,
    });
  });

  it('accepts a keyless local server, but not a keyless remote one', () => {
    expect(resolveEndpoint({ ...base, apiUrl: 'http://localhost:11434/v1' }, null).kind).toBe('personal');
    expect(resolveEndpoint({ ...base, apiUrl: 'https://api.example/v1' }, null).kind).toBe('none');
  });

  it('falls back to the shared endpoint when the server has one, else none', () => {
    expect(resolveEndpoint(base, { configured: true, model: 'deepseek-chat' })).toEqual({
      kind: 'shared',
      model: 'deepseek-chat',
    });
    expect(resolveEndpoint(base, { configured: false, model: null })).toEqual({ kind: 'none' });
    expect(resolveEndpoint(base, undefined)).toEqual({ kind: 'none' });
  });
});

describe('requestFor', () => {
  it('never sends a key to the shared endpoint', () => {
    expect(requestFor({ kind: 'shared', model: 'x' }, 'chat/completions')).toEqual({
      url: '/api/ai/chat/completions',
      headers: {},
    });
  });

  it('calls a personal endpoint directly or through the relay with the key', () => {
    const ep = { kind: 'personal' as const, baseUrl: 'https://a/v1', apiKey: 'k', model: 'm', relay: false };
    expect(requestFor(ep, 'models')).toEqual({
      url: 'https://a/v1/models',
      headers: { Authorization: 'Bearer k' },
    });
    expect(requestFor({ ...ep, relay: true }, 'models')).toEqual({
      url: '/api/ai/relay/models',
      headers: { Authorization: 'Bearer k', 'X-Rivulet-Target': 'https://a/v1' },
    });
  });
});
