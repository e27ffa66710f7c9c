// "Change the voice" from elsewhere on the page (the report card): asks the speakers panel to open a
// speaker's voice picker. A window event keeps the two panels unaware of each other.
const EVENT = "dubbing:pick-voice";

export function requestVoicePicker(speakerId: string): void {
  window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: speakerId }));
}

/** Calls `open` with the speaker's id on each request; answers the unsubscribe. */
export function onVoicePickerRequest(open: (speakerId: string) => void): () => void {
  const listener = (e: Event) => open((e as CustomEvent<string>).detail);
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
