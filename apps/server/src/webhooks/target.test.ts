import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../../test/receiver.ts";
import { checkTarget, isPrivateAddress, postJson } from "./target.ts";

describe("the webhook target guard", () => {
  it("knows private, loopback, link-local and mapped addresses", () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not an ip",
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8"])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it("refuses private address literals, localhost and other schemes unless private targets are allowed", () => {
    for (const url of [
      "http://127.0.0.1:8080/hook",
      "http://[::1]/hook",
      "http://localhost/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://2130706433/", // 127.0.0.1 as one number: URL normalises it
    ])
      expect(() => checkTarget(new URL(url), false), url).toThrow(/private/);
    expect(() => checkTarget(new URL("ftp://example.com/"), true)).toThrow(/http/);
    expect(() => checkTarget(new URL("http://127.0.0.1/"), true)).not.toThrow();
    expect(() => checkTarget(new URL("https://example.com/hook"), false)).not.toThrow();
  });
});

describe("postJson against a real local server", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  it("does not connect to a name that resolves to a private address (checked at connect time)", async () => {
    // this machine's own name resolves to a loopback or private address; only the look-up can tell
    const result = await postJson(
      `http://${os.hostname()}:${receiver.port}/named`,
      "{}",
      {},
      {
        allowPrivate: false,
        timeoutMs: 5000,
      },
    );
    expect(result).toMatchObject({ status: null, error: expect.stringMatching(/private/) });
    expect(receiver.received.filter((r) => r.path === "/named")).toHaveLength(0);
  });

  it("gives up after its timeout and follows no redirect", async () => {
    receiver.answerWith((r) =>
      r.path === "/slow" ? "hang" : { status: 301, headers: { location: `${receiver.url}/target` } },
    );
    const slow = await postJson(`${receiver.url}/slow`, "{}", {}, { allowPrivate: true, timeoutMs: 300 });
    expect(slow).toMatchObject({ status: null, error: expect.stringMatching(/no answer within/) });
    const moved = await postJson(`${receiver.url}/moved`, "{}", {}, { allowPrivate: true, timeoutMs: 5000 });
    expect(moved).toEqual({ status: 301, error: "answered HTTP 301" });
    expect(receiver.received.filter((r) => r.path === "/target")).toHaveLength(0);
  });
});
