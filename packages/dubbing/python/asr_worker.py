"""Speech recognition worker: faster-whisper (CTranslate2, int8 on the CPU) behind a JSON-lines protocol.

One long-lived process per server process (packages/dubbing/src/asr/worker.ts starts it). Requests on
stdin, one JSON object a line; answers on stdout, one a line, each carrying the request's id:

  {"id": "1", "op": "transcribe", "file": "a.wav", "model": "/models/tiny.en", "language": "en" | null,
   "threads": 2, "windowS": 120, "resume": {...}}             (windowS and resume optional)
      -> {"id": "1", "type": "progress", "fraction": 0.4}            (any number of them)
      -> {"id": "1", "type": "window", "windows": 1, "fromSample": 1912000, "from": 0,
          "words": [...], "language": "en" | null, "found": {"language": "en",
          "languageProbability": 1.0} | null}                         (after each window)
      -> {"id": "1", "type": "result", "language": "en", "languageProbability": 1.0,
          "words": [{"text": "Hello", "start": 120, "end": 480, "confidence": 0.93}, ...],
          "peakRssMb": 312.5, "model": "/models/tiny.en", "windows": 1, "decoded": 1}
      or {"id": "1", "type": "error", "code": "bad_audio" | "bad_model" | "cancelled" | "failed",
          "message": "..."}
  {"id": "1", "op": "cancel"}      stops job 1 at its next segment (it answers with code "cancelled")
  {"id": "x", "op": "ping"}        -> {"id": "x", "type": "pong", "peakRssMb": ...}

`file` is a 16 kHz mono 16-bit WAV; times are in ms; language null means "detect". A "window" message
says where the next window starts (fromSample), the words from index `from` on (the window's, and the
word before them, which a window's leading punctuation may have extended) and the language state; sent
back as `resume` (fromSample, windows, words: all of them, language, found), the job goes on from there
and decodes only the windows after it, with the same cuts and words as an uninterrupted run (`decoded`
counts the windows decoded by this request). The model is loaded
once (and again only when another model is asked for). Jobs run one at a time, in order; cancel
requests are read while a job runs. Silero VAD (shipped inside faster-whisper) skips the stretches
without speech, so music alone gives no words.
"""

import json
import os
import queue
import sys
import threading
import wave

import numpy as np
from worker_protocol import JobError, peak_rss_mb, send



# The audio is decoded a window at a time (issue #61): faster-whisper computes the log-Mel spectrogram of
# all the audio it is given at once (its STFT as complex64), so a whole hour held ~40 MB a minute more.
# Each window ends at the quietest 100 ms of its last CUT_SEARCH_S, so no word is cut in two; the windows
# are decoded on their own, as the 30 s windows inside one already were (condition_on_previous_text off).
WINDOW_S = 120
CUT_SEARCH_S = 15
RATE = 16000
CUT_FRAME = RATE // 10


def open_wav(path):
    """A 16 kHz mono s16 WAV, open for reading."""
    try:
        w = wave.open(path, "rb")
    except (wave.Error, EOFError, OSError) as err:
        raise JobError("bad_audio", f"cannot read {path} as WAV: {err}") from err
    if w.getsampwidth() != 2 or w.getnchannels() != 1 or w.getframerate() != RATE:
        w.close()
        raise JobError("bad_audio", f"{path}: not 16 kHz mono 16-bit PCM")
    return w


def quietest_cut(audio, search):
    """Pure: where a window of `audio` ends: the middle of the quietest 100 ms in its last `search` samples."""
    start = max(0, len(audio) - search)
    n = (len(audio) - start) // CUT_FRAME
    if n == 0:
        return len(audio)
    frames = audio[start : start + n * CUT_FRAME].reshape(n, CUT_FRAME)
    k = int(np.argmin((frames.astype(np.float64) ** 2).sum(axis=1)))
    return start + k * CUT_FRAME + CUT_FRAME // 2


def wav_windows(w, window_s=WINDOW_S, search_s=CUT_SEARCH_S, start=0):
    """Yields (offset in samples, float32 samples in [-1, 1]) windows of an open WAV, each at most
    window_s long and one at a time in memory; every sample from `start` on is in exactly one window, in
    order. A window depends only on where it starts, so starting at a window's start gives the same
    windows from there on as reading from the beginning."""
    size = max(CUT_FRAME, int(window_s * RATE))
    search = min(int(search_s * RATE), size // 2)
    carry = np.zeros(0, dtype=np.float32)
    w.setpos(start)
    offset = start
    while True:
        want = size - len(carry)
        fresh = np.frombuffer(w.readframes(want), dtype="<i2").astype(np.float32) / 32768.0
        audio = np.concatenate([carry, fresh])
        if len(fresh) < want:
            if len(audio) or offset == 0:
                yield offset, audio
            return
        cut = quietest_cut(audio, search)
        yield offset, audio[:cut]
        carry = audio[cut:].copy()
        offset += cut


class Models:
    """The one model in memory; loaded on first use, again when another model or thread count is asked for."""

    def __init__(self):
        self.key = None
        self.model = None

    def get(self, path, threads):
        if self.key != (path, threads):
            from faster_whisper import WhisperModel

            self.model = None
            try:
                self.model = WhisperModel(
                    path, device="cpu", compute_type="int8", cpu_threads=threads, num_workers=1
                )
            except Exception as err:  # CTranslate2 raises RuntimeError/ValueError on a bad folder
                self.key = None
                raise JobError("bad_model", f"cannot load the model in {path}: {err}") from err
            self.key = (path, threads)
        return self.model


def transcribe(models, job, cancelled):
    w = open_wav(job["file"])
    try:
        return transcribe_windows(models, job, cancelled, w)
    except (wave.Error, EOFError) as err:
        raise JobError("bad_audio", f"cannot read {job['file']} as WAV: {err}") from err
    finally:
        w.close()


class Found:
    """What a resumed job had found of the language (as faster-whisper's info says it)."""

    def __init__(self, found):
        self.language = found["language"]
        self.language_probability = found["languageProbability"]


def transcribe_windows(models, job, cancelled, w):
    total = w.getnframes() / RATE
    model = models.get(job["model"], int(job.get("threads") or 2))
    resume = job.get("resume") or {}
    from_sample = min(int(resume.get("fromSample") or 0), w.getnframes())
    # "detect" is decided on the first window with speech; the later ones are decoded in that language
    language = resume.get("language") if resume else (job.get("language") or None)
    found = Found(resume["found"]) if resume.get("found") else None
    words = list(resume.get("words") or [])
    windows = int(resume.get("windows") or 0)
    resumed = windows
    rid = job["id"]
    for offset, audio in wav_windows(w, float(job.get("windowS") or WINDOW_S), start=from_sample):
        start = offset / RATE
        windows += 1
        if total > 0:
            # the window's VAD, spectrogram and first 30 s take seconds before its first segment
            send({"id": rid, "type": "progress", "fraction": min(1.0, start / total)})
        before = len(words)
        segments, info = model.transcribe(
            audio,
            language=language,
            beam_size=int(job.get("beamSize") or 5),
            word_timestamps=True,
            vad_filter=True,
            # each window decoded on its own: a hallucination in music does not carry into the speech after
            condition_on_previous_text=False,
        )
        for seg in segments:
            if cancelled.is_set():
                raise JobError("cancelled", "the transcription was cancelled")
            add_words(words, seg.words or [], start)
            if total > 0:
                send({"id": rid, "type": "progress", "fraction": min(1.0, (start + seg.end) / total)})
        if found is None or (language is None and info.duration_after_vad > 0):
            found = info
        if language is None and info.duration_after_vad > 0:
            language = info.language
        send(window_done(rid, offset + len(audio), windows, words, before, language, found))
    out = result(job, found, words, windows)
    out["decoded"] = windows - resumed
    return out


def window_done(rid, next_sample, windows, words, before, language, found):
    """The message after a window: enough to resume after it (the words from the one before its own)."""
    at = max(0, before - 1)
    return {
        "id": rid,
        "type": "window",
        "windows": windows,
        "fromSample": next_sample,
        "from": at,
        "words": words[at:],
        "language": language,
        "found": {"language": found.language, "languageProbability": round(found.language_probability, 3)},
    }


def add_words(words, heard, start):
    """Appends a segment's words (times in ms from the file's start; the window starts at `start` s)."""
    for w in heard:
        text = w.word.strip()
        if not text:
            continue
        # punctuation without a leading space continues the word before it ("ill" "-disposed",
        # "2" ",000"); languages written without spaces keep their words apart
        if words and not w.word.startswith(" ") and not text[0].isalnum():
            last = words[-1]
            last["text"] += text
            last["end"] = round((start + w.end) * 1000)
            last["confidence"] = round(min(last["confidence"], w.probability), 3)
        else:
            words.append(
                {
                    "text": text,
                    "start": round((start + w.start) * 1000),
                    "end": round((start + w.end) * 1000),
                    "confidence": round(w.probability, 3),
                }
            )


def result(job, info, words, windows):
    return {
        "type": "result",
        "language": info.language,
        "languageProbability": round(info.language_probability, 3),
        "words": words,
        "peakRssMb": peak_rss_mb(),
        "model": job["model"],
        "windows": windows,
    }


def main():
    jobs = queue.Queue()
    cancels = {}
    cancels_lock = threading.Lock()

    def reader():
        for line in sys.stdin:
            line = line.strip()
            if not line:
                continue
            try:
                msg = json.loads(line)
                op = msg["op"]
                rid = str(msg["id"])
            except (ValueError, KeyError, TypeError):
                send({"id": None, "type": "error", "code": "bad_request", "message": f"bad request: {line[:200]}"})
                continue
            if op == "cancel":
                with cancels_lock:
                    event = cancels.setdefault(rid, threading.Event())
                event.set()
            elif op == "ping":
                send({"id": rid, "type": "pong", "peakRssMb": peak_rss_mb(), "pid": os.getpid()})
            elif op == "transcribe":
                with cancels_lock:
                    cancels.setdefault(rid, threading.Event())
                msg["id"] = rid
                jobs.put(msg)
            else:
                send({"id": rid, "type": "error", "code": "bad_request", "message": f"unknown op {op!r}"})
        jobs.put(None)

    threading.Thread(target=reader, daemon=True).start()
    models = Models()
    while True:
        job = jobs.get()
        if job is None:
            return
        rid = job["id"]
        with cancels_lock:
            cancelled = cancels[rid]
        try:
            if cancelled.is_set():
                raise JobError("cancelled", "the transcription was cancelled")
            send({"id": rid, **transcribe(models, job, cancelled)})
        except JobError as err:
            send({"id": rid, "type": "error", "code": err.code, "message": str(err)})
        except Exception as err:  # anything else fails this job, not the worker
            send({"id": rid, "type": "error", "code": "failed", "message": f"{type(err).__name__}: {err}"})
        finally:
            with cancels_lock:
                cancels.pop(rid, None)


if __name__ == "__main__":
    main()
