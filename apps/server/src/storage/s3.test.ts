import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { S3Storage } from "./s3.ts";

const storage = () =>
  new S3Storage({
    endpoint: "http://127.0.0.1:1",
    region: "us-east-1",
    bucket: "b",
    accessKeyId: "a",
    secretAccessKey: "s",
    forcePathStyle: true,
  });

// The store's answers are scripted: paging and the cut-off, without waiting an hour for an upload to age.
describe("S3Storage.abortStaleUploads", () => {
  it("aborts the uploads started before the cut-off, across pages, and keeps the younger", async () => {
    const s3 = storage();
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    const hour = new Date("2026-11-25T10:00:00Z");
    const pages = [
      {
        Uploads: [
          { Key: "projects/a/original.mp4", UploadId: "u1", Initiated: new Date("2026-11-25T08:00:00Z") },
          { Key: "projects/b/original.mp4", UploadId: "u2", Initiated: new Date("2026-11-25T10:30:00Z") },
        ],
        IsTruncated: true,
        NextKeyMarker: "projects/b/original.mp4",
        NextUploadIdMarker: "u2",
      },
      {
        Uploads: [
          { Key: "projects/c/video.mp4", UploadId: "u3", Initiated: new Date("2026-11-24T00:00:00Z") },
        ],
      },
    ];
    (s3.client as unknown as { send: (c: unknown) => Promise<unknown> }).send = async (command) => {
      const name = (command as object).constructor.name;
      const { input } = command as { input: Record<string, unknown> };
      sent.push({ name, input });
      return name === "ListMultipartUploadsCommand" ? pages.shift() : {};
    };
    expect(await s3.abortStaleUploads(hour)).toBe(2);
    expect(sent.filter((c) => c.name === "AbortMultipartUploadCommand").map((c) => c.input.UploadId)).toEqual(
      ["u1", "u3"],
    );
    expect(sent[2]?.input).toMatchObject({ KeyMarker: "projects/b/original.mp4", UploadIdMarker: "u2" });
    s3.client.destroy();
  });

  it("answers 0 where the store does not list uploads", async () => {
    const s3 = storage();
    (s3.client as unknown as { send: () => Promise<never> }).send = async () => {
      throw Object.assign(new Error("not implemented"), { name: "NotImplemented" });
    };
    expect(await s3.abortStaleUploads(new Date())).toBe(0);
    s3.client.destroy();
  });
});

describe("S3Storage.abortJournaledUploads", () => {
  it("keeps an entry the store could not be asked about for the next sweep, drops what cannot be asked again", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "journal-"));
    try {
      const entry = (id: string) =>
        writeFileSync(path.join(dir, `${id}.json`), JSON.stringify({ key: `k/${id}`, uploadId: id }));
      for (const id of ["done", "unsupported", "refused", "down"]) entry(id);
      writeFileSync(path.join(dir, "half.json"), '{"key": "k/ha');
      const answers = new Map([
        ["done", "NoSuchUpload"],
        ["unsupported", "NotImplemented"],
        ["refused", "MethodNotAllowed"],
        ["down", "ECONNREFUSED"],
      ]);
      const s3 = storage();
      let reachable = false;
      (s3.client as unknown as { send: (c: unknown) => Promise<unknown> }).send = async (command) => {
        const id = (command as { input: { UploadId: string } }).input.UploadId;
        if (id === "down" && reachable) return {};
        throw Object.assign(new Error(answers.get(id)), { name: answers.get(id) });
      };
      await expect(s3.abortJournaledUploads(dir)).rejects.toThrow("ECONNREFUSED");
      expect(readdirSync(dir)).toEqual(["down.json"]);
      reachable = true;
      expect(await s3.abortJournaledUploads(dir)).toBe(1);
      expect(readdirSync(dir)).toEqual([]);
      s3.client.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
