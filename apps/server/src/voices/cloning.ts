// Voice cloning: "Clone this speaker's voice". The user's consent is recorded before
// anything is sent; the sample is the speaker's own speech (the voice stem when the project has one);
// the voice lands in My voices (unsaved: it goes with its project) and becomes the speaker's voice. A
// refusal leaves no voice; a voice the provider made but we could not keep is deleted there again.
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { type ClonedVoice, type CloningInfo, cloneConsentText, MAX_MY_VOICES } from "@dubbing/contract";
import {
  CloneError,
  clonedVoiceValue,
  extractCloneSample,
  planCloneSample,
  STEM_FILES,
  type VoiceCloner,
} from "@dubbing/dubbing";
import { and, asc, count, eq, gt, lt } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { boundPerUser } from "../db/per-user-bound.ts";
import { myVoices, voiceConsents } from "../db/schema.ts";
import type { DeletionService } from "../deletion/service.ts";
import { AppError } from "../errors.ts";
import { VideoRepository } from "../projects/repository.ts";
import { stemsPrefix } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";
import { present } from "./my-voices.ts";

/** Clone attempts a user may make in 24 hours (each sends a sample to the provider and may be paid). */
export const CLONES_PER_DAY = 10;
/** An attempt still pending after this was cut off (its process ended): it no longer blocks the speaker. */
const STALE_PENDING_MS = 5 * 60_000;

const FULL = `My voices holds at most ${MAX_MY_VOICES} voices: delete one first.`;

type Consent = typeof voiceConsents.$inferSelect;

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/** A user's consent records, oldest first (the account export: what they agreed to and what was sent). */
export async function voiceConsentsOf(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(voiceConsents)
    .where(eq(voiceConsents.userId, userId))
    .orderBy(asc(voiceConsents.createdAt));
  return rows.map((r) => ({
    projectId: r.projectId,
    speakerId: r.speakerId,
    provider: r.provider,
    statement: r.statement,
    sampleSeconds: r.sampleSeconds,
    status: r.status,
    message: r.message,
    agreedAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }));
}

export class VoiceCloningService {
  readonly #db: Db;
  readonly #storage: Storage;
  readonly #cloner: VoiceCloner | null;
  readonly #tmpDir: string;
  readonly #deletion: DeletionService;

  constructor(deps: {
    db: Db;
    storage: Storage;
    cloner: VoiceCloner | null;
    tmpDir: string;
    deletion: DeletionService;
  }) {
    this.#db = deps.db;
    this.#storage = deps.storage;
    this.#cloner = deps.cloner;
    this.#tmpDir = deps.tmpDir;
    this.#deletion = deps.deletion;
  }

  info(): CloningInfo {
    const c = this.#cloner;
    if (!c)
      return {
        available: false,
        provider: null,
        minSeconds: 0,
        maxSeconds: 0,
        consent: null,
        reason: "Voice cloning needs ElevenLabs configured on this server (ELEVENLABS_API_KEY).",
      };
    return {
      available: true,
      provider: c.provider,
      minSeconds: c.limits.minSeconds,
      maxSeconds: c.limits.maxSeconds,
      consent: cloneConsentText(c.provider, c.limits.maxSeconds / 60),
      reason: null,
    };
  }

  async clone(
    userId: string,
    projectId: string,
    speakerId: string,
    input: { name?: string | undefined },
  ): Promise<ClonedVoice> {
    const videos = new VideoRepository(this.#db);
    const project = await videos.requireVisible(userId, projectId);
    const speaker = (await videos.speakersOf(project.id)).find((s) => s.id === speakerId);
    if (!speaker)
      throw new AppError("not_found", "This project has no such speaker (save the project first).");
    const cloner = this.#cloner;
    if (!cloner) throw new AppError("cloning_unavailable", this.info().reason!);
    const plan = planCloneSample(await videos.transcriptOf(project.id), speaker.id, cloner.limits);
    if (!plan.ok)
      throw new AppError(
        "too_little_speech",
        `${speaker.name} speaks for ${Math.round(plan.totalMs / 1000)} s in this project; ${cloner.provider} needs at least ${plan.neededMs / 1000} s of their speech to make a voice.`,
        { seconds: Math.round(plan.totalMs / 1000), neededSeconds: plan.neededMs / 1000 },
      );
    const consent = await this.#recordConsent(cloner, {
      userId,
      projectId: project.id,
      speakerId: speaker.id,
      sampleMs: plan.totalMs,
    });
    const dir = await mkdtemp(path.join(this.#tmpDir, "clone-"));
    let voiceId: string;
    try {
      const sample = path.join(dir, "sample.mp3");
      const source = await this.#speechSource(project, dir);
      try {
        await extractCloneSample(source.path, plan, sample);
      } finally {
        await source.release();
      }
      voiceId = await cloner.clone({
        name: (input.name ?? speaker.name).slice(0, 100),
        description: `${speaker.name} in "${project.title}"; consent record ${consent.id}`,
        files: [{ path: sample, filename: "sample.mp3", contentType: "audio/mpeg" }],
      });
    } catch (err) {
      const refused = err instanceof CloneError && err.code === "refused";
      const reason = err instanceof CloneError ? err.reason : "the sample could not be prepared";
      await finishConsent(this.#db, consent.id, refused ? "refused" : "failed", { message: reason });
      if (err instanceof CloneError)
        throw new AppError(
          refused ? "clone_refused" : "clone_failed",
          err.message,
          { reason },
          { cause: err },
        );
      throw err;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const value = clonedVoiceValue(cloner.engine, voiceId);
    try {
      return await this.#db.transaction(async (tx) => {
        await boundPerUser(tx, {
          table: myVoices,
          owner: myVoices.workspaceId,
          userId: project.workspaceId,
          max: MAX_MY_VOICES,
          message: FULL,
        });
        const [row] = await tx
          .insert(myVoices)
          .values({
            userId,
            // the voice joins the library of the project's workspace
            workspaceId: project.workspaceId,
            kind: "cloned",
            name: input.name ?? `${speaker.name} (${project.title})`.slice(0, 80),
            voice: value,
            // a cloned voice is the speaker already: nothing to match
            style: { match: false },
            projectId: project.id,
            speakerId: speaker.id,
            saved: false,
            consentId: consent.id,
          })
          .returning();
        await finishConsent(tx, consent.id, "made", { providerVoiceId: voiceId });
        // the speaker takes it, as an edit would (refused while a job reads the speakers)
        const repo = new VideoRepository(tx);
        const all = await repo.speakersOf(project.id);
        await repo.saveEdit(project.id, {
          speakers: all.map((s) => (s.id === speaker.id ? { ...s, selectedVoice: value } : s)),
        });
        return { voice: present(row!), speaker: { id: speaker.id, selectedVoice: value } };
      });
    } catch (err) {
      // nothing half-made: the provider's voice goes again (retried by a purge job if it must)
      await finishConsent(this.#db, consent.id, "failed", { providerVoiceId: voiceId, message: "not kept" });
      await this.#deletion.purgeOrRetry({ prefixes: [], clipCaches: [], clonedVoices: [value] });
      throw err;
    }
  }

  /** The consent row, written before anything is sent; bounded per user and one at a time per speaker. */
  async #recordConsent(
    cloner: VoiceCloner,
    {
      userId,
      projectId,
      speakerId,
      sampleMs,
    }: { userId: string; projectId: string; speakerId: string; sampleMs: number },
  ): Promise<Consent> {
    const now = Date.now();
    try {
      return await this.#db.transaction(async (tx) => {
        await boundPerUser(tx, {
          table: myVoices,
          owner: myVoices.userId,
          userId,
          max: MAX_MY_VOICES,
          message: FULL,
        });
        await tx
          .update(voiceConsents)
          .set({ status: "failed", message: "cut off", finishedAt: new Date() })
          .where(
            and(
              eq(voiceConsents.userId, userId),
              eq(voiceConsents.status, "pending"),
              lt(voiceConsents.createdAt, new Date(now - STALE_PENDING_MS)),
            ),
          );
        const [recent] = await tx
          .select({ n: count() })
          .from(voiceConsents)
          .where(
            and(eq(voiceConsents.userId, userId), gt(voiceConsents.createdAt, new Date(now - 86_400_000))),
          );
        if ((recent?.n ?? 0) >= CLONES_PER_DAY)
          throw new AppError(
            "rate_limited",
            `You can clone ${CLONES_PER_DAY} voices a day. Try again tomorrow.`,
            { limit: CLONES_PER_DAY },
          );
        const [row] = await tx
          .insert(voiceConsents)
          .values({
            userId,
            projectId,
            speakerId,
            provider: cloner.provider,
            statement: cloneConsentText(cloner.provider, cloner.limits.maxSeconds / 60),
            status: "pending",
            sampleSeconds: Math.round(sampleMs / 1000),
          })
          .returning();
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw new AppError(
          "conflict",
          "This speaker's voice is being cloned already. Wait for it to finish.",
        );
      throw err;
    }
  }

  /** The speaker's clean speech: the separated voice stem when the project has one, else its audio. */
  async #speechSource(project: { id: string; audioKey: string | null }, dir: string) {
    const stems = stemsPrefix(project.id);
    const hasStems = await this.#storage.stat(`${stems}${STEM_FILES.info}`);
    const key = hasStems ? `${stems}${STEM_FILES.voice}` : project.audioKey;
    if (!key) throw new AppError("too_little_speech", "This project has no audio to clone a voice from.");
    return this.#storage.localCopy(key, dir);
  }
}

/** The end of a consent's attempt, written in the given transaction (or the database). */
async function finishConsent(
  db: Db,
  id: string,
  status: Consent["status"],
  more: { providerVoiceId?: string; message?: string },
): Promise<void> {
  await db
    .update(voiceConsents)
    .set({ status, ...more, finishedAt: new Date() })
    .where(eq(voiceConsents.id, id));
}
