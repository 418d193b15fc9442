"""Time one op call per view layout against the same values contiguous: what strided inputs
cost on top of the op (the binding packs them on the host). Prints a Markdown table.
Run: PYTHONPATH=python python3 tools/bench_views.py [--repeat N]"""
import argparse
import time

import numpy as np

import lstm_cell_grad as lcg


def best_ms(call, repeat):
    call()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times) * 1e3


def cases():
    """(label, contiguous inputs, the same values as views)."""
    square = list(lcg.random_inputs(512, 512, "float32", seed=1).values())
    yield "512 x 512 transposed (Fortran order)", square, [np.asfortranarray(a) for a in square]
    yield "512 x 512 every other column", square, [np.repeat(a, 2, axis=1)[:, ::2] for a in square]
    step = list(lcg.random_inputs(64, 1024, "float32", seed=2).values())

    def time_step(a, steps=512, t=100):
        sequence = np.empty((a.shape[0], steps, a.shape[1]), a.dtype)  # batch-first [B, T, H]
        sequence[:, t, :] = a
        return sequence[:, t, :]
    yield "64 x 1024 time step of [64, 512, 1024]", step, [time_step(a) for a in step]


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print("| layout | contiguous ms | view ms | ratio |")
    print("| --- | --- | --- | --- |")
    for label, plain, views in cases():
        base = best_ms(lambda: lcg.thnn_fused_lstm_cell_backward(*plain), args.repeat)
        strided = best_ms(lambda: lcg.thnn_fused_lstm_cell_backward(*views), args.repeat)
        print(f"| {label} | {base:.1f} | {strided:.1f} | {strided / base:.2f} |")


if __name__ == "__main__":
    main()
