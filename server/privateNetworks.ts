/**
 * Which addresses count as "not the public internet" for URLs that come from feed content, and
 * how the proxy resolves names. Ranges are checked with node's built-in `net.BlockList`, which
 * also matches IPv4-mapped IPv6 (`::ffff:10.0.0.5`, `::ffff:a00:5`) against the IPv4 ranges.
 */
import { promises as dns } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/** Why an address is not on the public internet; null (from {@link addressKind}) = public. */
export type AddressKind =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'unique-local'
  | 'multicast'
  | 'reserved';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (rejects with the resolver's error). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Tells what kind of non-public address an IP is, or null when it is public. */
export type AddressClassifier = (ip: string) => AddressKind | null;

/** The operating system's resolver (what node's http would use), every address at once. */
export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

// IPv4 ranges by kind (IANA special-purpose registry, RFC 6890 and successors).
const V4: Record<AddressKind, string[]> = {
  unspecified: ['0.0.0.0/8'],
  loopback: ['127.0.0.0/8'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'],
  shared: ['100.64.0.0/10'],
  'link-local': ['169.254.0.0/16'],
  'unique-local': [],
  multicast: ['224.0.0.0/4'],
  // IETF assignments, documentation, benchmarking, class E and broadcast.
  reserved: [
    '192.0.0.0/24',
    '192.0.2.0/24',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '240.0.0.0/4',
  ],
};

const V6: Record<AddressKind, string[]> = {
  unspecified: ['::/128'],
  loopback: ['::1/128'],
  // Deprecated site-local, and local-use NAT64 (RFC 8215).
  private: ['fec0::/10', '64:ff9b:1::/48'],
  shared: [],
  'link-local': ['fe80::/10'],
  'unique-local': ['fc00::/7'],
  multicast: ['ff00::/8'],
  // IPv4-compatible (deprecated), discard-only, documentation.
  reserved: ['::/96', '100::/64', '2001:db8::/32'],
};

/** Check order: the narrow ::/128 and ::1/128 come before the reserved ::/96 that holds them. */
const KINDS: readonly AddressKind[] = [
  'unspecified',
  'loopback',
  'private',
  'shared',
  'link-local',
  'unique-local',
  'multicast',
  'reserved',
];

function hexPair(ipv4: string): string {
  const [a = 0, b = 0, c = 0, d = 0] = ipv4.split('.').map(Number);
  return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

function buildLists(): Map<AddressKind, BlockList> {
  const lists = new Map<AddressKind, BlockList>();
  for (const kind of KINDS) {
    const list = new BlockList();
    for (const cidr of V4[kind]) {
      const [net = '', bits = '0'] = cidr.split('/');
      const prefix = Number(bits);
      list.addSubnet(net, prefix, 'ipv4');
      // The same IPv4 range reached through NAT64 (64:ff9b::/96, RFC 6052) and 6to4 (2002::/16):
      // both carry the IPv4 address inside the IPv6 one, and gateways forward to it.
      list.addSubnet(`64:ff9b::${hexPair(net)}`, 96 + prefix, 'ipv6');
      list.addSubnet(`2002:${hexPair(net)}::`, 16 + prefix, 'ipv6');
    }
    for (const cidr of V6[kind]) {
      const [net = '', bits = '0'] = cidr.split('/');
      list.addSubnet(net, Number(bits), 'ipv6');
    }
    lists.set(kind, list);
  }
  return lists;
}

const LISTS = buildLists();

/** `[::1]` → `::1`, `fe80::1%eth0` → `fe80::1`. */
export function bareHost(host: string): string {
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const zone = unbracketed.indexOf('%');
  return zone === -1 ? unbracketed : unbracketed.slice(0, zone);
}

/**
 * The kind of non-public address `ip` is (loopback, RFC 1918 private, CGNAT shared, link-local,
 * IPv6 unique-local, multicast, unspecified, reserved), including IPv4-mapped, NAT64 and 6to4
 * forms of those; null for a public address. Something that is not an IP address at all is
 * 'reserved' (refuse what cannot be read).
 */
export const addressKind: AddressClassifier = (ip) => {
  const bare = bareHost(ip);
  const family = isIP(bare);
  if (family === 0) return 'reserved';
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const kind of KINDS) {
    if (LISTS.get(kind)?.check(bare, type)) return kind;
  }
  return null;
};

const DESCRIPTIONS: Record<AddressKind, string> = {
  unspecified: 'an unspecified address (it reaches the server itself)',
  loopback: 'a loopback address (the server itself)',
  private: 'a private network address',
  shared: 'a shared (carrier-grade NAT) address',
  'link-local': 'a link-local address',
  'unique-local': 'a unique-local IPv6 address (a private network)',
  multicast: 'a multicast address',
  reserved: 'a reserved address',
};

/** "a private network address", for messages. */
export function describeAddressKind(kind: AddressKind): string {
  return DESCRIPTIONS[kind];
}

/**
 * Whether `hostname` (an IP literal or a name) is, or resolves to, any non-public address.
 * A name that does not resolve counts as public: it cannot be a reason to allow anything.
 */
export async function isNonPublicHost(
  hostname: string,
  resolve: Resolver,
  classify: AddressClassifier,
): Promise<boolean> {
  const bare = bareHost(hostname);
  if (isIP(bare) !== 0) return classify(bare) !== null;
  try {
    const addresses = await resolve(bare);
    return addresses.some((a) => classify(a.address) !== null);
  } catch {
    return false;
  }
}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'on']);
const FALSE_WORDS = new Set(['', '0', 'false', 'no', 'off']);

/**
 * Reads `RIVULET_ALLOW_PRIVATE_NETWORKS` (1/true/yes/on, or 0/false/no/off/unset). Throws a
 * message naming the variable for anything else, so a typo does not silently keep it off.
 */
export function allowPrivateNetworksFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = (env.RIVULET_ALLOW_PRIVATE_NETWORKS ?? '').trim().toLowerCase();
  if (TRUE_WORDS.has(raw)) return true;
  if (FALSE_WORDS.has(raw)) return false;
  throw new Error(
    `RIVULET_ALLOW_PRIVATE_NETWORKS must be 1 or 0 (true/false), got "${env.RIVULET_ALLOW_PRIVATE_NETWORKS}".`,
  );
}
