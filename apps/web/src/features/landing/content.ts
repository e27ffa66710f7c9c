/** The landing page's fixed content (PRODUCT.md § Screens). */

export const GREETINGS = [
  "Hello",
  "Hola",
  "Bonjour",
  "Hallo",
  "Ciao",
  "Olá",
  "Привет",
  "こんにちは",
  "안녕하세요",
  "你好",
  "مرحبا",
  "नमस्ते",
  "Hej",
  "Cześć",
  "Merhaba",
  "Xin chào",
  "สวัสดี",
  "Γειά σου",
  "שלום",
];

/** The background greetings change every 3 seconds (PRODUCT.md § Screens). */
export const GREETING_ROTATION_MS = 3000;

/** The flag shown beside a language the server dubs into (served from /flags/{flag}.svg); none: no flag. */
export const LANGUAGE_FLAGS: ReadonlyMap<string, string> = new Map([
  ["en", "us"],
  ["es", "es"],
  ["fr", "fr"],
  ["de", "de"],
  ["it", "it"],
  ["pt", "pt"],
  ["ru", "ru"],
  ["ja", "jp"],
  ["ko", "kr"],
  ["zh", "cn"],
  ["cmn", "cn"],
  ["ar", "sa"],
  ["hi", "in"],
  ["nl", "nl"],
  ["sv", "se"],
  ["pl", "pl"],
  ["el", "gr"],
  ["he", "il"],
  ["th", "th"],
  ["tr", "tr"],
  ["vi", "vn"],
]);

/** The six sample cards: name, gender, language, and the sample they play. */
export const VOICE_SAMPLES = [
  { name: "Ava", gender: "Female", language: "English", sample: ["english", "en-US-AvaMultilingualNeural"] },
  {
    name: "Andrew",
    gender: "Male",
    language: "English",
    sample: ["english", "en-US-AndrewMultilingualNeural"],
  },
  {
    name: "Ximena",
    gender: "Female",
    language: "Spanish",
    sample: ["spanish", "es-ES-XimenaMultilingualNeural"],
  },
  { name: "Remy", gender: "Male", language: "French", sample: ["french", "fr-FR-RemyMultilingualNeural"] },
  {
    name: "Emma",
    gender: "Female",
    language: "Japanese",
    sample: ["japanese", "en-US-EmmaMultilingualNeural"],
  },
  {
    name: "Yunyi",
    gender: "Male",
    language: "Chinese",
    sample: ["chinese", "zh-CN-YunyiMultilingualNeural"],
  },
] as const;

export const STEPS = [
  {
    title: "Upload Your Video",
    text: "Drop in an MP4, MOV, AVI, WMV, WebM or OGG file. We transcribe it and tell the speakers apart.",
  },
  { title: "Choose Languages", text: "Pick the languages you want to reach, and a voice for every speaker." },
  {
    title: "Review & Edit",
    text: "Fine-tune the transcript and each translation, line by line, with timings.",
  },
  {
    title: "Download & Share",
    text: "Dub with one click and download the video with subtitles, ready to publish.",
  },
];

export const FEATURES = [
  {
    title: "Lifelike AI Voices",
    text: "50+ natural voices, male and female, so every speaker in your video keeps a voice of their own.",
  },
  {
    title: "Multiple Languages",
    text: "Translate into 20+ languages and edit every line before you dub. Subtitles come with every dub.",
  },
  {
    title: "Easy Integration",
    text: "Download MP4 videos and SRT/VTT subtitles that drop straight into YouTube, social platforms or your editor.",
  },
];

/** The cloning answer on a server that clones voices (the FAQ's own answer holds where none is set up). */
export const CLONING_ANSWER =
  "Yes. In a project's editor you can clone a speaker's voice from the video, with their consent, and keep it in My voices for other projects.";

export const FAQ = [
  {
    q: "What video formats can I upload?",
    a: "You can upload MP4, AVI, MOV and WMV videos, and WebM and OGG too, up to 10GB each and up to 4K resolution.",
  },
  {
    q: "How long does dubbing take?",
    a: "It depends on the video's length and on the engines this server runs. You can follow the progress live on the project page.",
  },
  {
    q: "Can I clone my own voice?",
    a: "Not yet. Custom voice cloning is not offered today; you can choose from our library of 50+ AI voices.",
  },
  {
    q: "How many languages do you support?",
    a: "The app translates and dubs into 20+ languages. The project page shows which languages are available right now and why any are not.",
  },
  {
    q: "Can I edit the transcript and the translation?",
    a: "Yes. Every segment has its speaker, text and start and end times, and each translation shows how much longer or shorter it is than the original.",
  },
  {
    q: "How long are my videos stored?",
    a: "Videos are kept in cloud storage for 30 days after upload. Download your dubs before then.",
  },
];
