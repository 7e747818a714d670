import { describe, expect, it } from 'vitest';
import { translatorOf } from '../i18n';
import { errorAdvice } from './errorAdvice';

const coded = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('errorAdvice', () => {
  it('titles a known sync code and keeps the engine message as detail', () => {
    expect(errorAdvice(coded('sync_auth', 'HTTP 401 from server'))).toEqual({
      title: 'The server refused the user name or password.',
      detail: 'HTTP 401 from server',
    });
  });

  it('does not repeat the title: a message that opens with it keeps only what it adds', () => {
    const freshRss = coded(
      'sync_auth',
      'The server refused the user name or password. (FreshRSS: use the API password from your profile.)',
    );
    expect(errorAdvice(freshRss).detail).toBe('FreshRSS: use the API password from your profile.');
    expect(errorAdvice(coded('sync_auth', 'The server refused the user name or password.')).detail).toBe('');
  });

  it('falls back to a generic title for unknown codes and plain values', () => {
    expect(errorAdvice(coded('weird', 'boom')).title).toBe('Something went wrong.');
    expect(errorAdvice('text')).toEqual({ title: 'Something went wrong.', detail: 'text' });
  });

  it('has a Chinese title for every code it knows', () => {
    const zh = translatorOf('zh-CN');
    expect(zh('syncFeed.errors.sync_auth')).toBe('服务器拒绝了用户名或密码。');
    expect(zh('syncFeed.errors.unknown')).not.toBe('Something went wrong.');
  });
});
