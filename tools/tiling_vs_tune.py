"""The tiling's default plan against the best plan `tune` finds within the same GM-traffic
budget, on the performance model (all times MODELED), over a sweep of shapes (odd, unaligned,
(1, 8) to (8192, 8192)), every dtype, bias on and off, every SoC the sim knows. Prints a
Markdown table and a summary; exits 1 when a case's default is more than --max-gap slower
than tune's best. The budget: tune's plans may move at most max(1.03, the default's ratio)
times the minimum GM traffic (the kernel's target: within 3% of the minimum).

Run: PYTHONPATH=python python3 tools/tiling_vs_tune.py [--max-gap 0.02] [--limit N] [--largest H]"""
import argparse
import itertools
import sys
import time

import lstm_cell_grad as lcg
from lstm_cell_grad._tune import tune

# (batch, hidden): tiny, odd, unaligned, skinny, wide and square, up to 8192 x 8192.
SHAPES = [(1, 8), (3, 17), (1, 8192), (33, 65), (2, 100000), (7, 4000), (100, 100), (64, 1024), (129, 513),
          (257, 130), (300, 40), (4097, 7), (1000, 333), (512, 4096), (1024, 1024), (4096, 8), (16384, 32),
          (4096, 512), (2048, 2048), (8192, 8192)]
DTYPES = ["float32", "float16", "bfloat16"]


def cases(socs):
    """Every shape with bias on and off; dtypes and SoCs rotate so each appears with every shape
    size class, and (1024, 1024) float16 with bias (a known miss of the summed-time chunk
    choice) runs on every SoC."""
    rotation = itertools.cycle(itertools.product(DTYPES, socs))
    out = []
    for shape in SHAPES:
        for has_bias in (True, False):
            dtype, soc = next(rotation)
            out.append((shape, dtype, has_bias, soc))
    for soc in socs:
        out.append(((1024, 1024), "float16", True, soc))
    for dtype in DTYPES:
        out.append(((300, 1023), dtype, True, socs[0]))
        out.append(((65536, 64), dtype, True, socs[-1]))
    seen, unique = set(), []
    for case in out:
        if case not in seen:
            seen.add(case)
            unique.append(case)
    return unique


def compare(shape, dtype, has_bias, soc):
    """(default us, best us, gap, default traffic ratio, best traffic ratio, best overrides)."""
    batch, hidden = shape
    first = tune(batch, hidden, dtype, has_bias=has_bias, soc=soc, max_trials=1)
    budget = max(1.03, first.default.profile.traffic_ratio)
    result = tune(batch, hidden, dtype, has_bias=has_bias, soc=soc, max_traffic=budget)
    d, b = result.default, result.best
    return d.time_us, b.time_us, d.time_us / b.time_us - 1.0, d.profile.traffic_ratio, b.profile.traffic_ratio, b.overrides


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max-gap", type=float, default=0.02, help="largest allowed default/best - 1 (0.02: 2%%)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N cases (0: all)")
    parser.add_argument("--largest", type=int, default=0, help="skip shapes with more than this many elements")
    args = parser.parse_args()
    socs = [s.name for s in lcg.socs()]
    selected = cases(socs)
    if args.largest:
        selected = [c for c in selected if c[0][0] * c[0][1] <= args.largest]
    if args.limit:
        selected = selected[:args.limit]
    print("| batch | hidden | dtype | bias | SoC | default us | tune best us | gap | traffic default / best | tune's overrides |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    misses, worst, start = 0, (0.0, None), time.time()
    for case in selected:
        (batch, hidden), dtype, has_bias, soc = case
        default_us, best_us, gap, d_ratio, b_ratio, overrides = compare(*case)
        misses += gap > args.max_gap
        worst = max(worst, (gap, case), key=lambda w: w[0])
        print(f"| {batch} | {hidden} | {dtype} | {'yes' if has_bias else 'no'} | {soc} | {default_us:.2f} | "
              f"{best_us:.2f} | {100 * gap:.1f}% | {d_ratio:.3f} / {b_ratio:.3f} | {overrides} |", flush=True)
    within = len(selected) - misses
    print(f"\n{within} of {len(selected)} cases within {100 * args.max_gap:.0f}% of tune's best "
          f"(worst {100 * worst[0]:.1f}%: {worst[1]}); {time.time() - start:.0f} s; times modeled, not measured")
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
