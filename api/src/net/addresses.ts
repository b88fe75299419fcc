import { isIPv4, isIPv6 } from "node:net";

/**
 * Which IP addresses a server-side request (image download from a user's URL) may reach: public
 * unicast only. Everything else — private, loopback, link-local, unique-local, multicast,
 * unspecified, CGNAT, documentation, benchmarking, reserved, and IPv6 forms that embed an IPv4
 * address (mapped, NAT64) of one of those — is refused. IPv6 is an allow-list (global unicast
 * 2000::/3 minus its special blocks), so a range we did not think of is refused, not allowed.
 */
export type AddressVerdict = { allowed: true } | { allowed: false; range: string };

type Bytes = readonly number[];

interface Range {
  bytes: Bytes;
  prefix: number;
  name: string;
}

function parseIPv4(text: string): Bytes | null {
  if (!isIPv4(text)) return null;
  return text.split(".").map(Number);
}

/** 16 bytes of an IPv6 address (a zone such as %eth0 is dropped; a trailing dotted quad is read). */
function parseIPv6(text: string): Bytes | null {
  const address = text.replace(/%.*$/, "");
  if (!isIPv6(address)) return null;
  const groups = (part: string): number[] | null => {
    if (part === "") return [];
    const words: number[] = [];
    for (const piece of part.split(":")) {
      if (piece.includes(".")) {
        const v4 = parseIPv4(piece);
        if (!v4) return null;
        words.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        words.push(parseInt(piece, 16));
      }
    }
    return words;
  };
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const words = [...head, ...new Array<number>(missing).fill(0), ...tail];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

function range(cidr: string, name: string): Range {
  const [address, prefix] = cidr.split("/") as [string, string];
  const bytes = parseIPv4(address) ?? parseIPv6(address);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, prefix: Number(prefix), name };
}

function inRange(bytes: Bytes, { bytes: base, prefix }: Range): boolean {
  if (bytes.length !== base.length) return false;
  for (let bit = 0; bit < prefix; bit += 8) {
    const index = bit / 8;
    const mask = prefix - bit >= 8 ? 0xff : (0xff << (8 - (prefix - bit))) & 0xff;
    if ((bytes[index]! & mask) !== (base[index]! & mask)) return false;
  }
  return true;
}

/** IANA IPv4 special-purpose registry, minus nothing: none of these is a public web server. */
const IPV4_BLOCKED: readonly Range[] = [
  range("0.0.0.0/8", "unspecified"),
  range("10.0.0.0/8", "private"),
  range("100.64.0.0/10", "carrier-grade NAT"),
  range("127.0.0.0/8", "loopback"),
  range("169.254.0.0/16", "link-local"),
  range("172.16.0.0/12", "private"),
  range("192.0.0.0/24", "IETF protocol assignments"),
  range("192.0.2.0/24", "documentation"),
  range("192.31.196.0/24", "AS112"),
  range("192.52.193.0/24", "AMT"),
  range("192.88.99.0/24", "6to4 relay anycast"),
  range("192.168.0.0/16", "private"),
  range("192.175.48.0/24", "AS112"),
  range("198.18.0.0/15", "benchmarking"),
  range("198.51.100.0/24", "documentation"),
  range("203.0.113.0/24", "documentation"),
  range("224.0.0.0/4", "multicast"),
  range("240.0.0.0/4", "reserved"), // includes the broadcast 255.255.255.255
];

/** IPv6 forms whose last 32 bits are an IPv4 address: judged by that address. */
const IPV6_EMBEDDING_IPV4: readonly Range[] = [range("::ffff:0:0/96", "IPv4-mapped"), range("64:ff9b::/96", "NAT64")];

const IPV6_BLOCKED: readonly Range[] = [
  range("::/128", "unspecified"),
  range("::1/128", "loopback"),
  range("::/96", "IPv4-compatible (deprecated)"),
  range("::ffff:0:0:0/96", "IPv4-translated"),
  range("64:ff9b:1::/48", "local NAT64"),
  range("100::/64", "discard-only"),
  range("2001::/23", "IETF protocol assignments"), // Teredo, ORCHID, benchmarking …
  range("2001:db8::/32", "documentation"),
  range("2002::/16", "6to4"),
  range("3fff::/20", "documentation"),
  range("5f00::/16", "segment routing"),
  range("fc00::/7", "unique-local"),
  range("fe80::/10", "link-local"),
  range("fec0::/10", "site-local (deprecated)"),
  range("ff00::/8", "multicast"),
];

const IPV6_GLOBAL_UNICAST = range("2000::/3", "global unicast");

function classifyIPv4(bytes: Bytes): AddressVerdict {
  const blocked = IPV4_BLOCKED.find((candidate) => inRange(bytes, candidate));
  return blocked ? { allowed: false, range: blocked.name } : { allowed: true };
}

/** Whether a server-side request may connect to `address` (an IP literal; anything else is refused). */
export function classifyAddress(address: string): AddressVerdict {
  const v4 = parseIPv4(address);
  if (v4) return classifyIPv4(v4);
  const v6 = parseIPv6(address);
  if (!v6) return { allowed: false, range: "not an IP address" };
  const embedding = IPV6_EMBEDDING_IPV4.find((candidate) => inRange(v6, candidate));
  if (embedding) {
    const inner = classifyIPv4(v6.slice(12));
    return inner.allowed ? inner : { allowed: false, range: `${embedding.name} ${inner.range}` };
  }
  const blocked = IPV6_BLOCKED.find((candidate) => inRange(v6, candidate));
  if (blocked) return { allowed: false, range: blocked.name };
  if (!inRange(v6, IPV6_GLOBAL_UNICAST)) return { allowed: false, range: "reserved" };
  return { allowed: true };
}

export function isPublicAddress(address: string): boolean {
  return classifyAddress(address).allowed;
}
