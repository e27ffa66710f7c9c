"""Where a voice is heard in a WAV file: Silero VAD (the ONNX model inside the pinned faster-whisper
wheel, scripts/python/asr.txt), which tells a voice from music where an energy VAD cannot.

    python voice_vad.py audio.wav  ->  [[start_ms, end_ms], ...] on stdout (JSON)
"""

import json
import sys

from faster_whisper.audio import decode_audio
from faster_whisper.vad import VadOptions, get_speech_timestamps

RATE = 16000
# Silero's own defaults but a shorter silence inside a region (sentences stay apart) and 100 ms padding
# (a word's first and last phonemes)
OPTIONS = VadOptions(threshold=0.5, min_silence_duration_ms=300, speech_pad_ms=100)


def main():
    audio = decode_audio(sys.argv[1], sampling_rate=RATE)
    found = get_speech_timestamps(audio, OPTIONS)
    print(json.dumps([[round(r["start"] * 1000 / RATE), round(r["end"] * 1000 / RATE)] for r in found]))


if __name__ == "__main__":
    main()
