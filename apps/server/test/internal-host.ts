import http from "node:http";
import net from "node:net";

/** What an internal host must never hand to a user: a cloud metadata service's credentials. */
export const SECRET = "AKIA-INTERNAL-CREDENTIALS-0123456789";
export const METADATA_PATH = "/latest/meta-data/iam/security-credentials/role";

/**
 * An "internal" host on 127.0.0.2, a loopback address the tests leave out of the allowed ones: an HTTP
 * service answering the secret at METADATA_PATH, and an FTP service (enough of RFC 959 for Python's
 * urllib/ftplib: USER, PASS, TYPE, CWD, PASV, EPSV, SIZE, RETR, QUIT) answering it for any file.
 * `hits` records every request either was sent, so a test can show nothing reached it.
 */
export async function startInternalHost() {
  const hits: string[] = [];
  const sockets = new Set<net.Socket>();
  const track = (s: net.Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  };
  const web = http.createServer((request, response) => {
    hits.push(`http ${request.url}`);
    if (request.url === METADATA_PATH) response.writeHead(200, { "content-type": "text/plain" }).end(SECRET);
    else response.writeHead(404).end();
  });
  web.on("connection", track);
  const ftp = net.createServer((control) => {
    track(control);
    hits.push("ftp connection");
    const reply = (line: string) => control.write(`${line}\r\n`);
    let passive: net.Server | null = null;
    let data: Promise<net.Socket> | null = null;
    const openPassive = async () => {
      passive?.close();
      const server = net.createServer();
      passive = server;
      data = new Promise((resolve) => server.once("connection", resolve));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
      return (server.address() as net.AddressInfo).port;
    };
    let buffered = "";
    control.on("data", async (chunk) => {
      buffered += chunk.toString("latin1");
      for (let end = buffered.indexOf("\r\n"); end >= 0; end = buffered.indexOf("\r\n")) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const [command = "", ...rest] = line.split(" ");
        const arg = rest.join(" ");
        hits.push(`ftp ${command.toUpperCase()} ${arg}`.trim());
        switch (command.toUpperCase()) {
          case "USER":
            reply("331 password please");
            break;
          case "PASS":
            reply("230 logged in");
            break;
          case "TYPE":
            reply("200 type set");
            break;
          case "CWD":
            reply("250 ok");
            break;
          case "SIZE":
            reply(`213 ${SECRET.length}`);
            break;
          case "PASV": {
            const port = await openPassive();
            reply(`227 Entering Passive Mode (127,0,0,2,${port >> 8},${port & 255})`);
            break;
          }
          case "EPSV":
            reply(`229 Entering Extended Passive Mode (|||${await openPassive()}|)`);
            break;
          case "RETR": {
            if (!data) {
              reply("425 no data connection");
              break;
            }
            reply("150 here it comes");
            const socket = await data;
            track(socket);
            socket.end(SECRET, () => reply("226 done"));
            data = null;
            break;
          }
          case "QUIT":
            reply("221 bye");
            control.end();
            break;
          default:
            reply("502 not implemented");
        }
      }
    });
    control.on("close", () => passive?.close());
    reply("220 internal FTP");
  });
  await new Promise<void>((resolve) => web.listen(0, "127.0.0.2", resolve));
  await new Promise<void>((resolve) => ftp.listen(0, "127.0.0.2", resolve));
  const webPort = (web.address() as net.AddressInfo).port;
  const ftpPort = (ftp.address() as net.AddressInfo).port;
  return {
    hits,
    /** The metadata service's credentials URL. */
    metadataUrl: `http://127.0.0.2:${webPort}${METADATA_PATH}`,
    /** The same secret over FTP. */
    ftpUrl: `ftp://127.0.0.2:${ftpPort}/latest/meta-data/role`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all([web, ftp].map((s) => new Promise((r) => s.close(r))));
    },
  };
}
