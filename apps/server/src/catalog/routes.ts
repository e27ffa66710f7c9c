import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { type Language, type Voice, type VoiceSpokenBy, voicesSpokenQuerySchema } from "@dubbing/contract";
import {
  type EngineRegistry,
  findVoice,
  renderVoiceSample,
  resolveVoice,
  sampleVoiceName,
  VOICES,
} from "@dubbing/dubbing";
import type { FastifyInstance } from "fastify";
import { PUBLIC, SIGNED_IN } from "../auth/access.ts";
import { AppError } from "../errors.ts";
import { parseBody } from "../http/validate.ts";
import { sendStored } from "../media/send.ts";
import type { Storage } from "../storage/index.ts";
import { voiceSampleKey } from "../storage/keys.ts";
import { languageAvailability } from "./availability.ts";
import { SAMPLE_LANGUAGES } from "./flags.ts";

/** Languages with what the configured engines can do for each, the voice catalogue, voice samples. */
export function catalogRoutes(
  app: FastifyInstance,
  deps: { registry: EngineRegistry; storage: Storage; tmpDir: string },
) {
  // Typed by the contract: a field the contract names and the answer lacks is a type error.
  app.get<{ Querystring: { source?: string } }>(
    "/api/languages",
    SIGNED_IN,
    async (request): Promise<Language[]> => languageAvailability(deps.registry, request.query.source ?? "en"),
  );

  app.get(
    "/api/voices",
    SIGNED_IN,
    async (): Promise<Voice[]> =>
      VOICES.map((v) => ({ name: v.name, value: v.value, gender: v.gender, locale: v.locale })),
  );

  // Who speaks each catalogue voice here in a sample language: the picker names the engine, since
  // the catalogue's names are Azure's and an offline engine speaks them when Azure is not configured.
  // With ?pitchHz= (the pitch the speaker's voice follows) the dub's own choice (resolveVoice) for
  // that speaker, so a deep voice's engine is named as the dub will speak it.
  app.get<{ Params: { language: string } }>("/api/voices/spoken/:language", SIGNED_IN, async (request) => {
    const { pitchHz } = parseBody(voicesSpokenQuerySchema, request.query);
    const code = SAMPLE_LANGUAGES.get(request.params.language);
    if (!code) throw new AppError("not_found", "There is no such sample language.");
    const style = pitchHz ? { style: { match: true, pitchHz } } : {};
    const out: Record<string, VoiceSpokenBy> = {};
    for (const v of VOICES) {
      const speaker = { id: "picker", name: "picker", selectedVoice: v.value, ...style };
      const r = await resolveVoice(deps.registry, speaker, code).catch(() => null);
      if (r)
        out[v.value] = {
          ...{ engine: r.engine.id, engineLabel: r.engine.label, engineVoice: r.voice.id },
          voiceLabel: r.voice.label,
          local: r.engine.local,
        };
    }
    return out;
  });

  // A stable path per sample language and voice; synthesized once by the engine voice that speaks it now
  // (stored under that voice's name, so configuring a cloud engine later gives its voice), then stored.
  app.get<{ Params: { language: string; file: string } }>(
    "/api/voices/sample/:language/:file",
    PUBLIC,
    async (request, reply) => {
      const { language, file } = request.params;
      const code = SAMPLE_LANGUAGES.get(language);
      const value = file.endsWith(".mp3") ? file.slice(0, -4) : "";
      if (!code || !findVoice(value)) throw new AppError("not_found", "There is no such voice sample.");
      const engineVoice = await sampleVoiceName(value, code, { registry: deps.registry });
      const key = voiceSampleKey(language, engineVoice, value);
      if (!(await deps.storage.stat(key))) {
        const dir = await mkdtemp(path.join(deps.tmpDir, "sample-"));
        try {
          const out = path.join(dir, "sample.mp3");
          await renderVoiceSample(value, code, out, { registry: deps.registry });
          await deps.storage.putFile(key, out, "audio/mpeg");
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
      return sendStored(request, reply, {
        storage: deps.storage,
        key,
        cacheControl: "public, max-age=86400",
      });
    },
  );
}
