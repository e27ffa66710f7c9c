import http from "node:http";
import type { AddressInfo } from "node:net";

/** The key the stand-in accepts. */
export const PEXELS_TEST_KEY = "test-pexels-key";

export interface PexelsStandIn {
  baseUrl: string;
  /** Every search it answered or refused, in order. */
  calls: { query: string | null; perPage: string | null; auth: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A local server speaking the part of Pexels' API the service uses: `GET /v1/search?query=&per_page=` with
 * the key in `Authorization` (401 for another key, 429 for the query "busy"), and the photos' files.
 */
export async function startPexelsStandIn(): Promise<PexelsStandIn> {
  const calls: PexelsStandIn["calls"] = [];
  let base = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, "http://x");
    if (url.pathname === "/v1/search") {
      calls.push({
        query: url.searchParams.get("query"),
        perPage: url.searchParams.get("per_page"),
        auth: req.headers.authorization,
      });
      if (req.headers.authorization !== PEXELS_TEST_KEY) {
        res.writeHead(401, { "content-type": "application/json" }).end('{"error":"bad key"}');
        return;
      }
      if (url.searchParams.get("query") === "busy") {
        res.writeHead(429, { "content-type": "application/json" }).end('{"error":"rate limit"}');
        return;
      }
      const n = Number(url.searchParams.get("per_page") ?? 15);
      const photo = (id: number) => ({
        id,
        width: 4000,
        height: 3000,
        url: `https://www.pexels.com/photo/${id}/`,
        photographer: "Test Photographer",
        photographer_url: "https://www.pexels.com/@test",
        photographer_id: 7,
        avg_color: "#336699",
        alt: `${url.searchParams.get("query")} ${id - 1000}`,
        src: Object.fromEntries(
          ["original", "large2x", "large", "medium", "small", "portrait", "landscape", "tiny"].map((size) => [
            size,
            `${base}/photos/${id}/${size}.jpeg`,
          ]),
        ),
        liked: false,
      });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          page: 1,
          per_page: n,
          photos: Array.from({ length: n }, (_, i) => photo(1000 + i)),
          total_results: 500,
          next_page: `${base}/v1/search?page=2`,
        }),
      );
      return;
    }
    if (url.pathname.startsWith("/photos/")) {
      res.writeHead(200, { "content-type": "image/jpeg" }).end(Buffer.from("JPEGBYTES"));
      return;
    }
    if (url.pathname === "/redirect") {
      res.writeHead(302, { location: "http://169.254.169.254/latest" }).end();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: base,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
