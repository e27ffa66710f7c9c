// A five-minute two-speaker script for the bench (flite awb and slt), built from plain sentences.
import type { Line } from "../../packages/dubbing/src/testing/dialogue.ts";

export const A = [
  "Good morning and welcome to the program.",
  "Today we are talking about life in small towns.",
  "Many young people leave for the big cities after school.",
  "They look for work, for friends and for a different life.",
  "But some of them come back after a few years.",
  "What do you think brings them home again?",
  "Let us start with the question of housing.",
  "In the city a small flat can cost half of a salary.",
  "In a small town the same money pays for a house with a garden.",
  "That is a big difference for a family with children.",
  "What about the schools in the country?",
  "Some parents worry that the classes are too small.",
  "Others say that small classes are the best part.",
  "Let us talk about work for a moment.",
  "More people can now work from home with a good connection.",
  "The internet has changed a lot for rural areas.",
  "But the roads and the buses are still a problem.",
  "Without a car it is hard to get to the doctor.",
  "Thank you for that answer.",
  "We will take a short break and come back in a minute.",
];
export const B = [
  "Thank you, it is a pleasure to be here today.",
  "I grew up in a village of about two thousand people.",
  "Most of my friends moved away when they were eighteen.",
  "I think it is mostly about family and about time.",
  "People want a quieter life when they have children.",
  "The air is clean and the streets are safe.",
  "Everyone knows the name of the baker and the teacher.",
  "Of course there are fewer shops and fewer jobs.",
  "The local market opens twice a week on the square.",
  "Farmers sell fresh bread, cheese and vegetables there.",
  "My mother still buys all her food at that market.",
  "In the winter the days are short and very cold.",
  "In the summer the whole town has a festival by the river.",
  "Music plays until late at night and nobody complains.",
  "The library has become a meeting place for old and young.",
  "It offers courses in languages, cooking and computers.",
  "The town council has opened a small office for new companies.",
  "Three new businesses started there last year.",
  "I believe the future of small towns is brighter than people think.",
  "You are welcome, it was a good conversation.",
];

/** About five minutes: alternating turns of one or two sentences. */
export function fiveMinuteScript(): Line[] {
  const lines: Line[] = [];
  let a = 0;
  let b = 0;
  for (let turn = 0; lines.length < 76; turn++) {
    const speakerA = turn % 2 === 0;
    const count = turn % 3 === 2 ? 2 : 1;
    for (let k = 0; k < count; k++) {
      if (speakerA) lines.push({ voice: "awb", text: A[a++ % A.length]! });
      else lines.push({ voice: "slt", text: B[b++ % B.length]! });
    }
  }
  return lines;
}

/**
 * `count` lines for the voices in turn (a turn of one or two sentences), sentences drawn from both lists
 * so that no voice owns a topic: the speakers' dialogues of the diarization bench.
 */
export function turnsScript(voices: string[], count: number): Line[] {
  const sentences = A.flatMap((a, i) => [a, B[i]!]);
  const lines: Line[] = [];
  for (let turn = 0; lines.length < count; turn++) {
    const voice = voices[turn % voices.length]!;
    const n = turn % 3 === 2 ? 2 : 1;
    for (let k = 0; k < n && lines.length < count; k++)
      lines.push({ voice, text: sentences[lines.length % sentences.length]! });
  }
  return lines;
}
