"""Fingerprint of this process's float path: run as a script, prints one JSON object.

Each field is what one library reports or computes on a fixed input, so two
processes whose environments differ (``ATEN_CPU_CAPABILITY``, ``MKL_CBWR``,
``OPENBLAS_CORETYPE``, ...) can be compared: a field that differs says the
variable reached that library's kernels on this CPU; one that does not says
the variable is inert here (for example ``ATEN_CPU_CAPABILITY=avx2`` on a
CPU whose best torch kernels are its AVX2 ones).

Fields:
    torch_capability: the instruction set of torch's vectorised kernels.
    torch_kernels: digest of softmax, GELU and layer norm (ATen and oneDNN).
    torch_linear: digest of a float32 ``linear`` (MKL's SGEMM in the x86 wheel).
    openblas: the OpenBLAS core type numpy and scipy run on.
    numpy_blas: digest of a float64 matrix product and SVD (OpenBLAS).
"""

from __future__ import annotations

import hashlib
import json

import numpy as np


def _digest(array: np.ndarray) -> str:
    return hashlib.sha256(np.ascontiguousarray(array).tobytes()).hexdigest()[:16]


def _torch_fields(rng: np.random.Generator) -> dict:
    import torch

    # MiniLM's shapes: 384-wide hidden states, a 1536-wide feed-forward layer.
    x = torch.from_numpy(rng.standard_normal((64, 384), dtype=np.float32))
    weight = torch.from_numpy(rng.standard_normal((1536, 384), dtype=np.float32))
    with torch.no_grad():
        linear = torch.nn.functional.linear(x, weight).numpy()
        kernels = [
            torch.softmax(x, dim=1).numpy(),
            torch.nn.functional.gelu(x).numpy(),
            torch.nn.functional.layer_norm(x, (384,)).numpy(),
        ]
    return {
        "torch_capability": torch.backends.cpu.get_cpu_capability(),
        "torch_kernels": _digest(np.concatenate(kernels)),
        "torch_linear": _digest(linear),
    }


def _numpy_fields(rng: np.random.Generator) -> dict:
    import threadpoolctl

    matrix = rng.standard_normal((300, 200))
    product = matrix @ matrix.T
    basis = np.abs(np.linalg.svd(matrix, full_matrices=False)[2])
    cores = [i.get("architecture") for i in threadpoolctl.threadpool_info() if i["internal_api"] == "openblas"]
    return {
        "openblas": ",".join(sorted(map(str, cores))),
        "numpy_blas": _digest(np.concatenate([product.ravel(), basis.ravel()])),
    }


def fingerprint() -> dict:
    """This process's float path, field by field."""
    rng = np.random.default_rng(0)
    return {**_torch_fields(rng), **_numpy_fields(rng)}


if __name__ == "__main__":
    print(json.dumps(fingerprint()))
