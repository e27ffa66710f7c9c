import { describe, expect, it } from "vitest";
import { formatBytes, UPLOAD_FAILED, uploadErrorMessage, uploadVideo } from "./upload-video.ts";

describe("uploadErrorMessage", () => {
  it("shows the server's message for the errors it explains", () => {
    const body = { error: { code: "file_too_large", message: "The file is larger than 10 GB." } };
    expect(uploadErrorMessage(413, body)).toBe("The file is larger than 10 GB.");
    const media = {
      error: { code: "unsupported_media_type", message: "This file is not a video we can play." },
    };
    expect(uploadErrorMessage(415, media)).toBe("This file is not a video we can play.");
    const limit = { error: { code: "plan_limit_reached", message: "Only 3 minutes are left this month." } };
    expect(uploadErrorMessage(402, limit)).toBe("Only 3 minutes are left this month.");
  });
  it("falls back to the §8 text otherwise", () => {
    expect(uploadErrorMessage(500, { error: { code: "internal", message: "boom" } })).toBe(UPLOAD_FAILED);
    expect(uploadErrorMessage(502, null)).toBe(UPLOAD_FAILED);
  });
});

class FakeXhr {
  status = 0;
  responseText = "";
  responseType = "";
  withCredentials = false;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } =
    {
      onprogress: null,
    };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  sent: FormData | null = null;
  opened: string[] = [];
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
}

describe("uploadVideo", () => {
  it("sends title and video, reports upload progress and resolves with the project", async () => {
    const xhr = new FakeXhr();
    const seen: number[] = [];
    const file = new File(["abc"], "clip.mp4", { type: "video/mp4" });
    const done = uploadVideo(
      file,
      { title: "My clip", language: "es", speakers: "3" },
      { onProgress: (p) => seen.push(p.loaded / p.total), createXhr: () => xhr as never },
    );
    expect(xhr.opened).toEqual(["POST", "/api/video/process"]);
    expect(xhr.withCredentials).toBe(true);
    expect(xhr.sent?.get("title")).toBe("My clip");
    expect(xhr.sent?.get("language")).toBe("es");
    expect(xhr.sent?.get("speakers")).toBe("3");
    expect((xhr.sent!.get("video") as File).name).toBe("clip.mp4");
    xhr.upload.onprogress?.({ loaded: 1, total: 4, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 4, total: 4, lengthComputable: true });
    xhr.status = 201;
    xhr.responseText = JSON.stringify({ _id: "p1" });
    xhr.onload?.();
    await expect(done).resolves.toEqual({ _id: "p1" });
    expect(seen).toEqual([0.25, 1]);
  });
  it("rejects with the message for the status and aborts on signal", async () => {
    const xhr = new FakeXhr();
    const failing = uploadVideo(
      new File(["x"], "a.mp4"),
      { title: "t", language: "en" },
      { onProgress: () => {}, createXhr: () => xhr as never },
    );
    xhr.status = 415;
    xhr.responseText = JSON.stringify({ error: { code: "unsupported_media_type", message: "Not a video." } });
    xhr.onload?.();
    await expect(failing).rejects.toThrow("Not a video.");

    const other = new FakeXhr();
    const controller = new AbortController();
    const aborted = uploadVideo(
      new File(["x"], "a.mp4"),
      { title: "t", language: "en" },
      { onProgress: () => {}, signal: controller.signal, createXhr: () => other as never },
    );
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
  });
});

describe("formatBytes", () => {
  it("uses binary units", () => {
    expect(formatBytes(500)).toBe("500 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(10 * 1024 ** 3)).toBe("10.0 GB");
  });
});

describe("uploadVideo with subtitles", () => {
  it("sends the subtitle file before the video", () => {
    const xhr = new FakeXhr();
    const video = new File(["abc"], "clip.mp4", { type: "video/mp4" });
    const subtitles = new File(["1\n00:00:01,000 --> 00:00:02,000\nAna: Hi\n"], "clip.srt");
    void uploadVideo(
      video,
      { title: "T", language: "en", subtitles },
      { onProgress: () => {}, createXhr: () => xhr as never },
    );
    expect([...xhr.sent!.keys()]).toEqual(["title", "language", "subtitles", "video"]);
    expect((xhr.sent!.get("subtitles") as File).name).toBe("clip.srt");
  });

  it("shows the server's message naming a bad cue", () => {
    const body = {
      error: {
        code: "validation_failed",
        message: "Cue 7 overlaps the cue above it.",
        details: [{ path: "subtitles.cue.7", message: "Cue 7 overlaps the cue above it." }],
      },
    };
    expect(uploadErrorMessage(400, body)).toBe("Cue 7 overlaps the cue above it.");
  });
});
