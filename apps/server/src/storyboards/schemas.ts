// Moved to @dubbing/contract: request bodies are defined once, for the server and the API description.
export {
  createStoryboardBody,
  generateBody,
  MAX_FRAMES,
  MAX_TRANSCRIPT_CHARS,
  type StoryboardUpdate,
  searchQuery,
  storyboardTitle,
  updateStoryboardBody,
} from "@dubbing/contract";
