"""``python -m lstm_cell_grad bench --sim``: what one op call costs on the sim, measured
side by side in one process against the same math in numpy and in torch (CPU).

The three run the identical formulas on identical inputs (``random_inputs``): the sim
through the whole Python -> aclnn -> multi-core kernel path with every check on; numpy and
torch as plain vectorised array code in the inputs' dtype (numpy float16 computes in
float16, as the sim's float16 kernel computes in float16 lanes where the kernel does). Each
implementation runs ``rounds`` times in turn (interleaved, so a load spike on the machine hits
all three alike); the table shows the min and median wall time per call and the sim's ratio to
each reference (min over min). Wall times are of this machine's CPU, not of an NPU.

The references run on one thread each (``single_threaded_references``): numpy's elementwise
math is single-threaded anyway, but idle BLAS and OpenMP pool threads spinning after a call,
and torch spreading an op over every host core, would take the host cores from the sim's core
threads (and give torch all of them): one thread is fair to both sides.

This is the measured mode of ``bench`` (``--sim``); the modeled mode (``_bench_model``) sits
beside it under the same subcommand. ``SimBench`` measures, ``format_sim_table`` prints.
"""
from __future__ import annotations

import contextlib
import dataclasses
import os
import statistics
import sys
import time
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple

import numpy as np

from ._api import thnn_fused_lstm_cell_backward
from ._contract import cell_gradients, random_inputs

# (batch, hidden, dtype): a single step, a small batch, a large layer in both dtypes, and an
# odd hidden size (rows not a multiple of the 32-byte block).
SIM_BENCH_SHAPES: Tuple[Tuple[int, int, str], ...] = (
    (1, 8, "float32"),
    (64, 1024, "float32"),
    (1024, 4096, "float32"),
    (1024, 4096, "float16"),
    (4096, 1023, "float32"),
)
DEFAULT_ROUNDS = 15


def numpy_backward(grad_hy, grad_c, cx, cy, storage, has_bias=True):
    """The op's formulas (`cell_gradients`) as plain numpy in the inputs' dtype, not float64."""
    gates, grad_cx = cell_gradients(grad_hy, grad_c, cx, np.tanh(cy), *np.split(storage, 4, axis=1))
    grad_gates = np.concatenate(gates, axis=1)
    grad_bias = grad_gates.sum(axis=0, dtype=np.float32).astype(cx.dtype) if has_bias else None
    return grad_gates, grad_cx, grad_bias


def torch_backward(grad_hy, grad_c, cx, cy, storage, has_bias=True):
    """The same formulas as torch CPU tensor code."""
    import torch
    gates, grad_cx = cell_gradients(grad_hy, grad_c, cx, torch.tanh(cy), *storage.chunk(4, dim=1))
    grad_gates = torch.cat(gates, dim=1)
    grad_bias = grad_gates.sum(dim=0, dtype=torch.float32).to(cx.dtype) if has_bias else None
    return grad_gates, grad_cx, grad_bias


@dataclasses.dataclass(frozen=True)
class Timing:
    """Wall seconds per call over the rounds."""
    min: float
    median: float

    @staticmethod
    def of(samples: Sequence[float]) -> "Timing":
        return Timing(min(samples), statistics.median(samples))


@dataclasses.dataclass(frozen=True)
class SimBenchRow:
    batch: int
    hidden: int
    dtype: str
    sim: Timing
    numpy: Timing
    torch: Optional[Timing]  # None when torch is not installed

    def ratio_numpy(self) -> float:
        return self.sim.min / self.numpy.min

    def ratio_torch(self) -> Optional[float]:
        return None if self.torch is None else self.sim.min / self.torch.min


def _calls_per_sample(seconds_per_call: float) -> int:
    # Tiny calls are timed in batches so that the clock's resolution and the loop are noise.
    return max(1, min(1000, int(0.002 / max(seconds_per_call, 1e-9))))


def _time(fn: Callable[[], object], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    return (time.perf_counter() - start) / calls


class SimBench:
    """Times the sim, numpy and torch on each shape, interleaved round by round."""

    def __init__(self, rounds: int = DEFAULT_ROUNDS, soc: Optional[str] = None, num_cores: Optional[int] = None):
        self.rounds = rounds
        self.soc = soc
        self.num_cores = num_cores

    def _candidates(self, batch: int, hidden: int, dtype: str) -> Dict[str, Callable[[], object]]:
        inputs = random_inputs(batch, hidden, dtype)
        candidates: Dict[str, Callable[[], object]] = {
            "sim": lambda: thnn_fused_lstm_cell_backward(**inputs, has_bias=True, soc=self.soc,
                                                         num_cores=self.num_cores),
            "numpy": lambda: numpy_backward(**inputs, has_bias=True),
        }
        try:
            import torch
        except ImportError:
            return candidates
        tensors = {name: torch.from_numpy(value) for name, value in inputs.items()}
        candidates["torch"] = lambda: torch_backward(**tensors, has_bias=True)
        return candidates

    def measure(self, batch: int, hidden: int, dtype: str) -> SimBenchRow:
        candidates = self._candidates(batch, hidden, dtype)
        for fn in candidates.values():
            fn()  # a shape's first call pays one-time work (the tiling, first-touch pages, cold caches)
        # Sized on a warm call: sized on the first, a (1, 8) sim call was timed 2 calls per sample
        # against numpy's 11, mostly cold from the other candidates' rounds (52 against 38 us).
        calls = {name: _calls_per_sample(_time(fn, 1)) for name, fn in candidates.items()}
        samples: Dict[str, List[float]] = {name: [] for name in candidates}
        for _ in range(self.rounds):
            for name, fn in candidates.items():
                samples[name].append(_time(fn, calls[name]))
        torch_timing = Timing.of(samples["torch"]) if "torch" in samples else None
        return SimBenchRow(batch, hidden, dtype, Timing.of(samples["sim"]), Timing.of(samples["numpy"]), torch_timing)

    def run(self, shapes: Sequence[Tuple[int, int, str]] = SIM_BENCH_SHAPES) -> List[SimBenchRow]:
        return [self.measure(*shape) for shape in shapes]


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.3f}"


def format_sim_table(rows: Sequence[SimBenchRow]) -> str:
    """A Markdown table: min / median ms per call and the sim's ratios (min over min)."""
    lines = ["| shape (B, H) | dtype | sim ms min / median | numpy ms min / median | torch ms min / median "
             "| sim / numpy | sim / torch |",
             "|---|---|---|---|---|---|---|"]
    for row in rows:
        torch_cell = "n/a" if row.torch is None else f"{_ms(row.torch.min)} / {_ms(row.torch.median)}"
        ratio_torch = row.ratio_torch()
        lines.append(f"| ({row.batch}, {row.hidden}) | {row.dtype} | {_ms(row.sim.min)} / {_ms(row.sim.median)} | "
                     f"{_ms(row.numpy.min)} / {_ms(row.numpy.median)} | {torch_cell} | {row.ratio_numpy():.2f}x | "
                     f"{'n/a' if ratio_torch is None else f'{ratio_torch:.2f}x'} |")
    return "\n".join(lines)


@contextlib.contextmanager
def single_threaded_references() -> Iterator[None]:
    """Holds numpy's BLAS and OpenMP pools and torch's intra-op threads to one thread, then restores them."""
    from threadpoolctl import threadpool_limits
    try:
        import torch
    except ImportError:
        torch = None
    torch_threads = None if torch is None else torch.get_num_threads()
    with threadpool_limits(limits=1):
        if torch is not None:
            torch.set_num_threads(1)
        try:
            yield
        finally:
            if torch is not None:
                torch.set_num_threads(torch_threads)


def run_sim_bench(rounds: int = DEFAULT_ROUNDS, soc: Optional[str] = None, num_cores: Optional[int] = None,
                  shapes: Sequence[Tuple[int, int, str]] = SIM_BENCH_SHAPES,
                  out_file: Optional[str] = None) -> List[SimBenchRow]:
    """Measures every shape and prints the table (what ``bench --sim`` does); `out_file` also gets it."""
    bench = SimBench(rounds, soc, num_cores)
    rows = []
    with single_threaded_references():
        for shape in shapes:
            rows.append(bench.measure(*shape))
            sys.stderr.write(f"\rbench --sim: {len(rows)}/{len(shapes)} shapes")
    sys.stderr.write("\n")
    table = (f"sim vs numpy vs torch (CPU), measured wall ms per call, {rounds} rounds, one process; numpy's "
             f"BLAS/OpenMP and torch on 1 thread each, the sim's cores as fibers on one host thread per "
             f"host core (load average {os.getloadavg()[0]:.1f} at the end):\n"
             + format_sim_table(rows))
    print(table)
    if out_file:
        with open(out_file, "w", encoding="utf-8") as out:
            out.write(table + "\n")
    return rows
