// The SSRF guard of every outgoing request a user can aim (webhook deliveries, link imports): which
// addresses are off limits, checked on the address actually connected to.
import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * The ranges of ipaddr.js (IANA's special-purpose registries) that are reachable on the public internet.
 * A list of what passes rather than of what is refused, so a range a later version names is refused.
 */
const PUBLIC_V4 = new Set(["unicast", "as112", "amt"]);
const PUBLIC_V6 = new Set(["unicast", "as112v6", "amt"]);
/** Global unicast: outside it IPv6 has nothing public (`::/96` IPv4-compatible included, deprecated). */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
/** NAT64's well-known prefix (RFC 6052): the IPv4 address is the last 32 bits, judged as itself. */
const NAT64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

/**
 * Which private addresses the operator lets through: none (false, the default), all (true: development
 * and tests), or exactly the listed ones (tests that must also see a private address refused).
 */
export type PrivateAllowance = boolean | readonly string[];

/** Pure: the address as one canonical string, an IPv4-mapped IPv6 address as its IPv4 form; null if none. */
function canonical(ip: string): string | null {
  return net.isIP(ip) === 0 ? null : ipaddr.process(ip).toString();
}

/**
 * Pure: whether an IP address is private, loopback, link-local or otherwise not on the public internet.
 * An IPv6 address that carries an IPv4 one is judged by it where the IPv4 is always reachable from it
 * (IPv4-mapped, NAT64's well-known prefix: a DNS64 resolver hands those out for every IPv4-only site);
 * the other embedding prefixes are refused whole: IPv4-compatible `::a.b.c.d` and the local-use NAT64
 * prefix `64:ff9b:1::/48` (where the IPv4 sits depends on the network's own prefix length) lie outside
 * global unicast; 6to4 (`2002::/16`) and Teredo (`2001::/32`) are deprecated tunnels whose relays reach
 * IPv4 addresses this guard cannot judge.
 */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIP(ip) === 0) return true;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return !PUBLIC_V4.has(address.range());
  const v6 = address as ipaddr.IPv6;
  if (v6.match(NAT64)) return isPrivateAddress(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString());
  return !v6.match(GLOBAL_UNICAST) || !PUBLIC_V6.has(v6.range());
}

/** Pure: whether the guard lets a connection to `ip` through. */
export function isAllowedAddress(ip: string, allow: PrivateAllowance): boolean {
  if (allow === true || !isPrivateAddress(ip)) return true;
  const address = canonical(ip);
  return allow !== false && address !== null && allow.some((allowed) => canonical(allowed) === address);
}

export class TargetRefused extends Error {}

/**
 * A DNS look-up that refuses private answers: given to the HTTP client, the address checked is the one
 * connected to, so a name that resolves to a public address when checked and a private one when used
 * (DNS rebinding) is refused too.
 */
export function guardedLookup(allow: PrivateAllowance): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.some((a) => !isAllowedAddress(a.address, allow));
      if (refused || list.length === 0)
        return callback(new TargetRefused(`${hostname} is a private address`), "", 0);
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Refuses a URL before anything is sent: not http(s), or an address literal that is private. */
export function checkTarget(url: URL, allow: PrivateAllowance): void {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new TargetRefused("only http:// and https:// addresses are allowed");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = net.isIP(host) !== 0;
  if (literal ? !isAllowedAddress(host, allow) : allow !== true && isLocalName(host))
    throw new TargetRefused(`${host} is a private address`);
}

/** Names that mean this machine whatever DNS says. */
function isLocalName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost");
}

/** Before accepting a URL: its name must resolve, and to allowed addresses only (why, when not). */
export async function publicTargetProblem(url: URL, allow: PrivateAllowance): Promise<string | null> {
  try {
    checkTarget(url, allow);
  } catch (error) {
    return (error as Error).message;
  }
  if (allow === true || net.isIP(url.hostname.replace(/^\[|\]$/g, ""))) return null;
  const addresses = await dns.promises.lookup(url.hostname, { all: true }).catch(() => null);
  if (!addresses || addresses.length === 0) return `${url.hostname} could not be found`;
  if (addresses.some((a) => !isAllowedAddress(a.address, allow)))
    return `${url.hostname} is a private address`;
  return null;
}
