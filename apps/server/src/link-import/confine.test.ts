// confine.py on its own: a script run under it may connect to the one allowed address and nothing else,
// whatever it tries; and a yt-dlp with a known way around its proxy (2023.03.04, CVE-2023-46121), given
// the smuggled URL without any of yt-dlp.ts's checks, still reaches nothing but the guarded proxy.
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVideo, tempFolder } from "../../test/fixtures.ts";
import { SECRET, startInternalHost } from "../../test/internal-host.ts";
import { startMediaSite } from "../../test/media-site.ts";
import { startGuardedProxy } from "./guarded-proxy.ts";
import { DEFAULT_YT_DLP, interpreterOf, ytDlpArgs, ytDlpConfig } from "./yt-dlp.ts";

const CONFINE = path.join(import.meta.dirname, "confine.py");
/** The interpreter of the setup's yt-dlp environment: the one confine.py runs in. */
const PYTHON = path.join(path.dirname(DEFAULT_YT_DLP), "python");
const pythonOf = (program: string) => {
  try {
    return interpreterOf(readFileSync(program, "latin1").slice(0, 512));
  } catch {
    return null;
  }
};

const tmp = tempFolder("confine-");
let internal: Awaited<ReturnType<typeof startInternalHost>>;
let allowed: net.Server;
let allowedPort: number;
beforeAll(async () => {
  internal = await startInternalHost();
  // stands for the guarded proxy: the one address the script may reach
  allowed = net.createServer((s) => s.end("hello"));
  await new Promise<void>((resolve) => allowed.listen(0, "127.0.0.1", resolve));
  allowedPort = (allowed.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await internal?.close();
  await new Promise((resolve) => allowed?.close(resolve));
});

/** Runs a program under confine.py; its exit code and output. */
function confined(
  python: string,
  program: string,
  args: string[],
  proxy = `127.0.0.1:${allowedPort}`,
  stdin = "",
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(python, ["-I", CONFINE, proxy, program, ...args], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    child.stdin.on("error", () => {});
    child.stdin.end(stdin);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => (stdout += c));
    child.stderr.on("data", (c: Buffer) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

// Each attempt prints "ok" or the exception's name.
const PROBE = `
import json, os, socket, subprocess, sys, urllib.request
results = {}
def attempt(name, action):
    try:
        action()
        results[name] = "ok"
    except BaseException as e:
        results[name] = type(e).__name__
def connect(host, port):
    with socket.create_connection((host, port), timeout=5) as s:
        s.recv(5)
def udp():
    socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b"x", ("127.0.0.2", 53))
def listen():
    socket.socket().bind(("127.0.0.1", 0))
web_port, ftp_url, allowed_port = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
attempt("the allowed address", lambda: connect("127.0.0.1", allowed_port))
attempt("the internal host", lambda: connect("127.0.0.2", web_port))
attempt("another port of the allowed host", lambda: connect("127.0.0.1", web_port))
attempt("a name", lambda: socket.getaddrinfo("localhost", 80))
attempt("urllib, http", lambda: urllib.request.urlopen(f"http://127.0.0.2:{web_port}/", timeout=5))
attempt("urllib, ftp", lambda: urllib.request.urlopen(ftp_url, timeout=5))
attempt("a datagram", udp)
attempt("a listening socket", listen)
attempt("a subprocess", lambda: subprocess.run(["true"]))
attempt("os.system", lambda: os.system("true"))
attempt("ctypes", lambda: __import__("ctypes"))
print(json.dumps(results))
`;

describe.skipIf(!pythonOf(DEFAULT_YT_DLP))("confine.py", () => {
  it("lets a script connect to the allowed address only: no other address, name, scheme or program", async () => {
    const probe = path.join(tmp.path, "probe.py");
    writeFileSync(probe, PROBE);
    const webPort = new URL(internal.metadataUrl).port;
    const before = internal.hits.length;
    const { stdout, stderr } = await confined(PYTHON, probe, [webPort, internal.ftpUrl, String(allowedPort)]);
    expect(JSON.parse(stdout), stderr).toEqual({
      "the allowed address": "ok",
      "the internal host": "PermissionError",
      "another port of the allowed host": "PermissionError",
      "a name": "PermissionError",
      "urllib, http": "URLError",
      "urllib, ftp": "PermissionError",
      "a datagram": "PermissionError",
      "a listening socket": "PermissionError",
      "a subprocess": "PermissionError",
      "os.system": "PermissionError",
      ctypes: "ImportError",
    });
    expect(stderr).toMatch(/yt-dlp confinement refused: a look-up of 127\.0\.0\.2\n/);
    expect(internal.hits.slice(before)).toEqual([]);
  });

  // Debian bookworm's yt-dlp, if this machine has it: the version that took a proxy-bypass header from a
  // URL fragment (CVE-2023-46121)
  const old = (() => {
    try {
      const program = execFileSync("sh", ["-c", "command -v yt-dlp"], { encoding: "utf8" }).trim();
      const version = execFileSync(program, ["--version"], { encoding: "utf8" }).trim();
      return version < "2023.11.14" ? { program, python: pythonOf(program)! } : null;
    } catch {
      return null;
    }
  })();
  it.skipIf(!old)(
    "holds a yt-dlp older than 2023.11.14 to the proxy when the smuggled header turns it off",
    async () => {
      const site = await startMediaSite(makeVideo(tmp.path, "mp4", { seconds: 1 }));
      const proxy = await startGuardedProxy(["127.0.0.1"]);
      try {
        const enc = encodeURIComponent;
        const segments = [
          `${site.url}/clip.mp4`,
          `${site.url}/free?n=${SECRET.length}`,
          internal.metadataUrl,
        ];
        const data = enc(JSON.stringify({ http_headers: { "Ytdl-request-proxy": "__noproxy__" } }));
        const link = `${site.url}/dash.mpd?${segments.map((s) => `seg=${enc(s)}`).join("&")}&type=video/mpd#__youtubedl_smuggle=${data}`;
        const out = path.join(tmp.path, "old");
        const before = internal.hits.length;
        const args = ytDlpArgs(link, out, 5 * 1024 ** 2);
        const { stderr } = await confined(
          old!.python,
          old!.program,
          args,
          proxy.address,
          ytDlpConfig(proxy.url),
        );
        // the page itself is refused: the smuggled header had yt-dlp connect around the proxy
        expect(stderr).toMatch(
          new RegExp(`yt-dlp confinement refused: a connection to 127\\.0\\.0\\.1:${site.port}`),
        );
        expect(internal.hits.slice(before)).toEqual([]);
      } finally {
        await proxy.close();
        await site.close();
      }
    },
  );
});
