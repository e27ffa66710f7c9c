"""Where a voice is heard in an audio file: Silero VAD (the ONNX model inside the pinned faster-whisper
wheel, scripts/python/asr.txt), which tells a voice from music where an energy VAD cannot.

    python voice_vad.py audio.wav  ->  [[start_ms, end_ms], ...] on stdout (JSON)

A 16 kHz mono 16-bit WAV (what transcription extracts) is read a minute at a time: Silero's batch over a
window grows with it (23 minutes: 424 MB resident in 10-minute windows, 158 MB in 1-minute ones, the
same regions but one across a window's edge); anything else is decoded whole by faster-whisper.
"""

import json
import sys
import wave

import numpy as np
from faster_whisper.audio import decode_audio
from faster_whisper.vad import VadOptions, get_speech_timestamps

RATE = 16000
WINDOW_S = 60
# Silero's own defaults but a shorter silence inside a region (sentences stay apart) and 100 ms padding
# (a word's first and last phonemes)
OPTIONS = VadOptions(threshold=0.5, min_silence_duration_ms=300, speech_pad_ms=100)


def windows(path):
    """The audio as float32 windows, or None when it is not a 16 kHz mono 16-bit WAV."""
    try:
        w = wave.open(path, "rb")
    except (wave.Error, EOFError):
        return None
    if (w.getframerate(), w.getnchannels(), w.getsampwidth()) != (RATE, 1, 2):
        w.close()
        return None

    def read():
        with w:
            while True:
                frames = w.readframes(WINDOW_S * RATE)
                if not frames:
                    return
                yield np.frombuffer(frames, dtype="<i2").astype(np.float32) / 32768.0

    return read()


def regions(path):
    chunks = windows(path)
    if chunks is None:
        chunks = [decode_audio(path, sampling_rate=RATE)]
    out = []
    offset = 0
    for audio in chunks:
        for r in get_speech_timestamps(audio, OPTIONS):
            start, end = offset + r["start"], offset + r["end"]
            # a voice across two windows is one region
            if out and start - out[-1][1] < OPTIONS.min_silence_duration_ms * RATE // 1000:
                out[-1][1] = end
            else:
                out.append([start, end])
        offset += len(audio)
    return [[round(s * 1000 / RATE), round(e * 1000 / RATE)] for s, e in out]


def main():
    print(json.dumps(regions(sys.argv[1])))


if __name__ == "__main__":
    main()
