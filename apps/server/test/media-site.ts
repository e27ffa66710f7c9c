import { createReadStream, statSync } from "node:fs";
import http from "node:http";
import type net from "node:net";

/**
 * A local web site for link imports, on 127.0.0.1 and (the same pages) on 127.0.0.2, a second loopback
 * address a test can leave out of IMPORT_ALLOW_PRIVATE to see it refused:
 * `/clip.mp4` the video; `/page.html` an HTML5 `<video>` page (yt-dlp's generic extractor);
 * `/article.html` HTML with no video; `/notes.txt` text; `/to?url=` a 302 to `url`; `/endless.mp4` a body
 * that never ends; `/huge.mp4` a declared Content-Length of 1 TB; `/stall.mp4` headers, then nothing.
 * `page.html?src=` points the page's video elsewhere. For the pages an attacker writes: `/dash.mpd?seg=…`
 * a DASH manifest whose one representation is the listed segments, concatenated (SegmentList, any URL),
 * shown to the importer's own fetch as a page, of the Content-Type `type=` if given (yt-dlp 2023.03.04
 * gives a manifest's segments the URL's smuggled headers when it is a `video/…mpd`); `/smuggle?seg=…` a
 * redirect to such a manifest that adds a `#__youtubedl_smuggle` fragment with a
 * `Ytdl-request-proxy: __noproxy__` header;
 * `/free?n=` the 8-byte header of an MP4 `free` box of n bytes, so that what follows it (a segment from
 * elsewhere) sits inside a valid MP4 unread. `requests` records every path asked for.
 */
export async function startMediaSite(video: string) {
  const requests: string[] = [];
  const servers: http.Server[] = [];
  const handler = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://site");
    requests.push(`${request.headers.host}${url.pathname}`);
    const html = (body: string) =>
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(`<!doctype html>${body}`);
    switch (url.pathname) {
      case "/clip.mp4":
        response.writeHead(200, { "content-type": "video/mp4", "content-length": statSync(video).size });
        return void createReadStream(video).pipe(response);
      case "/page.html":
        return html(
          `<html><head><title>A talk</title></head><body><h1>A talk</h1><video controls src="${xml(url.searchParams.get("src") ?? "/clip.mp4")}"></video></body></html>`,
        );
      case "/dash.mpd":
        // the importer's own fetch is shown a page, so that the link goes on to yt-dlp
        if (request.headers["user-agent"]?.startsWith("AI-Video-Dubbing-Import")) return html("<p>Watch</p>");
        response.writeHead(200, { "content-type": url.searchParams.get("type") ?? "application/dash+xml" });
        return void response.end(dashManifest(url.searchParams.getAll("seg")));
      case "/hls.m3u8":
        // a playlist whose second segment's key is a local file (yt-dlp fails it after the first segment)
        if (request.headers["user-agent"]?.startsWith("AI-Video-Dubbing-Import")) return html("<p>Watch</p>");
        response.writeHead(200, { "content-type": "application/vnd.apple.mpegurl" });
        return void response.end(
          "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\n/clip.mp4\n" +
            '#EXT-X-KEY:METHOD=AES-128,URI="file:///etc/hostname"\n#EXTINF:1.0,\n/clip.mp4\n#EXT-X-ENDLIST\n',
        );
      case "/smuggle": {
        // a redirect to that manifest that adds yt-dlp's private data, headers turning its proxy off
        const data = JSON.stringify({ http_headers: { "Ytdl-request-proxy": "__noproxy__" } });
        const location = `/dash.mpd${url.search}&type=video/mpd#__youtubedl_smuggle=${encodeURIComponent(data)}`;
        return void response.writeHead(302, { location }).end();
      }
      case "/free": {
        const box = Buffer.alloc(8);
        box.writeUInt32BE(8 + Number(url.searchParams.get("n")));
        box.write("free", 4, "latin1");
        return void response.writeHead(200, { "content-type": "video/mp4", "content-length": 8 }).end(box);
      }
      case "/article.html":
        return html("<html><head><title>News</title></head><body><p>Only words here.</p></body></html>");
      case "/notes.txt":
        return void response.writeHead(200, { "content-type": "text/plain" }).end("not a video");
      case "/to":
        return void response.writeHead(302, { location: url.searchParams.get("url") ?? "/" }).end();
      case "/endless.mp4": {
        response.writeHead(200, { "content-type": "video/mp4" });
        const chunk = Buffer.alloc(64 * 1024, 7);
        const pump = () => {
          while (!response.destroyed && response.write(chunk));
          if (!response.destroyed) response.once("drain", pump);
        };
        return pump();
      }
      case "/huge.mp4":
        return void response
          .writeHead(200, { "content-type": "video/mp4", "content-length": 10 ** 12 })
          .flushHeaders();
      case "/stall.mp4":
        return void response.writeHead(200, { "content-type": "video/mp4" }).flushHeaders();
      default:
        response.writeHead(404).end();
    }
  };
  const sockets = new Set<net.Socket>();
  let port = 0;
  for (const host of ["127.0.0.1", "127.0.0.2"]) {
    const server = http.createServer(handler);
    server.on("connection", (s) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    port = (server.address() as net.AddressInfo).port;
    servers.push(server);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    /** The same site on the second loopback address. */
    otherUrl: `http://127.0.0.2:${port}`,
    port,
    requests,
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
    },
  };
}

/** Pure: text safe inside an XML or HTML attribute. */
const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** Pure: a static DASH manifest with one audio-and-video representation made of these segments. */
function dashManifest(segments: string[]): string {
  const list = segments.map((s) => `<SegmentURL media="${xml(s)}"/>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT2S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-main:2011">
<Period><AdaptationSet mimeType="video/mp4"><Representation id="v" bandwidth="200000" width="320" height="240" codecs="avc1.42c01e,mp4a.40.2">
<SegmentList timescale="1" duration="1">${list}</SegmentList></Representation></AdaptationSet></Period></MPD>`;
}
