// The Piper worker's failure paths, against a stand-in worker speaking the same JSON-lines protocol (the
// real worker is tested in piper.test.ts): a crash fails only its own request, a hang is ended at its
// deadline, an idle worker stops, a missing Python fails cleanly.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/fixtures.ts";
import { decodeSamples, PiperWorker, piperError } from "./piper-worker.ts";

const tmp = tempDir("dub-piper-worker-");
afterAll(() => tmp.cleanup());

// "crash" kills the process, "hang" never answers, "slow" answers after the others; a clip's length is
// the text's length (in samples)
const STAND_IN = join(tmp.dir, "stand_in.py");
writeFileSync(
  STAND_IN,
  `import base64, json, os, sys, threading, time
import struct
def handle(job):
    text = job["text"]
    if text == "crash":
        time.sleep(0.2); os._exit(3)
    if text == "hang":
        time.sleep(3600)
    if text == "slow":
        time.sleep(0.6)
    data = struct.pack("<%df" % len(text), *([0.5] * len(text)))
    sys.stdout.write(json.dumps({"id": job["id"], "type": "result", "sampleRate": 22050,
        "samples": base64.b64encode(data).decode()}) + "\\n"); sys.stdout.flush()
for line in sys.stdin:
    threading.Thread(target=handle, args=(json.loads(line),), daemon=True).start()
`,
);

const job = (text: string) => ({ model: "m.onnx", text, rate: 1 });

describe("Piper worker", () => {
  it("fails only the request that crashed the process; the other one it held is spoken", async () => {
    const w = new PiperWorker({ python: "python3", script: STAND_IN });
    const slow = w.synthesize(job("slow"));
    const crash = w.synthesize(job("crash"));
    await expect(crash).rejects.toMatchObject({ code: "engine_crashed", message: /worker stopped twice/ });
    expect((await slow).samples.length).toBe(4);
    // each sent again alone: the slow line, then the crash again; then a process for the next one
    expect((await w.synthesize(job("after"))).samples.length).toBe(5);
    expect(w.starts).toBe(3);
    w.close();
  });

  it("ends a hung request at its deadline and speaks the next one", async () => {
    const w = new PiperWorker({
      python: "python3",
      script: STAND_IN,
      deadlineMs: (text) => (text === "hang" ? 300 : 30_000),
    });
    await expect(w.synthesize(job("hang"))).rejects.toMatchObject({ message: /did not answer in time/ });
    expect((await w.synthesize(job("ok"))).samples.length).toBe(2);
    expect(w.starts).toBe(2);
    w.close();
  });

  it("stops its process when idle and starts one for the next request", async () => {
    const w = new PiperWorker({ python: "python3", script: STAND_IN, idleMs: 50 });
    await w.synthesize(job("one"));
    const pid = w.pid as number;
    await expect.poll(() => w.pid, { timeout: 5000 }).toBeUndefined();
    const alive = () => {
      try {
        return process.kill(pid, 0);
      } catch {
        return false;
      }
    };
    await expect.poll(alive, { timeout: 5000 }).toBe(false);
    await w.synthesize(job("two"));
    expect(w.starts).toBe(2);
    w.close();
  });

  it("fails cleanly when its Python cannot start, and when aborted", async () => {
    const w = new PiperWorker({ python: join(tmp.dir, "no-python"), script: STAND_IN });
    await expect(w.synthesize(job("x"))).rejects.toMatchObject({ message: /cannot start/ });
    const ok = new PiperWorker({ python: "python3", script: STAND_IN });
    const ac = new AbortController();
    const pending = ok.synthesize(job("hang"), ac.signal);
    ac.abort();
    await expect(pending).rejects.toMatchObject({ code: "aborted" });
    ok.close();
  });

  it("maps the worker's error codes and decodes its samples", () => {
    expect(piperError("bad_text", "empty").code).toBe("invalid_segment");
    expect(piperError("bad_model", "x").code).toBe("engine_failed");
    const b = Buffer.alloc(8);
    b.writeFloatLE(0.25, 0);
    b.writeFloatLE(-1, 4);
    expect([...decodeSamples(b.toString("base64"))]).toEqual([0.25, -1]);
  });
});
