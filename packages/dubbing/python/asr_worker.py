"""Speech recognition worker: faster-whisper (CTranslate2, int8 on the CPU) behind a JSON-lines protocol.

One long-lived process per server process (packages/dubbing/src/asr/worker.ts starts it). Requests on
stdin, one JSON object a line; answers on stdout, one a line, each carrying the request's id:

  {"id": "1", "op": "transcribe", "file": "a.wav", "model": "/models/tiny.en", "language": "en" | null,
   "threads": 2}
      -> {"id": "1", "type": "progress", "fraction": 0.4}            (any number of them)
      -> {"id": "1", "type": "result", "language": "en", "languageProbability": 1.0,
          "words": [{"text": "Hello", "start": 120, "end": 480, "confidence": 0.93}, ...],
          "peakRssMb": 312.5, "model": "/models/tiny.en"}
      or {"id": "1", "type": "error", "code": "bad_audio" | "bad_model" | "cancelled" | "failed",
          "message": "..."}
  {"id": "1", "op": "cancel"}      stops job 1 at its next segment (it answers with code "cancelled")
  {"id": "x", "op": "ping"}        -> {"id": "x", "type": "pong", "peakRssMb": ...}

`file` is a 16 kHz mono 16-bit WAV; times are in ms; language null means "detect". The model is loaded
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



def read_wav(path):
    """16 kHz mono s16 WAV -> float32 samples in [-1, 1]."""
    try:
        with wave.open(path, "rb") as w:
            if w.getsampwidth() != 2 or w.getnchannels() != 1 or w.getframerate() != 16000:
                raise JobError("bad_audio", f"{path}: not 16 kHz mono 16-bit PCM")
            data = w.readframes(w.getnframes())
    except (wave.Error, EOFError, OSError) as err:
        raise JobError("bad_audio", f"cannot read {path} as WAV: {err}") from err
    return np.frombuffer(data, dtype="<i2").astype(np.float32) / 32768.0


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
    audio = read_wav(job["file"])
    total = len(audio) / 16000
    model = models.get(job["model"], int(job.get("threads") or 2))
    segments, info = model.transcribe(
        audio,
        language=job.get("language") or None,
        beam_size=int(job.get("beamSize") or 5),
        word_timestamps=True,
        vad_filter=True,
        # each window decoded on its own: a hallucination in music does not carry into the speech after
        condition_on_previous_text=False,
    )
    words = []
    for seg in segments:
        if cancelled.is_set():
            raise JobError("cancelled", "the transcription was cancelled")
        for w in seg.words or []:
            text = w.word.strip()
            if not text:
                continue
            # punctuation without a leading space continues the word before it ("ill" "-disposed",
            # "2" ",000"); languages written without spaces keep their words apart
            if words and not w.word.startswith(" ") and not text[0].isalnum():
                last = words[-1]
                last["text"] += text
                last["end"] = round(w.end * 1000)
                last["confidence"] = round(min(last["confidence"], w.probability), 3)
            else:
                words.append(
                    {
                        "text": text,
                        "start": round(w.start * 1000),
                        "end": round(w.end * 1000),
                        "confidence": round(w.probability, 3),
                    }
                )
        if total > 0:
            send({"id": job["id"], "type": "progress", "fraction": min(1.0, seg.end / total)})
    return {
        "type": "result",
        "language": info.language,
        "languageProbability": round(info.language_probability, 3),
        "words": words,
        "peakRssMb": peak_rss_mb(),
        "model": job["model"],
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
