"""Neural translation worker: Argos Translate packages (a CTranslate2 Transformer and its SentencePiece
model, zipped as an `.argosmodel`) read straight from the package, behind a JSON-lines protocol.

One long-lived process per server process (packages/dubbing/src/mt/neural-worker.ts starts it when a
translation needs it and stops it when idle). Requests on stdin, one JSON object a line; answers on
stdout, one a line, each carrying the request's id; requests run one after the other:

  {"id": "1", "op": "translate", "model": "/models/argos-zh-en/translate-zh_en-1_9.argosmodel",
   "texts": ["你好。"], "beam": 4, "alternatives": 1}
      -> {"id": "1", "type": "result", "texts": ["Hello."], "alternatives": [["Hello."]]}
      or {"id": "1", "type": "error", "code": "bad_model" | "bad_text" | "failed", "message": "..."}
  {"id": "x", "op": "ping"}        -> {"id": "x", "type": "pong", "peakRssMb": ...}

`alternatives` > 1 asks for that many hypotheses of each text (n-best, best first), for rewriting a
line shorter. A model is loaded once (int8 on the CPU, `--threads` threads) and kept.
"""

import argparse
import json
import sys
import zipfile

from worker_protocol import JobError, peak_rss_mb, send

models = {}


def load(path, threads):
    model = models.get(path)
    if model is not None:
        return model
    import ctranslate2
    import sentencepiece

    try:
        with zipfile.ZipFile(path) as z:
            names = [n for n in z.namelist() if not n.endswith("/")]
            root = names[0].split("/", 1)[0] + "/"
            files = {n[len(root) + 6 :]: z.read(n) for n in names if n.startswith(root + "model/")}
            spm = sentencepiece.SentencePieceProcessor(model_proto=z.read(root + "sentencepiece.model"))
            meta = json.loads(z.read(root + "metadata.json"))
        translator = ctranslate2.Translator(
            root.rstrip("/"), device="cpu", compute_type="int8", inter_threads=1, intra_threads=threads, files=files
        )
    except Exception as err:  # noqa: BLE001 - any load failure is the model's
        raise JobError("bad_model", f"cannot load the translation model {path}: {err}") from err
    model = {"translator": translator, "spm": spm, "meta": meta}
    models[path] = model
    return model


def detokenize(tokens):
    return "".join(tokens).replace("\u2581", " ").strip()


def translate(job, threads):
    texts = job.get("texts")
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise JobError("bad_text", "texts must be a list of strings")
    model = load(str(job["model"]), threads)
    n = max(1, min(8, int(job.get("alternatives", 1))))
    beam = max(n, min(8, int(job.get("beam", 4))))
    spm = model["spm"]
    todo = [i for i, t in enumerate(texts) if t.strip()]
    out = [""] * len(texts)
    alts = [[] for _ in texts]
    if todo:
        pieces = [spm.encode(texts[i].strip(), out_type=str) for i in todo]
        results = model["translator"].translate_batch(
            pieces, beam_size=beam, num_hypotheses=n, max_batch_size=32, max_decoding_length=256
        )
        for i, r in zip(todo, results):
            hyps = [detokenize(h) for h in r.hypotheses]
            out[i] = hyps[0]
            alts[i] = hyps
    return {"type": "result", "texts": out, "alternatives": alts}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--threads", type=int, default=2)
    threads = max(1, parser.parse_args().threads)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            job = json.loads(line)
        except json.JSONDecodeError:
            continue
        if job.get("op") == "ping":
            send({"id": job.get("id"), "type": "pong", "peakRssMb": peak_rss_mb()})
            continue
        if job.get("op") != "translate":
            send({"id": job.get("id"), "type": "error", "code": "failed", "message": "unknown op"})
            continue
        try:
            send({"id": job.get("id"), **translate(job, threads)})
        except JobError as err:
            send({"id": job.get("id"), "type": "error", "code": err.code, "message": str(err)})
        except Exception as err:  # noqa: BLE001 - the request fails, the worker goes on
            send({"id": job.get("id"), "type": "error", "code": "failed", "message": f"{type(err).__name__}: {err}"})


if __name__ == "__main__":
    main()
