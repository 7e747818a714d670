import { describe, expect, it } from 'vitest';
import { otherAccount } from './LoginForm';

const former = { protocol: 'greader', url: 'https://rss.example.com/api/greader.php', username: 'reader' };

describe('another account than the one logged out of', () => {
  it('is the same account for the same server and user, however the address ends', () => {
    expect(otherAccount(former, { ...former })).toBe(false);
    expect(otherAccount(former, { ...former, url: 'https://RSS.example.com/api/greader.php/' })).toBe(false);
    expect(otherAccount(former, { ...former, username: ' reader ' })).toBe(false);
    // Not typed yet: no warning before there is something to compare.
    expect(otherAccount(former, { ...former, url: '' })).toBe(false);
  });

  it('is another for another user, server or protocol', () => {
    expect(otherAccount(former, { ...former, username: 'bob' })).toBe(true);
    expect(otherAccount(former, { ...former, url: 'https://other.example/api/greader.php' })).toBe(true);
    expect(otherAccount(former, { ...former, protocol: 'fever' })).toBe(true);
  });
});
