import { describe, expect, it } from "vitest";
import { checkTarget, isAllowedAddress, isPrivateAddress } from "./address-guard.ts";

describe("the address guard's ranges", () => {
  it("refuses every IPv6 spelling that carries a non-public IPv4 address, and the tunnels whole", () => {
    for (const ip of [
      "::7f00:1", // IPv4-compatible 127.0.0.1
      "::127.0.0.1",
      "::a9fe:a9fe", // 169.254.169.254
      "::ffff:7f00:1", // IPv4-mapped, hexadecimal
      "::ffff:0:7f00:1", // IPv4-translated (RFC 6145)
      "64:ff9b::7f00:1", // NAT64 well-known prefix
      "64:ff9b::10.0.0.1",
      "64:ff9b:1::7f00:1", // NAT64 local-use prefix: refused whole
      "64:ff9b:1:7f00:1::",
      "2002:7f00:1::1", // 6to4 of 127.0.0.1
      "2002:808:808::1", // 6to4 of a public address: the tunnel is refused whole
      "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo (client 127.0.0.1)
      "2001:db8::1", // documentation
      "fec0::1", // site-local
      "100::1", // discard
      "5f00::1",
      "1::1",
      "::2",
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
  });

  it("lets public addresses through, and a NAT64 address of a public IPv4 one", () => {
    for (const ip of ["8.8.8.8", "2606:4700:4700::1111", "2a00:1450:4001:81c::200e", "64:ff9b::808:808"])
      expect(isPrivateAddress(ip), ip).toBe(false);
    for (const ip of ["192.0.2.1", "198.51.100.7", "203.0.113.9", "255.255.255.255", "240.0.0.1"])
      expect(isPrivateAddress(ip), ip).toBe(true);
  });

  it("refuses an IPv6 URL literal that embeds a private IPv4 address", () => {
    for (const host of ["[::7f00:1]", "[64:ff9b::a9fe:a9fe]", "[64:ff9b:1::a00:1]", "[2002:a00:1::]"])
      expect(() => checkTarget(new URL(`http://${host}/`), false), host).toThrow(/private address/);
  });
});

describe("the address guard's allowance", () => {
  it("lets only the listed private addresses through, in any spelling of them", () => {
    const allow = ["127.0.0.1"];
    expect(isAllowedAddress("127.0.0.1", allow)).toBe(true);
    expect(isAllowedAddress("::ffff:127.0.0.1", allow)).toBe(true);
    for (const ip of [
      "127.0.0.2",
      "::1",
      "::ffff:127.0.0.2",
      "::ffff:7f00:2",
      "10.0.0.1",
      "169.254.169.254",
      "fe80::1",
    ])
      expect(isAllowedAddress(ip, allow), ip).toBe(false);
    expect(isAllowedAddress("8.8.8.8", false)).toBe(true);
    expect(isAllowedAddress("127.0.0.2", true)).toBe(true);
    expect(isAllowedAddress("127.0.0.1", false)).toBe(false);
  });

  it("refuses localhost names unless every private address is allowed", () => {
    expect(() => checkTarget(new URL("http://localhost:1/"), ["127.0.0.1"])).toThrow(/private address/);
    expect(() => checkTarget(new URL("http://a.localhost./"), false)).toThrow(/private address/);
    expect(() => checkTarget(new URL("http://[::ffff:127.0.0.2]/"), ["127.0.0.1"])).toThrow(
      /private address/,
    );
    expect(() => checkTarget(new URL("http://0x7f.1/"), false)).toThrow(/private address/);
    expect(() => checkTarget(new URL("http://localhost:1/"), true)).not.toThrow();
  });
});
