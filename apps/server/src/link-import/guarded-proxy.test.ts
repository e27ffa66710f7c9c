import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { proxyAuthorized, proxyTarget, startGuardedProxy } from "./guarded-proxy.ts";

const basic = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`;

describe("proxyAuthorized", () => {
  it("takes the import's user and secret as Basic credentials, nothing else", () => {
    expect(proxyAuthorized(basic("import:s3cret"), "s3cret")).toBe(true);
    expect(proxyAuthorized(`basic  ${Buffer.from("import:s3cret").toString("base64")}`, "s3cret")).toBe(true);
    expect(proxyAuthorized(undefined, "s3cret")).toBe(false);
    expect(proxyAuthorized(["a", "b"], "s3cret")).toBe(false);
    expect(proxyAuthorized(basic("import:s3cre"), "s3cret")).toBe(false);
    expect(proxyAuthorized(basic("import:s3cretX"), "s3cret")).toBe(false);
    expect(proxyAuthorized(basic("other:s3cret"), "s3cret")).toBe(false);
    expect(proxyAuthorized(`Bearer ${Buffer.from("import:s3cret").toString("base64")}`, "s3cret")).toBe(
      false,
    );
    expect(proxyAuthorized("Basic", "s3cret")).toBe(false);
  });
});

describe("proxyTarget", () => {
  it("serves absolute http:// URLs only (https goes by CONNECT)", () => {
    expect(proxyTarget("http://example.com/a?b").href).toBe("http://example.com/a?b");
    expect(() => proxyTarget("https://127.0.0.1:8080/x")).toThrow(/https:\/\/ is not served here/);
    expect(() => proxyTarget("ftp://example.com/x")).toThrow(/not served/);
    expect(() => proxyTarget("/x")).toThrow(/not a proxy request/);
    expect(() => proxyTarget(undefined)).toThrow(/not a proxy request/);
  });
});

/** Sends `text` as it is to the proxy and answers everything that comes back until the connection ends. */
function raw(address: string, text: string, waitForEnd = true): Promise<string> {
  const [host, port] = address.split(":");
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port: Number(port) }, () => socket.write(text));
    let answer = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer")));
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (!waitForEnd && answer.includes("\r\n\r\n")) socket.destroy();
    });
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("the guarded proxy", () => {
  let site: http.Server;
  let sitePort: number;
  const seen: http.IncomingHttpHeaders[] = [];
  let proxy: Awaited<ReturnType<typeof startGuardedProxy>>;
  let auth: string;

  beforeAll(async () => {
    site = http.createServer((request, response) => {
      seen.push(request.headers);
      response.end("hello");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    sitePort = (site.address() as net.AddressInfo).port;
    proxy = await startGuardedProxy(["127.0.0.1"]);
    const url = new URL(proxy.url);
    auth = `Proxy-Authorization: ${basic(`${url.username}:${url.password}`)}\r\n`;
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((resolve) => site.close(resolve));
  });

  it("hands out a URL with a secret of its own, and an address without it", () => {
    const url = new URL(proxy.url);
    expect(url.password).toMatch(/^[0-9a-f]{64}$/);
    expect(proxy.address).toBe(url.host);
    expect(proxy.address).not.toContain(url.password);
  });

  it("forwards a request with the secret, and never sends the secret on to the site", async () => {
    const answer = await raw(
      proxy.address,
      `GET http://127.0.0.1:${sitePort}/a HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain("hello");
    expect(seen.at(-1)).toBeDefined();
    expect(seen.at(-1)!["proxy-authorization"]).toBeUndefined();
    expect(proxy.state.refused).toBeNull();
  });

  it("refuses every request without the secret, or with a wrong one (407), before reaching anything", async () => {
    const before = seen.length;
    const wrong = `Proxy-Authorization: ${basic(`import:${"0".repeat(64)}`)}\r\n`;
    for (const headers of ["", wrong]) {
      const get = await raw(
        proxy.address,
        `GET http://127.0.0.1:${sitePort}/a HTTP/1.1\r\nHost: x\r\n${headers}\r\n`,
      );
      expect(get).toMatch(/^HTTP\/1\.1 407 /);
      expect(get).toMatch(/proxy-authenticate: Basic/i);
      const connect = await raw(
        proxy.address,
        `CONNECT 127.0.0.1:${sitePort} HTTP/1.1\r\nHost: x\r\n${headers}\r\n`,
      );
      expect(connect).toMatch(/^HTTP\/1\.1 407 /);
      // the issue's attack, without the secret
      const https = await raw(
        proxy.address,
        `GET https://127.0.0.1:${sitePort}/x HTTP/1.1\r\nHost: x\r\n${headers}\r\n`,
      );
      expect(https).toMatch(/^HTTP\/1\.1 407 /);
    }
    expect(seen.length).toBe(before);
    expect(proxy.state.refused).toBeNull();
  });

  it("answers 400 for what it cannot serve, even with the secret, and goes on serving", async () => {
    // the issue's attack: an absolute-form https:// request made http.request throw and the process end
    const https = await raw(
      proxy.address,
      `GET https://127.0.0.1:${sitePort}/x HTTP/1.1\r\nHost: x\r\n${auth}\r\n`,
    );
    expect(https).toMatch(/^HTTP\/1\.1 400 /);
    expect(https).toContain("https:// is not served here");
    const originForm = await raw(proxy.address, `GET /x HTTP/1.1\r\nHost: x\r\n${auth}\r\n`);
    expect(originForm).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw(proxy.address, "NOT A REQUEST\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    const after = await raw(
      proxy.address,
      `GET http://127.0.0.1:${sitePort}/b HTTP/1.1\r\nHost: x\r\n${auth}\r\n`,
    );
    expect(after).toMatch(/^HTTP\/1\.1 200 /);
  });

  it("tunnels CONNECT with the secret", async () => {
    const answer = await raw(
      proxy.address,
      `CONNECT 127.0.0.1:${sitePort} HTTP/1.1\r\nHost: x\r\n${auth}\r\n`,
      false,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 Connection Established/);
  });
});
