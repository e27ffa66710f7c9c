import { writeFile } from "node:fs/promises";
import { expect } from "vitest";
import yauzl from "yauzl";
import { api, eventually } from "./http.ts";

/** Every file of a ZIP (a small one: tests only), by name. */
export async function readZip(file: string): Promise<Map<string, Buffer>> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", resolve);
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith("/")) return zip.readEntry();
      zip
        .openReadStreamPromise(entry)
        .then(async (stream) => {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        })
        .catch(reject);
    });
    zip.readEntry();
  });
  zip.close();
  return files;
}

/** The user's "Download my data": asked for, waited for, saved to `file`; its account.json, parsed. */
export async function exportedAccount(baseUrl: string, cookie: string, file: string) {
  expect((await api(baseUrl, cookie, "POST", "/api/account/export")).status).toBe(202);
  const done = await eventually("the export", async () => {
    const e = (await api(baseUrl, cookie, "GET", "/api/account/export")).body.export;
    return e.status === "ready" || e.status === "failed" ? e : null;
  });
  expect(done.status, done.message).toBe("ready");
  await writeFile(file, Buffer.from(await (await fetch(`${baseUrl}${done.url}`)).arrayBuffer()));
  return JSON.parse((await readZip(file)).get("account.json")!.toString());
}
