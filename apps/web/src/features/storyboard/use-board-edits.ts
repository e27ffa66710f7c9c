import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Storyboard, StoryboardImage } from "../../api/types.ts";
import { notify } from "../toast/toast-store.ts";
import { generateVideo, storyboardKey, updateStoryboard, withNewImage, withSelectedImage } from "./api.ts";

const UPDATE_FAILED = "Failed to update storyboard. Please try again.";

/**
 * A storyboard's changes: the image picked or found for a frame, a frame's text, and generating the
 * video; with which frame's picker or search is open and what went wrong in the picker.
 */
export function useBoardEdits(board: Storyboard) {
  const client = useQueryClient();
  const [picking, setPicking] = useState<number | null>(null);
  const [searching, setSearching] = useState<number | null>(null);
  const [requesting, setRequesting] = useState(false);
  const generating = requesting || board.status === "generating";
  const [pickError, setPickError] = useState<string | null>(null);

  const persist = async (next: Storyboard) => {
    const saved = await updateStoryboard(next);
    client.setQueryData(
      storyboardKey(board._id),
      saved && typeof saved === "object" && "_id" in saved ? saved : next,
    );
  };

  const pick = async (frame: number, image: number) => {
    setPickError(null);
    try {
      await persist(withSelectedImage(board, frame, image));
      setPicking(null);
    } catch (error) {
      console.error(error);
      setPickError(UPDATE_FAILED);
    }
  };

  const addImage = async (frame: number, image: StoryboardImage) => {
    try {
      await persist(withNewImage(board, frame, image));
      setSearching(null);
      notify.success("New image added and selected successfully!");
    } catch (error) {
      console.error(error);
      notify.error(UPDATE_FAILED);
    }
  };

  /** A frame's new text; its keywords are picked again from it by the server. */
  const saveText = async (frame: number, text: string) => {
    try {
      await persist({
        ...board,
        frames: board.frames.map((f, j) =>
          j === frame
            ? { ...f, transcriptSegment: { ...f.transcriptSegment, text }, keywords: undefined }
            : f,
        ),
      });
      return true;
    } catch (error) {
      console.error(error);
      notify.error(UPDATE_FAILED);
      return false;
    }
  };

  const generate = async () => {
    setRequesting(true);
    try {
      const started = await generateVideo(board._id);
      if (started?.storyboard?._id) client.setQueryData(storyboardKey(board._id), started.storyboard);
      await client.invalidateQueries({ queryKey: storyboardKey(board._id) });
    } catch (error) {
      console.error(error);
      notify.error(`Video generation did not work this time: ${(error as Error).message}`);
    } finally {
      setRequesting(false);
    }
  };

  const closePicker = () => {
    setPicking(null);
    setPickError(null);
  };

  return {
    picking,
    setPicking,
    closePicker,
    pickError,
    pick,
    searching,
    setSearching,
    addImage,
    saveText,
    generating,
    generate,
  };
}
