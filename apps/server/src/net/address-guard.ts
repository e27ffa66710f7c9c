// The SSRF guard of every outgoing request a user can aim (webhook deliveries, link imports): which
// addresses are off limits, checked on the address actually connected to.
import dns from "node:dns";
import net from "node:net";

/** Addresses a webhook or a fetched link may not reach unless the operator allows it. */
const PRIVATE = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  PRIVATE.addSubnet(address, prefix, "ipv4");
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["64:ff9b::", 96],
] as const)
  PRIVATE.addSubnet(address, prefix, "ipv6");

/**
 * Which private addresses the operator lets through: none (false, the default), all (true: development
 * and tests), or exactly the listed ones (tests that must also see a private address refused).
 */
export type PrivateAllowance = boolean | readonly string[];

/** Pure: an IPv4-mapped IPv6 address as its IPv4 form; any other address unchanged. */
function unmapped(ip: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
}

/** Pure: whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(ip: string): boolean {
  const mapped = unmapped(ip);
  if (mapped !== ip) return isPrivateAddress(mapped);
  const family = net.isIP(ip);
  if (family === 0) return true;
  return PRIVATE.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/** Pure: whether the guard lets a connection to `ip` through. */
export function isAllowedAddress(ip: string, allow: PrivateAllowance): boolean {
  if (allow === true || !isPrivateAddress(ip)) return true;
  return allow !== false && allow.includes(unmapped(ip));
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
      if ((options as { all?: boolean }).all)
        return (callback as never as (e: null, a: unknown) => void)(null, list);
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
