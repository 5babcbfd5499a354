#!/usr/bin/env python3
"""The peer of `ticket-agent-lab bench-embedding --peer-python`: sentence-transformers
(PyTorch) encoding the same texts with the same model folder, timed the way the lab times
its own encoders.

Reads a JSON object on stdin: {"model_dir": str, "texts": [str], "batch": int,
"warm_up": int}. Writes one JSON object on stdout: the wall and CPU seconds (user and
system, this process, timed part only) of encoding every text in batches of `batch`,
PyTorch's thread count, and the vectors, so the lab can hold them to its own.

Nothing is fetched: the model is loaded from its folder (HF_HUB_OFFLINE), as the product
loads it.
"""

import json
import os
import resource
import sys
import time

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from sentence_transformers import SentenceTransformer  # noqa: E402
import torch  # noqa: E402


def cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime, r.ru_stime


def main():
    job = json.load(sys.stdin)
    texts = job["texts"]
    batch = max(1, int(job["batch"]))
    model = SentenceTransformer(job["model_dir"], device="cpu")
    # The first calls pay for lazy initialisation; the lab warms its encoders up too.
    model.encode(texts[: max(1, int(job.get("warm_up", 16)))], batch_size=batch)
    user0, sys0 = cpu_seconds()
    started = time.perf_counter()
    vectors = model.encode(
        texts,
        batch_size=batch,
        normalize_embeddings=True,
        convert_to_numpy=True,
        show_progress_bar=False,
    )
    wall = time.perf_counter() - started
    user1, sys1 = cpu_seconds()
    json.dump(
        {
            "encoder": f"sentence-transformers {__import__('sentence_transformers').__version__}"
            f", torch {torch.__version__}",
            "threads": torch.get_num_threads(),
            "texts": len(texts),
            "wall_s": wall,
            "user_s": user1 - user0,
            "sys_s": sys1 - sys0,
            "vectors": vectors.tolist(),
        },
        sys.stdout,
    )


if __name__ == "__main__":
    main()
