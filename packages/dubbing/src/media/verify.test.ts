import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ffmpegSync,
  makeSpeechMkv,
  makeTestVideo,
  setMatroskaDuration,
  tempDir,
} from "../testing/fixtures.ts";
import { type ProbeResult, probe } from "./probe.ts";
import { addPacketLine, judgeStreams, NO_PACKETS, type PacketSpan, verifiedDurationMs } from "./verify.ts";

const mp4: ProbeResult = {
  durationMs: 27_000,
  sizeBytes: 750_000,
  formatName: "mov,mp4,m4a,3gp,3g2,mj2",
  demuxer: "mov",
  video: { codec: "h264", width: 320, height: 240, fps: 25 },
  audio: { codec: "aac", sampleRate: 44_100, channels: 1 },
};
const span = (lines: string[]): PacketSpan => lines.reduce(addPacketLine, NO_PACKETS);
const reading = (tail: string[], opts: { scan?: string[]; firstFrame?: boolean } = {}) => ({
  firstFrame: opts.firstFrame ?? true,
  tail: span(tail),
  scan: opts.scan ? span(opts.scan) : null,
});
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return null;
};

describe("addPacketLine", () => {
  it("keeps the latest packet end and the container's start", () => {
    const s = span(["packet,26.960000,0.040000", "packet,26.980000,0.020000", "format,1.400000", ""]);
    expect(s).toEqual({ packets: 2, startSeconds: 1.4, endSeconds: 27 });
  });
  it("counts a packet's own duration up to 1 s (OGG's last packet claims a day) and skips N/A", () => {
    expect(span(["packet,30.131519,97391.177143"]).endSeconds).toBeCloseTo(30.1315);
    expect(span(["packet,N/A,0.04", "packet,,0.04", "stream,1,2"])).toEqual(NO_PACKETS);
  });
});

describe("judgeStreams", () => {
  it("takes where the packets end, whatever the header says", () => {
    expect(judgeStreams(mp4, reading(["packet,26.96,0.04"]))).toBe(27_000);
    // the header says 1 s, the packets run to 42 s (a lying Matroska Duration)
    expect(judgeStreams({ ...mp4, durationMs: 1000 }, reading(["packet,41.96,0.04"]))).toBe(42_000);
    // the header claims 27 s, the streams stop at 25.54 s
    expect(judgeStreams(mp4, reading(["packet,25.5,0.04"]))).toBe(25_540);
  });

  it("counts from the container's start time (MPEG-TS starts at 1.4 s)", () => {
    expect(judgeStreams(mp4, reading(["packet,4.475,0.023", "format,1.48"]))).toBe(3018);
  });

  it("scans every packet when the tail cannot be read, and calls a file cut off when they stop early", () => {
    expect(judgeStreams(mp4, reading([], { scan: ["packet,26,0.04"] }))).toBe(26_040);
    expect(codeOf(() => judgeStreams(mp4, reading([], { scan: ["packet,3.6,0.04"] })))).toBe("truncated");
    expect(codeOf(() => judgeStreams(mp4, reading([], { scan: [] })))).toBe("truncated");
  });

  it("refuses a video track without frames and a file without length", () => {
    expect(codeOf(() => judgeStreams(mp4, reading(["packet,26.9,0.1"], { firstFrame: false })))).toBe(
      "no_frames",
    );
    expect(codeOf(() => judgeStreams(mp4, reading(["packet,0,0"])))).toBe("image");
  });
});

describe("verifiedDurationMs (real ffprobe)", () => {
  const t = tempDir();
  let speech = "";
  beforeAll(() => {
    speech = makeSpeechMkv(join(t.dir, "speech.mkv"));
  });
  afterAll(t.cleanup);

  it("finds the real end of a Matroska file whose Duration says 1 s, and of one that says 3 hours", async () => {
    const short = setMatroskaDuration(speech, join(t.dir, "says-1s.mkv"), 1);
    const shortProbe = await probe(short);
    expect(shortProbe.durationMs).toBe(1000);
    expect(await verifiedDurationMs(short, shortProbe)).toBeGreaterThan(24_000);
    const long = setMatroskaDuration(speech, join(t.dir, "says-3h.mkv"), 3 * 3600);
    const longMs = await verifiedDurationMs(long, await probe(long));
    expect(longMs).toBeGreaterThan(24_000);
    expect(longMs).toBeLessThan(25_500);
  });

  it("dates an Ogg file's end by a scan (a seek dates its last page late)", async () => {
    const ogg = join(t.dir, "v.ogg");
    ffmpegSync(
      ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=25:duration=2", "-f", "lavfi", "-i"].concat([
        "sine=duration=2",
        "-c:v",
        "libtheora",
        "-c:a",
        "libvorbis",
        "-shortest",
        ogg,
      ]),
    );
    const ms = await verifiedDurationMs(ogg, await probe(ogg));
    expect(ms).toBeGreaterThan(1900);
    expect(ms).toBeLessThan(2100);
  });

  it("confirms an honest MP4", async () => {
    const video = makeTestVideo(join(t.dir, "v.mp4"), 3);
    const ms = await verifiedDurationMs(video, await probe(video));
    expect(ms).toBeGreaterThan(2900);
    expect(ms).toBeLessThan(3100);
  });
});
