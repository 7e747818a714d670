import { describe, expect, it } from 'vitest';
import {
  addressKind,
  allowPrivateNetworksFromEnv,
  isNonPublicHost,
  type Resolver,
} from './privateNetworks.ts';

describe('addressKind', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.5', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ])('%s is %s', (ip, kind) => {
    expect(addressKind(ip)).toBe(kind);
  });

  it.each([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0:0:0:0:0:ffff:10.0.0.5', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::10.1.2.3', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:7f00:1::1', 'loopback'],
  ])('sees through the IPv6 form %s (%s)', (ip, kind) => {
    expect(addressKind(ip)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '172.15.255.255',
    '100.128.0.1',
    '100.63.255.255',
    '192.169.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (ip) => {
    expect(addressKind(ip)).toBeNull();
  });

  it('reads brackets and zone ids, and refuses what is not an address', () => {
    expect(addressKind('[::1]')).toBe('loopback');
    expect(addressKind('fe80::1%eth0')).toBe('link-local');
    expect(addressKind('intranet')).toBe('reserved');
    expect(addressKind('')).toBe('reserved');
  });
});

describe('isNonPublicHost', () => {
  const resolve: Resolver = (name) => {
    const table: Record<string, string[]> = {
      'nas.home': ['192.168.1.20'],
      'news.example': ['93.184.216.34', '2606:2800:220:1::1'],
      'mixed.example': ['93.184.216.34', '10.0.0.5'],
    };
    const found = table[name];
    return found
      ? Promise.resolve(found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })))
      : Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' }));
  };

  it('classifies literals without resolving, and names by every address', async () => {
    expect(await isNonPublicHost('127.0.0.1', resolve, addressKind)).toBe(true);
    expect(await isNonPublicHost('[fd00::1]', resolve, addressKind)).toBe(true);
    expect(await isNonPublicHost('8.8.8.8', resolve, addressKind)).toBe(false);
    expect(await isNonPublicHost('nas.home', resolve, addressKind)).toBe(true);
    expect(await isNonPublicHost('mixed.example', resolve, addressKind)).toBe(true);
    expect(await isNonPublicHost('news.example', resolve, addressKind)).toBe(false);
  });

  it('counts a name that does not resolve as public (no reason to allow anything)', async () => {
    expect(await isNonPublicHost('gone.example', resolve, addressKind)).toBe(false);
  });
});

describe('allowPrivateNetworksFromEnv', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['off', false],
    ['1', true],
    ['true', true],
    [' YES ', true],
    ['on', true],
  ])('%j → %s', (value, expected) => {
    expect(allowPrivateNetworksFromEnv({ RIVULET_ALLOW_PRIVATE_NETWORKS: value })).toBe(expected);
  });

  it('refuses anything else with a message naming the variable', () => {
    expect(() => allowPrivateNetworksFromEnv({ RIVULET_ALLOW_PRIVATE_NETWORKS: 'maybe' })).toThrow(
      /RIVULET_ALLOW_PRIVATE_NETWORKS must be 1 or 0.*"maybe"/,
    );
  });
});
