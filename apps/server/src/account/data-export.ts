import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { stat } from "node:fs/promises";
import { toSrt, toVtt } from "@dubbing/dubbing";
import { asc, eq, inArray } from "drizzle-orm";
import yazl from "yazl";
import type { Db } from "../db/client.ts";
import { billing, projects, storyboards, translations, users, workspaces } from "../db/schema.ts";
import type { SignPath } from "../projects/present.ts";
import { VideoRepository } from "../projects/repository.ts";
import { dubKeys } from "../storage/keys.ts";
import { voiceConsentsOf } from "../voices/cloning.ts";
import { myVoicesOf } from "../voices/my-voices.ts";
import { ownedWorkspaces } from "../workspaces/repository.ts";

/** How long the media links in an export work. */
const EXPORT_LINK_DAYS = 7;

/** A name for a folder in the ZIP: the title's letters and digits, then the id's start (unique). */
function folderName(title: string, id: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${slug || "untitled"}-${id.slice(0, 8)}`;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Writes a user's data as a ZIP to `output`: the account, every project (metadata, speakers, transcript,
 * subtitles, each translation with its subtitles) and storyboard of the workspaces they own (whoever made it), and links to the media (valid for
 * EXPORT_LINK_DAYS; the videos themselves are not copied). One project's rows are in memory at a time.
 * Returns the ZIP's size in bytes.
 */
export async function writeDataExport(
  db: Db,
  userId: string,
  opts: { sign: SignPath; publicUrl: string; output: string; now: Date },
): Promise<number> {
  const link = (key: string | null) =>
    key ? `${opts.publicUrl}${opts.sign(key, EXPORT_LINK_DAYS * 86_400)}` : null;
  const zip = new yazl.ZipFile();
  const out = createWriteStream(opts.output);
  zip.outputStream.pipe(out);
  const add = (name: string, data: Buffer | string) =>
    zip.addBuffer(typeof data === "string" ? Buffer.from(data) : data, name, { mtime: opts.now });

  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [plan] = await db.select().from(billing).where(eq(billing.userId, userId));
  add(
    "account.json",
    json({
      email: user?.email,
      createdAt: user?.createdAt,
      subscription: plan ? { plan: plan.plan, status: plan.status, billing: plan.interval } : null,
      glossary:
        (
          await db.select({ glossary: workspaces.glossary }).from(workspaces).where(eq(workspaces.id, userId))
        )[0]?.glossary ?? [],
      myVoices: await myVoicesOf(db, userId),
      voiceConsents: await voiceConsentsOf(db, userId),
      exportedAt: opts.now,
    }),
  );
  const linksUntil = new Date(opts.now.getTime() + EXPORT_LINK_DAYS * 86_400_000).toISOString();
  add(
    "README.txt",
    [
      "Your data from AI Video Dubbing.",
      "",
      "account.json            your account (with My voices, your own voice library)",
      "projects/<name>/        each project: project.json (details, speakers, transcript), subtitles,",
      "                        translations/<language>.json and subtitles, media.json (links to the videos)",
      "storyboards/<name>/     each storyboard: storyboard.json and a link to its video",
      "",
      `The links in media.json work until ${linksUntil}.`,
      "",
    ].join("\n"),
  );

  const repo = new VideoRepository(db);
  const owned = await db
    .select()
    .from(projects)
    .where(inArray(projects.workspaceId, ownedWorkspaces(db, userId)))
    .orderBy(asc(projects.uploadedAt));
  for (const project of owned) {
    const dir = `projects/${folderName(project.title, project.id)}`;
    const [speakers, transcript] = await Promise.all([
      repo.speakersOf(project.id),
      repo.transcriptOf(project.id),
    ]);
    const languages = await db
      .select()
      .from(translations)
      .where(eq(translations.projectId, project.id))
      .orderBy(asc(translations.language));
    add(
      `${dir}/project.json`,
      json({
        id: project.id,
        title: project.title,
        language: project.language,
        status: project.status,
        originalName: project.originalName,
        sizeBytes: project.sizeBytes,
        durationMs: project.durationMs,
        uploadedAt: project.uploadedAt,
        speakerCount: project.speakerCount,
        glossary: project.glossary,
        speakers,
        transcript,
        translations: languages.map((t) => t.language),
      }),
    );
    add(`${dir}/transcript.srt`, toSrt(transcript));
    add(`${dir}/transcript.vtt`, toVtt(transcript));
    const media: Record<string, string | null> = {
      original: project.originalKey ? link(project.originalKey) : null,
    };
    for (const t of languages) {
      add(
        `${dir}/translations/${t.language}.json`,
        json({ language: t.language, status: t.status, engine: t.engine, transcript: t.transcript }),
      );
      add(`${dir}/translations/${t.language}.srt`, toSrt(t.transcript));
      add(`${dir}/translations/${t.language}.vtt`, toVtt(t.transcript));
      if (t.dubKey) media[`dubbed-${t.language}`] = link(dubKeys(project.id, t.language).mp4);
    }
    add(`${dir}/media.json`, json({ linksWorkUntil: linksUntil, ...media }));
  }

  const boards = await db
    .select()
    .from(storyboards)
    .where(inArray(storyboards.workspaceId, ownedWorkspaces(db, userId)))
    .orderBy(asc(storyboards.createdAt));
  for (const board of boards) {
    add(
      `storyboards/${folderName(board.title, board.id)}/storyboard.json`,
      json({
        id: board.id,
        title: board.title,
        createdAt: board.createdAt,
        frames: board.frames,
        video: link(board.videoKey),
        linksWorkUntil: linksUntil,
      }),
    );
  }
  zip.end();
  await once(out, "close");
  return (await stat(opts.output)).size;
}
