"""Runs one vector API of the sim on numpy data (through _simtest) and compares bits:
shared by the vector, Cast and vector-check tests."""
from __future__ import annotations

import pathlib
import shutil
import subprocess
from dataclasses import dataclass

import ml_dtypes
import numpy as np
import pytest

F32, F16, BF16 = np.float32, np.float16, ml_dtypes.bfloat16
DTYPE_NAMES = {np.dtype(np.float32): "float32", np.dtype(np.float16): "float16", np.dtype(BF16): "bfloat16",
               np.dtype(np.int32): "int32", np.dtype(np.int16): "int16", np.dtype(np.uint16): "uint16",
               np.dtype(np.uint32): "uint32", np.dtype(np.uint8): "uint8", np.dtype(np.int8): "int8"}
RNG_SEED = 20240611


# ---------------------------------------------------------------------------------------
# Harness (shared with test_cast.py and test_vector_checks.py)

@dataclass
class Poisoned:
    """A UB buffer that holds no data (never written since allocation)."""
    nbytes: int


@dataclass
class Partly:
    """A UB buffer whose bytes are defined only where `defined` (one flag per element) is set."""
    data: np.ndarray
    defined: np.ndarray


@dataclass
class Run:
    contents: list
    defined: list
    result: dict
    sizes: list  # bytes the test asked for; UB buffers are rounded up to 32 B, the rest is dropped

    @property
    def ok(self) -> bool:
        return self.result["ok"]

    def array(self, index: int, dtype) -> np.ndarray:
        assert self.contents[index] is not None, self.result["error"]
        return np.frombuffer(self.contents[index][:self.sizes[index]], dtype=dtype)

    def defined_bytes(self, index: int) -> np.ndarray:
        return np.frombuffer(self.defined[index][:self.sizes[index]], dtype=np.uint8)

    def vector_pipe(self) -> dict:
        return self.result["cores"][0]["pipes"]["V"]


def run_vector(simtest, api: str, buffers, operands, count: int, **options) -> Run:
    """Runs one vector API. buffers: numpy arrays (written and defined), Poisoned or Partly.
    operands: (buffer index, element offset, dtype[, length]); the dtype of an operand is that of
    its buffer unless given."""
    specs = []
    for buf in buffers:
        if isinstance(buf, Poisoned):
            specs.append((buf.nbytes, b"", b""))
        elif isinstance(buf, Partly):
            flags = np.repeat(buf.defined.astype(np.uint8), buf.data.itemsize)
            specs.append((buf.data.nbytes, buf.data.tobytes(), flags.tobytes()))
        else:
            specs.append((buf.nbytes, np.ascontiguousarray(buf).tobytes(), b""))
    ops = []
    for op in operands:
        index, offset, dtype = op[0], op[1], op[2]
        length = op[3] if len(op) > 3 else -1
        ops.append((index, offset, DTYPE_NAMES[np.dtype(dtype)], length))
    contents, defined, result = simtest.run_vector(api, specs, ops, count, options)
    return Run(list(contents), list(defined), result, [spec[0] for spec in specs])


def assert_reported(run: Run, kind: str, *words: str) -> None:
    """The launch failed with a violation of `kind` whose message holds every word."""
    assert not run.ok, "the violation was not reported"
    assert run.result["error_kind"] == kind, run.result["error"]
    for word in words:
        assert word in run.result["error"], f"{word!r} missing from: {run.result['error']}"


def bits(array: np.ndarray) -> np.ndarray:
    """Raw bit patterns, so NaNs and signed zeros compare exactly."""
    return array.view({1: np.uint8, 2: np.uint16, 4: np.uint32}[array.itemsize])


def assert_bits_equal(actual: np.ndarray, expected: np.ndarray) -> None:
    expected = np.asarray(expected, dtype=actual.dtype)
    mismatch = np.nonzero(bits(actual) != bits(expected))[0]
    assert mismatch.size == 0, (f"{mismatch.size} of {actual.size} elements differ, first at {mismatch[0]}: "
                                f"got {actual[mismatch[0]]!r}, expected {expected[mismatch[0]]!r}")


def random_values(rng, dtype, n, low=-10.0, high=10.0):
    if np.issubdtype(np.dtype(dtype), np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=n, endpoint=True, dtype=dtype)
    return rng.uniform(low, high, n).astype(dtype)


# ---------------------------------------------------------------------------------------
# Elementwise binary APIs


def compile_errors(tmp_path, source: str) -> str:
    """The compiler's errors for a kernel source that must NOT compile against sim/include
    (a type A2/A3 lacks is a static_assert naming the API); skips when g++ is missing."""
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no g++")
    include = pathlib.Path(__file__).resolve().parents[1] / "include"
    path = tmp_path / "bad_kernel.cpp"
    path.write_text(source)
    result = subprocess.run([compiler, "-std=c++17", "-fsyntax-only", f"-I{include}", str(path)],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode != 0, "the kernel compiled, but every call in it should be rejected"
    return result.stderr
