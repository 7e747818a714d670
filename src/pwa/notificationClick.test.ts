import { describe, expect, it } from 'vitest';
import { notificationTarget, planNotificationClick, type ClickClient } from './notificationClick';

const origin = 'https://rivulet.example';
const win = (id: string, path: string, extra: Partial<ClickClient> = {}): ClickClient => ({
  id,
  url: `${origin}${path}`,
  focused: false,
  visibilityState: 'hidden',
  ...extra,
});

describe('notificationTarget', () => {
  it('keeps an app path', () => {
    expect(notificationTarget({ url: '/f/3/i/42' })).toBe('/f/3/i/42');
  });
  it('refuses other sites, protocol-relative addresses and junk', () => {
    expect(notificationTarget({ url: 'https://evil.example/x' })).toBe('/');
    expect(notificationTarget({ url: '//evil.example/x' })).toBe('/');
    expect(notificationTarget({ url: '/\\evil.example' })).toBe('/');
    expect(notificationTarget({ url: 42 })).toBe('/');
    expect(notificationTarget(null)).toBe('/');
    expect(notificationTarget('oops')).toBe('/');
  });
});

describe('planNotificationClick', () => {
  it('opens a new window when no app window is open', () => {
    expect(planNotificationClick({ url: '/f/3/i/42' }, [], origin)).toEqual({
      kind: 'open',
      url: '/f/3/i/42',
    });
  });
  it('ignores windows of another origin', () => {
    const other = { ...win('a', '/'), url: 'https://else.example/' };
    expect(planNotificationClick({ url: '/f/1/i/2' }, [other], origin)).toEqual({
      kind: 'open',
      url: '/f/1/i/2',
    });
  });
  it('prefers the focused window, then a visible one, then any', () => {
    const a = win('a', '/all');
    const b = win('b', '/saved', { visibilityState: 'visible' });
    const c = win('c', '/today', { focused: true, visibilityState: 'visible' });
    expect(planNotificationClick({ url: '/f/1/i/2' }, [a, b, c], origin)).toEqual({
      kind: 'focus',
      clientId: 'c',
      url: '/f/1/i/2',
    });
    expect(planNotificationClick({ url: '/f/1/i/2' }, [a, b], origin)).toMatchObject({ clientId: 'b' });
    expect(planNotificationClick({ url: '/f/1/i/2' }, [a], origin)).toMatchObject({ clientId: 'a' });
  });
});
