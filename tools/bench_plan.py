"""How long plan() takes (the op's tiling adapter on a built tiling context, the whole
candidate search included), for shapes from (1, 8) to (8192, 8192) and every dtype. Each
shape is timed fresh: calls cycle through more shapes than the adapter remembers, so none is
answered from its memo. Prints the slowest and the median in microseconds (wall clock).

Run: PYTHONPATH=python python3 tools/bench_plan.py [--repeat N]"""
import argparse
import statistics
import time

import lstm_cell_grad as lcg

SHAPES = [(1, 8), (3, 17), (64, 1024), (129, 513), (300, 40), (1000, 333), (1024, 1024), (4096, 512),
          (2048, 2048), (8192, 8192), (65536, 64), (2, 100000), (7, 4000), (1 << 20, 8), (8192, 1 << 16)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    calls = [(shape, dtype, bias) for shape in SHAPES for dtype in ("float32", "float16", "bfloat16")
             for bias in (True, False)]
    best = {}
    for _ in range(args.repeat):
        for shape, dtype, bias in calls:  # 90 distinct arguments in turn: the memo keeps 8
            start = time.perf_counter()
            lcg.plan(*shape, dtype, has_bias=bias)
            elapsed = (time.perf_counter() - start) * 1e6
            key = (shape, dtype, bias)
            best[key] = min(best.get(key, elapsed), elapsed)
    slowest = max(best, key=best.get)
    print(f"plan(): {len(best)} arguments, best of {args.repeat} each; median {statistics.median(best.values()):.0f} us, "
          f"slowest {best[slowest]:.0f} us ({slowest[0]}, {slowest[1]}, bias {slowest[2]})")


if __name__ == "__main__":
    main()
