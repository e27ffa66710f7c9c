"""Piper TTS worker: VITS voices in ONNX (onnxruntime on the CPU, phonemes from the espeak-ng that
piper-tts bundles) behind a JSON-lines protocol.

One long-lived process per server process (packages/dubbing/src/tts/piper-worker.ts starts it when a
dub needs it and stops it when idle). Requests on stdin, one JSON object a line; answers on stdout, one
a line, each carrying the request's id:

  {"id": "1", "op": "synthesize", "model": "/models/en_US-joe-medium/en_US-joe-medium.onnx",
   "text": "Hello there.", "rate": 1.1}
      -> {"id": "1", "type": "result", "sampleRate": 22050, "sentences": 1,
          "samples": "<base64 of little-endian float32 mono>"}
      or {"id": "1", "type": "error", "code": "bad_model" | "bad_text" | "failed", "message": "..."}
  {"id": "x", "op": "ping"}        -> {"id": "x", "type": "pong", "peakRssMb": ...}

Requests run on `--threads` threads at once (one onnxruntime thread each: a line's tensors are too small
for one run to keep two cores busy, two lines at once do); espeak-ng is not thread-safe, so phonemizing
takes a lock. The text is spoken sentence by sentence (piper splits it), the clips joined. A voice is
loaded once and kept.
"""

import argparse
import base64
import json
import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from worker_protocol import JobError, peak_rss_mb, send

phonemize_lock = threading.Lock()
voices_lock = threading.Lock()
voices = {}


def load_voice(model):
    with voices_lock:
        voice = voices.get(model)
        if voice is not None:
            return voice
        import onnxruntime
        from piper import PiperVoice

        try:
            voice = PiperVoice.load(model)
            options = onnxruntime.SessionOptions()
            options.intra_op_num_threads = 1
            options.inter_op_num_threads = 1
            voice.session = onnxruntime.InferenceSession(
                model, sess_options=options, providers=["CPUExecutionProvider"]
            )
        except Exception as err:  # noqa: BLE001 - any load failure is the model's
            raise JobError("bad_model", f"cannot load the voice {model}: {err}") from err
        voices[model] = voice
        return voice


def synthesize(job):
    from piper import SynthesisConfig

    text = str(job.get("text", "")).strip()
    if not text:
        raise JobError("bad_text", "nothing to say: the text is empty")
    voice = load_voice(str(job["model"]))
    rate = float(job.get("rate", 1))
    if not 0.1 <= rate <= 10:
        raise JobError("bad_text", f"rate {rate} out of range")
    # the rate control: the voice's own phoneme length scale (1 for most voices) over the rate
    config = SynthesisConfig(length_scale=voice.config.length_scale / rate)
    with phonemize_lock:
        sentences = [p for p in voice.phonemize(text) if p]
    clips = []
    for phonemes in sentences:
        ids = voice.phonemes_to_ids(phonemes)
        audio = np.asarray(voice.phoneme_ids_to_audio(ids, config), dtype=np.float32).reshape(-1)
        peak = float(np.max(np.abs(audio))) if audio.size else 0.0
        # the level piper writes (its normalize_audio); the mix sets the loudness
        clips.append(audio / peak if peak > 1e-8 else np.zeros_like(audio))
    samples = np.concatenate(clips) if clips else np.zeros(0, dtype=np.float32)
    return {
        "type": "result",
        "sampleRate": voice.config.sample_rate,
        "sentences": len(sentences),
        "samples": base64.b64encode(np.clip(samples, -1, 1).astype("<f4").tobytes()).decode("ascii"),
    }


def handle(job):
    try:
        send({"id": job.get("id"), **synthesize(job)})
    except JobError as err:
        send({"id": job.get("id"), "type": "error", "code": err.code, "message": str(err)})
    except Exception as err:  # noqa: BLE001 - the request fails, the worker goes on
        send({"id": job.get("id"), "type": "error", "code": "failed", "message": f"{type(err).__name__}: {err}"})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, default=2)
    threads = max(1, parser.parse_args().threads)
    with ThreadPoolExecutor(max_workers=threads) as pool:
        for line in sys.stdin:
            if not line.strip():
                continue
            try:
                job = json.loads(line)
            except json.JSONDecodeError:
                continue
            if job.get("op") == "ping":
                send({"id": job.get("id"), "type": "pong", "peakRssMb": peak_rss_mb()})
            elif job.get("op") == "synthesize":
                pool.submit(handle, job)
            else:
                send({"id": job.get("id"), "type": "error", "code": "failed", "message": "unknown op"})


if __name__ == "__main__":
    main()
