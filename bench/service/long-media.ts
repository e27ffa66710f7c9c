// The long-video bench's media: a 5-minute two-speaker dialogue (flite awb and slt, 1280 px) over
// asc-music 14 dB under the speech, repeated with ffmpeg (a copy, no re-encode) to N minutes. Built once
// into `dir` and reused (the bench's --keep folder).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { makeDialogue } from "../../packages/dubbing/src/testing/dialogue.ts";
import { speechOverMusic } from "../../packages/dubbing/src/testing/music.ts";
import { fiveMinuteScript } from "../pipeline/script.ts";

const ffmpeg = (args: string[]) =>
  execFileSync("ffmpeg", ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", ...args]);

/** The 5-minute dialogue over music: `five-music.mp4` in dir. */
function fiveMinutes(dir: string): string {
  const out = join(dir, "five-music.mp4");
  if (existsSync(out)) return out;
  const { video } = makeDialogue(dir, fiveMinuteScript(), { name: "five", width: 1280 });
  // the music mix (320 px test pattern) gives its audio to the dialogue's 1280 px picture
  const mix = speechOverMusic(dir, join(dir, "five.wav"), { name: "five-mix", musicDb: -14 });
  ffmpeg(["-i", video, "-i", mix.video, "-map", "0:v", "-map", "1:a", "-c", "copy", "-shortest", out]);
  return out;
}

/** An N-minute video (N a multiple of 5): the 5-minute one played N/5 times; cached in dir. */
export function longVideo(dir: string, minutes: number): string {
  const out = join(dir, `long-${minutes}.mp4`);
  if (existsSync(out)) return out;
  const five = fiveMinutes(dir);
  const times = Math.max(1, Math.round(minutes / 5));
  if (times === 1) return five;
  ffmpeg(["-stream_loop", String(times - 1), "-i", five, "-c", "copy", out]);
  return out;
}
