// A 20-line two-voice dialogue whose turns are often one or two words ("Great.", "Me too, let us."): the
// short lines at a change of speaker, where a diarization that follows the neighbouring line errs
// (issue #57). Used by the speaker test and bench/pipeline/asr.ts.
import type { Line } from "./dialogue.ts";

const A = "awb";
const B = "slt";

export const TWENTY: Line[] = [
  { voice: A, text: "Good morning, and thank you for coming in today." },
  { voice: B, text: "Thank you for having me, I am glad to be here." },
  { voice: A, text: "Shall we start with the new library in the old town?" },
  { voice: B, text: "Great." },
  { voice: B, text: "It opened last spring and it is full every evening." },
  { voice: A, text: "Really?" },
  { voice: B, text: "Yes, students come after school and older people in the morning." },
  { voice: A, text: "I would like to see it for myself one day." },
  { voice: B, text: "Me too, let us." },
  { voice: A, text: "What about the market on the main square?" },
  { voice: B, text: "It is smaller than it was, but the bread is still the best." },
  { voice: A, text: "Of course." },
  { voice: A, text: "Everybody says the same thing about the bread." },
  { voice: B, text: "Sure." },
  { voice: B, text: "The baker gets up at three every morning to make it." },
  { voice: A, text: "That is early." },
  { voice: B, text: "He says the town needs him, and he is right." },
  { voice: A, text: "Thank you very much for your time today." },
  { voice: B, text: "Thank you." },
  { voice: A, text: "Goodbye, and see you next week." },
];
