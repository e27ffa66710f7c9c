// Pure: the mood of a few words, and the colours an illustration of that mood is painted in.

type Mood = "bright" | "calm" | "cold" | "green" | "tense" | "lively" | "neutral";

/**
 * Words that set a mood: a stem of four letters or more covers the words it begins ("celebrat": celebrate,
 * celebration); a shorter one only itself and its plural ("car", "cars", not "careful").
 */
const LEXICON: Record<Exclude<Mood, "neutral">, string[]> = {
  bright: [
    "sun",
    "sunny",
    "sunshine",
    "summer",
    "happ",
    "joy",
    "celebrat",
    "party",
    "birthday",
    "welcome",
    "morning",
    "smil",
    "laugh",
    "love",
    "gold",
    "warm",
    "holiday",
    "festiv",
    "wonderful",
    "great",
    "winner",
    "success",
    "thank",
    "gift",
    "beach",
    "dance",
    "music",
    "friend",
    "family",
    "kid",
    "child",
    "fun",
    "bright",
    "light",
  ],
  calm: [
    "ocean",
    "sea",
    "lake",
    "river",
    "water",
    "quiet",
    "peace",
    "calm",
    "sleep",
    "night",
    "moon",
    "star",
    "relax",
    "gentle",
    "soft",
    "dream",
    "evening",
    "sky",
    "cloud",
    "rain",
    "meditat",
    "slow",
    "breath",
  ],
  cold: [
    "snow",
    "winter",
    "cold",
    "ice",
    "icy",
    "frost",
    "freez",
    "glacier",
    "arctic",
    "mountain",
    "wind",
    "ski",
  ],
  green: [
    "forest",
    "tree",
    "garden",
    "plant",
    "grow",
    "leaf",
    "leaves",
    "spring",
    "green",
    "nature",
    "farm",
    "flower",
    "field",
    "park",
    "earth",
    "health",
    "fresh",
    "food",
    "fruit",
    "vegetable",
    "animal",
    "bird",
  ],
  tense: [
    "danger",
    "fear",
    "war",
    "crisis",
    "storm",
    "fire",
    "emergenc",
    "warn",
    "risk",
    "fight",
    "attack",
    "crash",
    "broke",
    "loss",
    "lost",
    "sad",
    "dark",
    "death",
    "dead",
    "die",
    "angry",
    "problem",
    "fail",
    "accident",
    "careful",
    "threat",
    "alarm",
    "pain",
  ],
  lively: [
    "city",
    "sport",
    "run",
    "fast",
    "speed",
    "race",
    "power",
    "energy",
    "tech",
    "computer",
    "code",
    "launch",
    "rocket",
    "travel",
    "car",
    "road",
    "drive",
    "train",
    "plane",
    "flight",
    "busy",
    "work",
    "build",
    "market",
    "money",
    "business",
    "future",
    "idea",
    "news",
    "game",
  ],
};

/** The mood most of the words share; ties go to the word that comes first; none is "neutral". */
export function moodOf(words: readonly string[]): Mood {
  const votes = new Map<Mood, { n: number; first: number }>();
  words.forEach((word, i) => {
    const w = word.toLowerCase();
    for (const [mood, stems] of Object.entries(LEXICON) as [Mood, string[]][]) {
      if (!stems.some((s) => w === s || w === `${s}s` || (s.length >= 4 && w.startsWith(s)))) continue;
      const v = votes.get(mood);
      if (v) v.n += 1;
      else votes.set(mood, { n: 1, first: i });
    }
  });
  const ranked = [...votes.entries()].sort(([, a], [, b]) => b.n - a.n || a.first - b.first);
  return ranked[0]?.[0] ?? "neutral";
}

/** The colours of one illustration: a background from `from` to `to`, an `accent`, and `ink` for the words. */
export interface Palette {
  from: string;
  to: string;
  accent: string;
  ink: string;
}

// Two palettes a mood; the words are light on dark or dark on light, readable as large type on both ends.
const PALETTES: Record<Mood, Palette[]> = {
  bright: [
    { from: "#fde68a", to: "#fb923c", accent: "#c2410c", ink: "#431407" },
    { from: "#fef3c7", to: "#f472b6", accent: "#be185d", ink: "#500724" },
  ],
  calm: [
    { from: "#0c4a6e", to: "#0891b2", accent: "#a5f3fc", ink: "#ffffff" },
    { from: "#1e1b4b", to: "#4338ca", accent: "#c7d2fe", ink: "#ffffff" },
  ],
  cold: [
    { from: "#e0f2fe", to: "#93c5fd", accent: "#1d4ed8", ink: "#0f172a" },
    { from: "#1e293b", to: "#475569", accent: "#bae6fd", ink: "#f8fafc" },
  ],
  green: [
    { from: "#14532d", to: "#15803d", accent: "#bef264", ink: "#ffffff" },
    { from: "#ecfccb", to: "#86efac", accent: "#166534", ink: "#052e16" },
  ],
  tense: [
    { from: "#450a0a", to: "#b91c1c", accent: "#fdba74", ink: "#ffffff" },
    { from: "#18181b", to: "#3f3f46", accent: "#f87171", ink: "#fafafa" },
  ],
  lively: [
    { from: "#4c1d95", to: "#db2777", accent: "#fde047", ink: "#ffffff" },
    { from: "#0f172a", to: "#4f46e5", accent: "#22d3ee", ink: "#ffffff" },
  ],
  neutral: [
    { from: "#312e81", to: "#6366f1", accent: "#c7d2fe", ink: "#ffffff" },
    { from: "#f8fafc", to: "#cbd5e1", accent: "#4f46e5", ink: "#0f172a" },
  ],
};

export function paletteFor(mood: Mood, variant: number): Palette {
  const list = PALETTES[mood];
  return list[variant % list.length]!;
}

/** Icons that stand for a mood when no word names one. */
export const MOOD_ICONS: Record<Mood, string[]> = {
  bright: ["sun", "sparkles", "party-popper"],
  calm: ["waves", "moon-star", "cloud"],
  cold: ["snowflake", "mountain-snow", "wind"],
  green: ["leaf", "trees", "sprout"],
  tense: ["zap", "triangle-alert", "flame"],
  lively: ["rocket", "zap", "activity"],
  neutral: ["sparkles", "message-circle", "lightbulb"],
};
