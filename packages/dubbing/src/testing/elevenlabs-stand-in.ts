// A local ElevenLabs for tests of voice cloning end to end: it speaks the documented wire format of
// "Create IVC voice" (multipart POST /v1/voices/add → {"voice_id"}), "Delete voice" and "Create speech"
// (raw 24 kHz PCM), records what it was sent, and refuses as the provider does when told to.
import { encodeWav } from "../audio/wav.ts";
import { type FakeServer, type RecordedRequest, sendJson, startFakeServer } from "./fake-server.ts";

interface ReceivedClone {
  name: string;
  description: string | null;
  labels: string | null;
  files: { filename: string; type: string; bytes: Buffer }[];
  apiKey: string | undefined;
}

export interface ElevenLabsStandIn {
  url: string;
  server: FakeServer;
  clones: ReceivedClone[];
  /** Voice ids it was asked to delete, in order. */
  deleted: string[];
  /** Voice ids it made and still has. */
  voices: Set<string>;
  /** Voice ids speech was asked of. */
  spoken: string[];
  /** The next clone answers this (status and body) instead of a voice. */
  refuseNext: { status: number; body: unknown } | null;
  /** Every DELETE answers 503 while set (a provider that is down). */
  deletesDown: boolean;
  /** A clone's answer waits this long (to act while it is being made). */
  cloneDelayMs: number;
  close(): Promise<void>;
}

/** Pure-ish: the multipart body of a recorded request, parsed as the provider would. */
async function parseMultipart(req: RecordedRequest): Promise<FormData> {
  const type = String(req.headers["content-type"] ?? "");
  return new Response(new Uint8Array(req.body), { headers: { "content-type": type } }).formData();
}

const pcmSine = () => {
  const n = 24_000 * 0.6;
  const s = new Float32Array(n);
  for (let i = 0; i < n; i++) s[i] = 0.3 * Math.sin((2 * Math.PI * 220 * i) / 24_000);
  return encodeWav(s, 24_000).subarray(44);
};

export async function startElevenLabsStandIn(): Promise<ElevenLabsStandIn> {
  let next = 1;
  const state: Omit<ElevenLabsStandIn, "url" | "server" | "close"> = {
    clones: [],
    deleted: [],
    voices: new Set(),
    spoken: [],
    refuseNext: null,
    deletesDown: false,
    cloneDelayMs: 0,
  };
  const server = await startFakeServer(async (req, res) => {
    if (req.method === "POST" && req.path === "/v1/voices/add") {
      const form = await parseMultipart(req);
      const files = await Promise.all(
        form.getAll("files").map(async (f) => {
          const file = f as File;
          return { filename: file.name, type: file.type, bytes: Buffer.from(await file.arrayBuffer()) };
        }),
      );
      state.clones.push({
        name: String(form.get("name") ?? ""),
        description: form.get("description") as string | null,
        labels: form.get("labels") as string | null,
        files,
        apiKey: req.headers["xi-api-key"] as string | undefined,
      });
      if (state.cloneDelayMs) await new Promise((r) => setTimeout(r, state.cloneDelayMs));
      if (state.refuseNext) {
        const { status, body } = state.refuseNext;
        state.refuseNext = null;
        return sendJson(res, status, body);
      }
      if (!form.get("name") || files.length === 0)
        return sendJson(res, 422, { detail: [{ loc: ["body", "files"], msg: "Field required" }] });
      const id = `clone${String(next++).padStart(4, "0")}standin`;
      state.voices.add(id);
      return sendJson(res, 200, { voice_id: id, requires_verification: false });
    }
    const del = /^\/v1\/voices\/([^/]+)$/.exec(req.path);
    if (req.method === "DELETE" && del) {
      const id = decodeURIComponent(del[1]!);
      state.deleted.push(id);
      if (state.deletesDown) return sendJson(res, 503, { detail: { status: "busy", message: "Try later" } });
      if (!state.voices.delete(id))
        return sendJson(res, 400, {
          detail: { status: "voice_not_found", message: `A voice with voice_id ${id} was not found.` },
        });
      return sendJson(res, 200, { status: "ok" });
    }
    const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(req.path);
    if (req.method === "POST" && tts) {
      const id = decodeURIComponent(tts[1]!);
      state.spoken.push(id);
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(pcmSine());
      return;
    }
    sendJson(res, 404, { detail: { status: "not_found", message: `no route ${req.method} ${req.path}` } });
  });
  return Object.assign(state, { url: server.url, server, close: () => server.close() }) as ElevenLabsStandIn;
}
