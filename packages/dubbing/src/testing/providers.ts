// Helpers for testing cloud engines against a fake provider server (vitest): the server's lifecycle,
// the checks every engine's tests make (a provider's error without the key, stopping) and test audio.
import { writeFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { encodeWav } from "../audio/wav.ts";
import type { AsrInput } from "../engines/types.ts";
import type { LanguageCode } from "../languages.ts";
import { type FakeServer, type RecordedRequest, startFakeServer } from "./fake-server.ts";

export type Answer = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

interface FakeProvider {
  readonly url: string;
  /** This test's requests. */
  readonly requests: RecordedRequest[];
  /** How the server answers; each test sets it. */
  answer: Answer;
}

/** A fake server for the tests of the calling describe block: started before them, closed after them. */
export function useFakeServer(): FakeProvider {
  let server: FakeServer | undefined;
  const fake = {
    answer: ((_req, res) => {
      res.writeHead(500).end("the test set no answer");
    }) as Answer,
    get url() {
      return server!.url;
    },
    get requests() {
      return server!.requests;
    },
  };
  beforeAll(async () => {
    server = await startFakeServer((req, res) => fake.answer(req, res));
  });
  beforeEach(() => {
    server!.requests.length = 0;
  });
  afterAll(() => server?.close());
  return fake;
}

/** Answers with `answer` after `ms` (to stop a request before its answer). */
export function later(ms: number, answer: Answer): Answer {
  return async (req, res) => {
    await new Promise((r) => setTimeout(r, ms));
    await answer(req, res);
  };
}

/** Answers 200 with the first 1000 bytes of `body` at once and the rest after `ms` (to stop a download). */
export async function sendSlowly(res: ServerResponse, body: Buffer, ms = 1000): Promise<void> {
  res.writeHead(200).write(body.subarray(0, 1000));
  await new Promise((r) => setTimeout(r, ms));
  res.end(body.subarray(1000));
}

/** A signal that fires after `ms`, as a user's stop would. */
export function abortAfter(ms: number): AbortSignal {
  const c = new AbortController();
  setTimeout(() => c.abort(), ms);
  return c.signal;
}

/** The error a promise rejects with (fails the test when it resolves). */
async function errorOf(p: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await p;
  } catch (err) {
    return err as Error & { code?: string };
  }
  throw new Error("expected a rejection");
}

/** Expects engine_failed with `message`, and never the key (a provider may echo it). */
export async function expectProviderError(p: Promise<unknown>, message: string | RegExp, key: string) {
  const err = await errorOf(p);
  expect(err).toMatchObject({
    code: "engine_failed",
    message: typeof message === "string" ? message : expect.stringMatching(message),
  });
  expect(err.message).not.toContain(key);
}

export async function expectAborted(p: Promise<unknown>): Promise<void> {
  await expect(p).rejects.toMatchObject({ code: "aborted" });
}

/** A 440 Hz sine of `n` samples. */
export function sine(n: number, rate: number, amplitude = 0.5): Float32Array {
  return Float32Array.from({ length: n }, (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / rate));
}

export function rms(x: Float32Array): number {
  return Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
}

/** `ms` of a tone written as a 16 kHz WAV in `dir`, as the pipeline hands audio to ASR (all speech by default). */
export function toneInput(
  dir: string,
  ms: number,
  language: LanguageCode = "en",
  speech = [{ start: 0, end: ms }],
): AsrInput {
  const rate = 16_000;
  const samples = sine((ms * rate) / 1000, rate, 0.3);
  const wavFile = join(dir, `tone-${ms}.wav`);
  writeFileSync(wavFile, encodeWav(samples, rate));
  return { wavFile, samples, sampleRate: rate, language, speech };
}

/** The multipart form a request carried. */
export async function formOf(req: RecordedRequest): Promise<FormData> {
  const type = String(req.headers["content-type"]);
  return new Response(new Uint8Array(req.body), { headers: { "content-type": type } }).formData();
}

/** Words as [text, start, end] in the unit the provider uses. */
type WordTuple = [text: string, start: number, end: number];

/** An Azure Speech phrase in its documented shape, from words as [text, offset ms, end ms]. */
export function azurePhrase(words: WordTuple[], extra: Record<string, unknown> = {}) {
  const start = words[0]?.[1] ?? 0;
  const end = words.at(-1)?.[2] ?? start;
  return {
    offsetMilliseconds: start,
    durationMilliseconds: end - start,
    text: words.map(([text]) => text).join(" "),
    words: words.map(([text, from, to]) => ({
      text,
      offsetMilliseconds: from,
      durationMilliseconds: to - from,
    })),
    ...extra,
  };
}

/** OpenAI's verbose_json words, from [word, start s, end s]. */
export const openAiWords = (words: WordTuple[]) => words.map(([word, start, end]) => ({ word, start, end }));
