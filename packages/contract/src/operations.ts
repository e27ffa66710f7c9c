import { z } from "zod";
import {
  accountSchema,
  dataExportSchema,
  deleteAccountBody,
  exportAnswerSchema,
  exportEstimateSchema,
} from "./account.ts";
import { apiKeyListSchema, createApiKeySchema, createdApiKeySchema } from "./api-keys.ts";
import {
  billingConfigSchema,
  checkoutBody,
  checkoutSessionSchema,
  portalSessionSchema,
  stripeWebhookAnswerSchema,
  subscriptionSchema,
} from "./billing.ts";
import { blogPostSchema } from "./blog.ts";
import { appConfigSchema, healthSchema, languageSchema, usageSchema, voiceSchema } from "./catalog.ts";
import type { ErrorCode } from "./errors.ts";
import { glossaryAnswerSchema, glossaryBody } from "./glossary.ts";
import { linkImportBody } from "./link-import.ts";
import { transcriptSchema } from "./media.ts";
import { planListSchema } from "./plan-schemas.ts";
import {
  batchDubBody,
  dubBody,
  languageChangeBody,
  lineFixBody,
  renameBody,
  reviewLineBody,
  transcriptBody,
  translateBody,
  translationBody,
  videoUpdateDocumented,
} from "./requests.ts";
import {
  batchDubAnswerSchema,
  dubAnswerSchema,
  jobSchema,
  projectDetailSchema,
  projectSchema,
  speechRegionsSchema,
  startedTranslationSchema,
  translationSchema,
  untranscribedSpeechSchema,
  userSchema,
} from "./responses.ts";
import {
  createStoryboardBody,
  generateBody,
  searchQuery,
  storyboardRenameBody,
  updateStoryboardBody,
} from "./storyboard-requests.ts";
import { storyboardGenerationSchema, storyboardImageSchema, storyboardSchema } from "./storyboards.ts";
import {
  clonedVoiceSchema,
  cloneVoiceSchema,
  cloningInfoSchema,
  createMyVoiceSchema,
  myVoiceSchema,
  renameMyVoiceSchema,
  voiceOffersSchema,
  voicesSpokenBySchema,
} from "./voices.ts";
import {
  createWebhookSchema,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
} from "./webhooks.ts";

// Every /api operation in one table: method, path, who may call it, what it takes and what it answers.
// Not the operator console's (`/api/admin/…`, access "admin"): those are not advertised (to anyone but an
// admin they answer as an address no route serves), so the public description leaves them out.
// The OpenAPI document (openapi.ts) is generated from it, the server validates request bodies with the same
// schemas, the web app reads the inferred response types, and a test checks that the table and the
// server's routes are the same set (apps/server/test/openapi.test.ts).

/** Who may call an operation: anyone; a session or an API key; or only a session (never a key). */
export type Access = "public" | "signed-in" | "session-only";

/** One answer of an operation: JSON described by a schema, a file or stream of a type, or no body. */
export type Answer =
  | { description: string; json: z.ZodType }
  | { description: string; content: string }
  | { description: string };

export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** As the server registers it: `/api/video/:id`. */
  path: string;
  summary: string;
  description?: string;
  tag: string;
  access: Access;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body: its fields (files as strings of binary format). */
  form?: z.ZodObject;
  /** A form-encoded body (the sign-in confirm page's button). */
  urlencoded?: z.ZodObject;
  responses: Record<number, Answer>;
  /** Error codes this operation may answer besides those its access and body imply. */
  errors?: ErrorCode[];
}

const json = (json: z.ZodType, description: string): Answer => ({ json, description });
const file = (content: string, description: string): Answer => ({ content, description });
const none = (description: string): Answer => ({ description });
const binary = z.string().meta({ format: "binary" });

const PROJECT_404: ErrorCode[] = ["video_not_found"];
const STORYBOARD_404: ErrorCode[] = ["storyboard_not_found"];

export const OPERATIONS: Operation[] = [
  // ---- System
  {
    method: "GET",
    path: "/api/health",
    tag: "System",
    access: "public",
    summary: "The state of the database, storage and queue",
    responses: {
      200: json(healthSchema, "Every part is up."),
      503: json(healthSchema, "A part is down (`degraded`)."),
    },
  },
  {
    method: "GET",
    path: "/api/config",
    tag: "System",
    access: "public",
    summary: "What the browser needs before it signs in",
    responses: { 200: json(appConfigSchema, "The configuration.") },
  },
  {
    method: "GET",
    path: "/api/openapi.json",
    tag: "System",
    access: "public",
    summary: "This API description (OpenAPI 3.1)",
    responses: { 200: file("application/json", "The OpenAPI document.") },
  },
  {
    method: "GET",
    path: "/api/docs",
    tag: "System",
    access: "public",
    summary: "The rendered API reference",
    responses: { 200: file("text/html", "A page that renders /api/openapi.json.") },
  },
  {
    method: "GET",
    path: "/api/docs/:file",
    tag: "System",
    access: "public",
    summary: "The reference page's script and stylesheet",
    responses: { 200: file("text/javascript", "`swagger-ui-bundle.js`, `swagger-ui.css` or `start.js`.") },
    errors: ["not_found"],
  },

  // ---- Session
  ...(["/api/stytch", "/api/stytch/google"] as const).flatMap((path): Operation[] => [
    {
      method: "GET",
      path,
      tag: "Session",
      access: "public",
      summary: path === "/api/stytch" ? "Sign-in link callback" : "Social sign-in (OAuth, One Tap) callback",
      description:
        "The browser that asked for the link (it holds the `dub_link` binding) is signed in and sent to " +
        "/projects; any other browser gets a page whose button posts the token back.",
      query: z.object({
        b: z.string().optional(),
        token: z.string(),
        stytch_token_type: z.string().optional(),
      }),
      responses: {
        200: file("text/html", "The 'Finish signing in' page."),
        302: none("Signed in (to /projects) or refused (to /login?error=…)."),
      },
    },
    {
      method: "POST",
      path,
      tag: "Session",
      access: "public",
      summary: "The 'Finish signing in' page's button",
      urlencoded: z.object({ token: z.string(), confirm: z.string() }),
      responses: { 302: none("Signed in (to /projects) or refused (to /login?error=…).") },
    },
  ]),
  {
    method: "GET",
    path: "/api/auth/me",
    tag: "Session",
    access: "signed-in",
    summary: "The signed-in user",
    responses: { 200: json(userSchema, "The user.") },
  },
  {
    method: "PUT",
    path: "/api/auth/logout",
    tag: "Session",
    access: "session-only",
    summary: "Sign out (this session and its identity session)",
    responses: { 204: none("Signed out.") },
  },
  {
    method: "PUT",
    path: "/api/auth/logout-everywhere",
    tag: "Session",
    access: "session-only",
    summary: "Sign out of all devices",
    responses: { 204: none("Every session of the user ended.") },
  },

  // ---- Projects
  {
    method: "POST",
    path: "/api/video/process",
    tag: "Projects",
    access: "signed-in",
    summary: "Upload a video, or import one from a link: a new project",
    description:
      "multipart/form-data: streams the file to storage; ingest and transcription run in the background. " +
      "Optional `subtitles` (SRT or WebVTT, sent before `video`) becomes the transcript; `speakers`: `auto` " +
      "or 1–8. A JSON body imports the video at `url` instead (the worker downloads it).",
    form: z.object({
      title: z.string(),
      video: binary,
      subtitles: binary.optional(),
      speakers: z.string().optional(),
      language: z.string().optional(),
    }),
    body: linkImportBody,
    responses: { 201: json(projectDetailSchema, "The project, `uploaded`.") },
    errors: [
      "title_required",
      "file_required",
      "empty_file",
      "validation_failed",
      "plan_limit_reached",
      "file_too_large",
      "unsupported_media_type",
      "rate_limited",
    ],
  },
  {
    method: "GET",
    path: "/api/video",
    tag: "Projects",
    access: "signed-in",
    summary: "The user's projects, newest first",
    responses: { 200: json(z.array(projectSchema), "The projects (without speakers and transcript).") },
  },
  {
    method: "GET",
    path: "/api/video/:id",
    tag: "Projects",
    access: "signed-in",
    summary: "One project with its speakers and transcript",
    responses: { 200: json(projectDetailSchema, "The project.") },
    errors: PROJECT_404,
  },
  {
    method: "PUT",
    path: "/api/video/:id",
    tag: "Projects",
    access: "signed-in",
    summary: "Save the title, speakers and transcript",
    description: "`{video: {...}}` or the same object bare; replaces what is given in one transaction.",
    body: videoUpdateDocumented,
    responses: { 200: json(projectDetailSchema, "The saved project.") },
    errors: [...PROJECT_404, "conflict"],
  },
  {
    method: "PATCH",
    path: "/api/video/:id",
    tag: "Projects",
    access: "signed-in",
    summary: "Rename a project",
    body: renameBody,
    responses: { 200: json(projectDetailSchema, "The project.") },
    errors: PROJECT_404,
  },
  {
    method: "DELETE",
    path: "/api/video/:id",
    tag: "Projects",
    access: "signed-in",
    summary: "Delete a project and every file of it",
    responses: { 204: none("Deleted.") },
    errors: PROJECT_404,
  },
  {
    method: "GET",
    path: "/api/video/transcript/:id",
    tag: "Projects",
    access: "signed-in",
    summary: "A project's transcript",
    responses: { 200: json(transcriptSchema, "The segments.") },
    errors: PROJECT_404,
  },
  {
    method: "PUT",
    path: "/api/video/:id/transcript",
    tag: "Projects",
    access: "signed-in",
    summary: "Replace the transcript",
    body: transcriptBody,
    responses: { 200: json(transcriptSchema, "The saved transcript.") },
    errors: [...PROJECT_404, "conflict"],
  },
  {
    method: "PUT",
    path: "/api/video/:id/language",
    tag: "Projects",
    access: "signed-in",
    summary: "Set the spoken language and transcribe again",
    body: languageChangeBody,
    responses: { 202: json(projectDetailSchema, "The project, `transcribing`.") },
    errors: [...PROJECT_404, "conflict", "plan_limit_reached"],
  },
  {
    method: "GET",
    path: "/api/video/:id/untranscribed-speech",
    tag: "Projects",
    access: "signed-in",
    summary: "Speech that no segment covers",
    responses: { 200: json(untranscribedSpeechSchema, "The stretches (ms).") },
    errors: PROJECT_404,
  },
  {
    method: "GET",
    path: "/api/video/:id/speech",
    tag: "Projects",
    access: "signed-in",
    summary: "Where the audio has speech",
    responses: { 200: json(speechRegionsSchema, "The regions (ms).") },
    errors: PROJECT_404,
  },
  {
    method: "GET",
    path: "/api/video/:id/subtitles/:file",
    tag: "Projects",
    access: "signed-in",
    summary: "Subtitles of the transcript or a translation",
    description:
      "`{original|language}.{srt|vtt}`; `?bilingual=1` on a translation puts the original line above.",
    query: z.object({ bilingual: z.string().optional() }),
    responses: {
      200: file("text/plain", "SRT (`application/x-subrip`) or WebVTT (`text/vtt`)."),
    },
    errors: [...PROJECT_404, "not_found"],
  },
  {
    method: "POST",
    path: "/api/video/:id/subtitles/:target",
    tag: "Projects",
    access: "signed-in",
    summary: "Import subtitles as the transcript (`original`) or a translation (a language code)",
    form: z.object({ subtitles: binary }),
    responses: {
      200: json(
        z.union([projectDetailSchema, translationSchema]),
        "The project (original) or the translation.",
      ),
    },
    errors: [...PROJECT_404, "not_found", "bad_request", "validation_failed", "conflict"],
  },
  {
    method: "GET",
    path: "/api/video/:id/jobs",
    tag: "Projects",
    access: "signed-in",
    summary: "What ran on the project, newest first",
    responses: { 200: json(z.array(jobSchema), "The jobs.") },
    errors: PROJECT_404,
  },
  {
    method: "GET",
    path: "/api/video/:id/events",
    tag: "Projects",
    access: "signed-in",
    summary: "Progress as Server-Sent Events",
    description: "Each change of a job is one `progress` event whose data is a job.",
    responses: { 200: file("text/event-stream", "`event: progress`, `data:` a job as JSON.") },
    errors: PROJECT_404,
  },
  {
    method: "GET",
    path: "/api/video/:id/glossary",
    tag: "Projects",
    access: "signed-in",
    summary: "The project's glossary",
    responses: { 200: json(glossaryAnswerSchema, "The glossary.") },
    errors: PROJECT_404,
  },
  {
    method: "PUT",
    path: "/api/video/:id/glossary",
    tag: "Projects",
    access: "signed-in",
    summary: "Replace the project's glossary",
    body: glossaryBody,
    responses: { 200: json(glossaryAnswerSchema, "The saved glossary.") },
    errors: PROJECT_404,
  },

  // ---- Translations and dubbing
  {
    method: "GET",
    path: "/api/video/:id/translations",
    tag: "Translations",
    access: "signed-in",
    summary: "Every translation of the project, by language",
    responses: { 200: json(z.record(z.string(), translationSchema), "The translations.") },
    errors: PROJECT_404,
  },
  {
    method: "POST",
    path: "/api/video/:id/translate",
    tag: "Translations",
    access: "signed-in",
    summary: "Translate the transcript",
    description: "`Prefer: wait=N` (≤ 300): 200 with the translation when it settles within N seconds.",
    body: translateBody,
    responses: {
      200: json(translationSchema, "Settled within `Prefer: wait`."),
      202: json(startedTranslationSchema, "Started (or already running)."),
    },
    errors: [...PROJECT_404, "conflict", "language_unavailable", "plan_limit_reached"],
  },
  {
    method: "PUT",
    path: "/api/video/:id/translation",
    tag: "Translations",
    access: "signed-in",
    summary: "Save an edited translation",
    body: translationBody,
    responses: { 200: json(translationSchema, "The saved translation.") },
    errors: [...PROJECT_404, "not_found", "conflict"],
  },
  {
    method: "POST",
    path: "/api/video/:id/dub",
    tag: "Translations",
    access: "signed-in",
    summary: "Dub a translation",
    description:
      "`Prefer: wait=N` (≤ 300): 200 with the settled job and `dubVideoUrl` when it ends within N seconds.",
    body: dubBody,
    responses: {
      200: json(dubAnswerSchema, "Settled within `Prefer: wait` (done or failed)."),
      202: json(dubAnswerSchema, "Started (or already running); `dubVideoUrl` is null."),
    },
    errors: [...PROJECT_404, "conflict", "language_unavailable", "plan_limit_reached"],
  },
  {
    method: "POST",
    path: "/api/video/:id/dubs",
    tag: "Translations",
    access: "signed-in",
    summary: "Translate and dub into several languages",
    body: batchDubBody,
    responses: { 202: json(batchDubAnswerSchema, "Each language's translation job.") },
    errors: [...PROJECT_404, "conflict", "language_unavailable", "plan_limit_reached"],
  },
  {
    method: "PUT",
    path: "/api/video/:id/translations/:language/review",
    tag: "Translations",
    access: "signed-in",
    summary: "Mark a line of the dub's report card as reviewed (kept as it is), or not",
    description:
      "Kept until the line's text changes. The line's `reviewed` and the summary's `reviewed` count show it.",
    body: reviewLineBody,
    responses: { 200: json(translationSchema, "The translation with its report card.") },
    errors: [...PROJECT_404, "not_found"],
  },
  {
    method: "POST",
    path: "/api/video/:id/translations/:language/lines/:index/fix",
    tag: "Translations",
    access: "signed-in",
    summary: "Apply a one-click fix to a line of the dub's report card and dub that line again",
    description:
      "`borrow-silence`: the line's slot ends where the silence after it ends (100 ms before the next line). " +
      "`picture-waits`: the picture holds for this line where it needs more time than its slot, whatever " +
      "the dub's timing mode. `shorten`: the line rewritten shorter by an engine that can rewrite (the " +
      "languages list's `translate.shorten` says whether one is configured). The dub then runs again with " +
      "the dub's own settings, synthesizing this line anew.",
    body: lineFixBody,
    responses: { 202: json(dubAnswerSchema, "The fix saved and the dub started; `dubVideoUrl` is null.") },
    errors: [...PROJECT_404, "not_found", "conflict", "language_unavailable", "plan_limit_reached"],
  },
  {
    method: "DELETE",
    path: "/api/video/:id/translations/:language",
    tag: "Translations",
    access: "signed-in",
    summary: "Delete a translation and its dubbed files",
    responses: { 204: none("Deleted.") },
    errors: [...PROJECT_404, "not_found"],
  },
  {
    method: "GET",
    path: "/api/video/:id/dubs/:language/audio.wav",
    tag: "Translations",
    access: "signed-in",
    summary: "The dub's audio as WAV",
    responses: { 200: file("audio/wav", "16-bit PCM WAV, decoded while it downloads.") },
    errors: [...PROJECT_404, "not_found", "rate_limited"],
  },
  {
    method: "GET",
    path: "/api/video/:id/dubs/all-languages.mp4",
    tag: "Translations",
    access: "signed-in",
    summary: "One MP4 with the original audio and every finished dub as tracks",
    responses: { 200: file("video/mp4", "The video.") },
    errors: [...PROJECT_404, "not_found", "rate_limited"],
  },

  // ---- Languages, voices, usage
  {
    method: "GET",
    path: "/api/languages",
    tag: "Catalog",
    access: "signed-in",
    summary: "The app languages and what this server can do in each",
    query: z.object({ source: z.string().optional() }),
    responses: { 200: json(z.array(languageSchema), "The languages.") },
  },
  {
    method: "GET",
    path: "/api/voices",
    tag: "Catalog",
    access: "signed-in",
    summary: "The voice catalogue",
    responses: { 200: json(z.array(voiceSchema), "The voices.") },
  },
  {
    method: "GET",
    path: "/api/voices/spoken/:language",
    tag: "Catalog",
    access: "signed-in",
    summary: "Which engine and voice speak each catalogue voice in a sample language here",
    responses: { 200: json(voicesSpokenBySchema, "By catalogue voice value.") },
    errors: ["not_found"],
  },
  {
    method: "GET",
    path: "/api/voices/sample/:language/:file",
    tag: "Catalog",
    access: "public",
    summary: "A voice sample (`{voice value}.mp3`)",
    responses: { 200: file("audio/mpeg", "The sample."), 206: file("audio/mpeg", "A range of it.") },
    errors: ["not_found", "range_not_satisfiable"],
  },
  {
    method: "GET",
    path: "/api/voices/mine",
    tag: "Catalog",
    access: "signed-in",
    summary: "My voices: the user's own voice library, oldest first",
    responses: { 200: json(z.object({ voices: z.array(myVoiceSchema) }), "The voices.") },
  },
  {
    method: "POST",
    path: "/api/voices/mine",
    tag: "Catalog",
    access: "signed-in",
    summary: "Save a speaker's voice (as stored in the project) to My voices",
    body: createMyVoiceSchema,
    responses: { 201: json(myVoiceSchema, "The saved voice.") },
    errors: ["validation_failed", ...PROJECT_404, "not_found", "conflict"],
  },
  {
    method: "GET",
    path: "/api/video/:id/voices-heard-before",
    tag: "Catalog",
    access: "signed-in",
    summary: "My voices that sound like a speaker of this project (offered, never applied)",
    responses: { 200: json(voiceOffersSchema, "At most one voice per speaker, the closest.") },
    errors: PROJECT_404,
  },
  {
    method: "PATCH",
    path: "/api/voices/mine/:id",
    tag: "Catalog",
    access: "signed-in",
    summary: "Rename a voice of My voices, or keep a cloned voice after its project (`saved: true`)",
    body: renameMyVoiceSchema,
    responses: { 200: json(myVoiceSchema, "The changed voice.") },
    errors: ["validation_failed", "not_found"],
  },
  {
    method: "DELETE",
    path: "/api/voices/mine/:id",
    tag: "Catalog",
    access: "signed-in",
    summary: "Delete a voice of My voices (a cloned voice at its provider too)",
    responses: { 204: none("Deleted.") },
    errors: ["not_found"],
  },
  {
    method: "GET",
    path: "/api/voices/mine/:id/sample/:language",
    tag: "Catalog",
    access: "signed-in",
    summary: "A preview of a cloned voice of My voices speaking a sample language",
    responses: { 200: file("audio/mpeg", "The sample."), 206: file("audio/mpeg", "A range of it.") },
    errors: ["not_found", "language_unavailable", "range_not_satisfiable"],
  },
  {
    method: "GET",
    path: "/api/voices/cloning",
    tag: "Catalog",
    access: "signed-in",
    summary: "Whether this server clones voices, with the consent it asks for",
    responses: { 200: json(cloningInfoSchema, "What cloning there is.") },
  },
  {
    method: "POST",
    path: "/api/video/:id/speakers/:speakerId/clone",
    tag: "Catalog",
    access: "signed-in",
    summary: "Clone a speaker's voice from their speech in the project (needs `consent: true`)",
    body: cloneVoiceSchema,
    responses: { 201: json(clonedVoiceSchema, "The cloned voice, now the speaker's.") },
    errors: [
      "consent_required",
      "validation_failed",
      ...PROJECT_404,
      "not_found",
      "conflict",
      "rate_limited",
      "cloning_unavailable",
      "too_little_speech",
      "clone_refused",
      "clone_failed",
    ],
  },
  {
    method: "GET",
    path: "/api/usage",
    tag: "Catalog",
    access: "signed-in",
    summary: "This month's usage against the plan",
    responses: { 200: json(usageSchema, "The usage.") },
  },

  // ---- Storyboards
  {
    method: "POST",
    path: "/api/storyboard",
    tag: "Storyboards",
    access: "signed-in",
    summary: "Make a storyboard from a transcript",
    body: createStoryboardBody,
    responses: { 201: json(storyboardSchema, "The storyboard.") },
    errors: ["rate_limited"],
  },
  {
    method: "GET",
    path: "/api/storyboard",
    tag: "Storyboards",
    access: "signed-in",
    summary: "The user's storyboards, newest first",
    responses: { 200: json(z.array(storyboardSchema), "The storyboards.") },
  },
  {
    method: "GET",
    path: "/api/storyboard/:id",
    tag: "Storyboards",
    access: "signed-in",
    summary: "One storyboard",
    responses: { 200: json(storyboardSchema, "The storyboard.") },
    errors: STORYBOARD_404,
  },
  {
    method: "PUT",
    path: "/api/storyboard/:id",
    tag: "Storyboards",
    access: "signed-in",
    summary: "Save a storyboard",
    body: updateStoryboardBody,
    responses: { 200: json(storyboardSchema, "The saved storyboard.") },
    errors: [...STORYBOARD_404, "conflict"],
  },
  {
    method: "PATCH",
    path: "/api/storyboard/:id",
    tag: "Storyboards",
    access: "signed-in",
    summary: "Rename a storyboard",
    body: storyboardRenameBody,
    responses: { 200: json(storyboardSchema, "The storyboard.") },
    errors: STORYBOARD_404,
  },
  {
    method: "DELETE",
    path: "/api/storyboard/:id",
    tag: "Storyboards",
    access: "signed-in",
    summary: "Delete a storyboard and its video",
    responses: { 204: none("Deleted.") },
    errors: STORYBOARD_404,
  },
  {
    method: "POST",
    path: "/api/storyboard/:id/generate-video",
    tag: "Storyboards",
    access: "signed-in",
    summary: "Make the storyboard's video",
    body: generateBody,
    responses: { 202: json(storyboardGenerationSchema, "The job and the storyboard.") },
    errors: [...STORYBOARD_404, "conflict", "plan_limit_reached"],
  },
  {
    method: "GET",
    path: "/api/storyboard/images/search",
    tag: "Storyboards",
    access: "signed-in",
    summary: "Search images (one image search of the hour)",
    query: z.object({ query: searchQuery }),
    responses: { 200: json(z.array(storyboardImageSchema), "Up to 8 images.") },
    errors: ["query_required", "rate_limited", "image_search_failed"],
  },
  {
    method: "GET",
    path: "/api/storyboard/images/offline/:file",
    tag: "Storyboards",
    access: "signed-in",
    summary: "One of the service's own illustrations (`{variant}.jpg`, as a search signed it)",
    query: z.object({ q: z.string(), sig: z.string() }),
    responses: { 200: file("image/jpeg", "A 1280×720 JPEG.") },
    errors: ["not_found"],
  },

  // ---- Account
  {
    method: "GET",
    path: "/api/account",
    tag: "Account",
    access: "signed-in",
    summary: "The account: email, sign-in methods, latest export",
    responses: { 200: json(accountSchema, "The account.") },
  },
  {
    method: "DELETE",
    path: "/api/account",
    tag: "Account",
    access: "session-only",
    summary: "Close the account (type its email)",
    body: deleteAccountBody,
    responses: { 204: none("Closed; the session cookie is cleared.") },
    errors: ["payment_provider_error"],
  },
  {
    method: "GET",
    path: "/api/account/export/estimate",
    tag: "Account",
    access: "signed-in",
    summary: "The size of a data export before asking for it",
    responses: { 200: json(exportEstimateSchema, "The estimate.") },
  },
  {
    method: "GET",
    path: "/api/account/export",
    tag: "Account",
    access: "signed-in",
    summary: "The latest data export",
    responses: { 200: json(exportAnswerSchema, "The export, or null.") },
  },
  {
    method: "POST",
    path: "/api/account/export",
    tag: "Account",
    access: "signed-in",
    summary: "Export the user's data as a ZIP",
    responses: {
      200: json(z.object({ export: dataExportSchema }), "One is being made already."),
      202: json(z.object({ export: dataExportSchema }), "Started."),
    },
    errors: ["rate_limited"],
  },
  {
    method: "GET",
    path: "/api/account/glossary",
    tag: "Account",
    access: "signed-in",
    summary: "The account's default glossary",
    responses: { 200: json(glossaryAnswerSchema, "The glossary.") },
  },
  {
    method: "PUT",
    path: "/api/account/glossary",
    tag: "Account",
    access: "signed-in",
    summary: "Replace the account's default glossary",
    body: glossaryBody,
    responses: { 200: json(glossaryAnswerSchema, "The saved glossary.") },
  },
  {
    method: "GET",
    path: "/api/account/keys",
    tag: "Account",
    access: "session-only",
    summary: "The user's API keys",
    responses: { 200: json(apiKeyListSchema, "The keys.") },
  },
  {
    method: "POST",
    path: "/api/account/keys",
    tag: "Account",
    access: "session-only",
    summary: "Make an API key (its secret is shown once)",
    body: createApiKeySchema,
    responses: { 201: json(createdApiKeySchema, "The key and its secret.") },
    errors: ["conflict"],
  },
  {
    method: "DELETE",
    path: "/api/account/keys/:id",
    tag: "Account",
    access: "session-only",
    summary: "Revoke an API key",
    responses: { 204: none("Revoked.") },
    errors: ["not_found"],
  },

  // ---- Webhooks
  {
    method: "GET",
    path: "/api/webhooks",
    tag: "Webhooks",
    access: "signed-in",
    summary: "The user's webhook endpoints",
    responses: { 200: json(webhookEndpointListSchema, "The endpoints.") },
  },
  {
    method: "POST",
    path: "/api/webhooks",
    tag: "Webhooks",
    access: "signed-in",
    summary: "Add a webhook endpoint",
    body: createWebhookSchema,
    responses: {
      201: json(webhookEndpointWithSecretSchema, "The endpoint, with its signing secret (shown this once)."),
    },
    errors: ["conflict"],
  },
  {
    method: "POST",
    path: "/api/webhooks/:id/secret",
    tag: "Webhooks",
    access: "signed-in",
    summary: "Replace an endpoint's signing secret (shown once; not with a read-only key)",
    responses: { 200: json(webhookEndpointWithSecretSchema, "The endpoint, with its new signing secret.") },
    errors: ["not_found"],
  },
  {
    method: "PATCH",
    path: "/api/webhooks/:id",
    tag: "Webhooks",
    access: "signed-in",
    summary: "Change a webhook endpoint",
    body: updateWebhookSchema,
    responses: { 200: json(webhookEndpointSchema, "The endpoint.") },
    errors: ["not_found"],
  },
  {
    method: "DELETE",
    path: "/api/webhooks/:id",
    tag: "Webhooks",
    access: "signed-in",
    summary: "Remove a webhook endpoint",
    responses: { 204: none("Removed.") },
    errors: ["not_found"],
  },
  {
    method: "GET",
    path: "/api/webhooks/:id/deliveries",
    tag: "Webhooks",
    access: "signed-in",
    summary: "An endpoint's deliveries, newest 50",
    responses: { 200: json(webhookDeliveryListSchema, "The deliveries.") },
    errors: ["not_found"],
  },
  {
    method: "POST",
    path: "/api/webhooks/:id/test",
    tag: "Webhooks",
    access: "signed-in",
    summary: "Send a test event",
    responses: { 202: json(webhookDeliverySchema, "The delivery of a `webhook.test` event.") },
    errors: ["not_found", "conflict"],
  },

  // ---- Billing
  {
    method: "GET",
    path: "/api/plans",
    tag: "Billing",
    access: "public",
    summary: "The plans this server offers (PLANS_FILE, or the built-in ones)",
    responses: { 200: json(planListSchema, "The plans, in the order the pricing pages show them.") },
  },
  {
    method: "GET",
    path: "/api/stripe/config",
    tag: "Billing",
    access: "public",
    summary: "Whether purchases work here, and the plans",
    responses: { 200: json(billingConfigSchema, "The billing configuration.") },
  },
  {
    method: "GET",
    path: "/api/stripe/subscription/active",
    tag: "Billing",
    access: "signed-in",
    summary: "Whether the user has an active subscription",
    responses: { 200: json(z.boolean(), "true or false.") },
  },
  {
    method: "GET",
    path: "/api/stripe/subscription",
    tag: "Billing",
    access: "signed-in",
    summary: "The user's subscription",
    responses: { 200: json(subscriptionSchema, "The subscription.") },
  },
  {
    method: "POST",
    path: "/api/stripe/checkout",
    tag: "Billing",
    access: "signed-in",
    summary: "Start Stripe Checkout for a paid plan",
    body: checkoutBody,
    responses: { 200: json(checkoutSessionSchema, "The Checkout session to send the browser to.") },
    errors: ["already_subscribed", "billing_unavailable", "payment_provider_error"],
  },
  {
    method: "GET",
    path: "/api/stripe/portal",
    tag: "Billing",
    access: "signed-in",
    summary: "The Stripe customer portal",
    responses: { 200: json(portalSessionSchema, "The portal's address.") },
    errors: ["billing_unavailable", "payment_provider_error"],
  },
  {
    method: "POST",
    path: "/api/stripe/webhook",
    tag: "Billing",
    access: "public",
    summary: "Stripe's events (signed with `Stripe-Signature`)",
    responses: { 200: json(stripeWebhookAnswerSchema, "Received.") },
    errors: ["invalid_signature", "billing_unavailable"],
  },

  // ---- Blog
  {
    method: "GET",
    path: "/api/blog",
    tag: "Blog",
    access: "public",
    summary: "All posts, newest first",
    responses: { 200: json(z.array(blogPostSchema), "The posts.") },
  },
  {
    method: "GET",
    path: "/api/blog/:slug",
    tag: "Blog",
    access: "public",
    summary: "One post",
    responses: { 200: json(blogPostSchema, "The post.") },
    errors: ["post_not_found"],
  },
];

/** `METHOD /path` as the server registers it: the key the completeness test compares. */
export const operationKey = (op: Pick<Operation, "method" | "path">) => `${op.method} ${op.path}`;
