import { describe, expect, it } from 'vitest';
import { apiAddress, installRoot, serverOfPage } from './recognise';

describe('wrong-address advice', () => {
  it('finds the install root under API and web UI paths', () => {
    expect(installRoot('https://rss.example.com')).toBe('https://rss.example.com/');
    expect(installRoot('https://rss.example.com/i/?rid=abc')).toBe('https://rss.example.com/');
    expect(installRoot('https://h.example/freshrss/api/greader.php/reader/api/0')).toBe(
      'https://h.example/freshrss/',
    );
    expect(installRoot('https://h.example/fever')).toBe('https://h.example/');
  });

  it('recognises FreshRSS and Miniflux pages and names their API addresses', () => {
    expect(serverOfPage('<title>Login · FreshRSS</title>', '')).toBe('freshrss');
    expect(serverOfPage('', '/i/?rid=6745a')).toBe('freshrss');
    expect(serverOfPage('<title>Sign In - Miniflux</title>', '')).toBe('miniflux');
    expect(serverOfPage('<title>Home</title>', '')).toBeNull();
    expect(apiAddress('freshrss', 'https://h/', 'greader')).toBe('https://h/api/greader.php');
    expect(apiAddress('freshrss', 'https://h/', 'fever')).toBe('https://h/api/fever.php');
    expect(apiAddress('miniflux', 'https://h/', 'greader')).toBe('https://h/');
    expect(apiAddress('miniflux', 'https://h/', 'fever')).toBe('https://h/fever/');
  });
});
