// "A voice heard before" through the real server: a speaker's voice saved to My voices from project A
// carries the fingerprint measured at A's transcription; in project B the speaker with that voice is
// offered it (never given it), the other speaker is not; project A is not offered its own speaker, and
// another user neither sees the offer nor is offered the voice for their own project of the same audio.
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, uploadReady } from "./http.ts";

const tmp = tempFolder("heard-before-");
let dialogue: string;
beforeAll(() => {
  dialogue = makeDialogue(tmp.path, DIALOGUE, { name: "two" }).video;
});

interface Speaker {
  id: string;
  name: string;
  selectedVoice: string;
  style?: { match: boolean; measured?: { pitchHz: number; voiceprint?: number[] } };
}

describe.each(PIPELINE_MODES)("voices heard before (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  const ready = async (cookie: string, title: string) =>
    (await uploadReady(ts.baseUrl, cookie, dialogue, title, { speakers: "2" })) as {
      _id: string;
      speakers: Speaker[];
    };
  const offers = (cookie: string, id: string) =>
    api(ts.baseUrl, cookie, "GET", `/api/video/${id}/voices-heard-before`);

  it("offers a saved voice to the speaker who sounds like it, in the owner's other projects only", async () => {
    const alice = await ts.signIn();
    const bob = await ts.signIn();
    const a = await ready(alice.cookie, "Episode 3");
    const b = await ready(alice.cookie, "Episode 4");
    for (const s of a.speakers) expect(s.style?.measured?.voiceprint).toHaveLength(38);
    expect((await offers(alice.cookie, b._id)).body).toEqual({ offers: [] });

    // Maria, A's first speaker, saved with a voice of her own (B's speakers keep their defaults)
    const [maria, other] = a.speakers as [Speaker, Speaker];
    const voice = other.selectedVoice;
    const put = await api(ts.baseUrl, alice.cookie, "PUT", `/api/video/${a._id}`, {
      video: { speakers: [{ ...maria, selectedVoice: voice }, other] },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const saved = await api(ts.baseUrl, alice.cookie, "POST", "/api/voices/mine", {
      projectId: a._id,
      speakerId: maria.id,
      name: "Maria (Episode 3)",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);

    const found = await offers(alice.cookie, b._id);
    expect(found.status).toBe(200);
    expect(found.body.offers).toHaveLength(1);
    const [offer] = found.body.offers;
    // B's speaker with Maria's voice: the one whose measured pitch is hers
    const twin = b.speakers.find(
      (s) => Math.abs(s.style!.measured!.pitchHz - maria.style!.measured!.pitchHz) < 5,
    )!;
    expect(offer).toMatchObject({
      speakerId: twin.id,
      voice: { id: saved.body.id, name: "Maria (Episode 3)" },
    });
    expect(offer.distance).toBeLessThan(0.022);
    // offered, not applied
    const after = (await api(ts.baseUrl, alice.cookie, "GET", `/api/video/${b._id}`)).body;
    expect(after.speakers.map((s: Speaker) => s.selectedVoice)).toEqual(
      b.speakers.map((s) => s.selectedVoice),
    );
    // not to the project the voice was saved from
    expect((await offers(alice.cookie, a._id)).body).toEqual({ offers: [] });

    // another user: Alice's project is a 404, and their own project of the same audio is offered nothing
    const theirs = await offers(bob.cookie, b._id);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe("video_not_found");
    const c = await ready(bob.cookie, "Bob's copy");
    expect((await offers(bob.cookie, c._id)).body).toEqual({ offers: [] });
  });
});
