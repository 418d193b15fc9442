#!/usr/bin/env python3
"""The long fuzz run (not part of CI): many random hostile calls through the Python API.

    python3 -m tests.fuzz.long_run --cases 20000 [--seed S]     (from the repository's root)

Prints the cases run and the failures (Hypothesis stops at the first one and shrinks it to a
minimal example, printed with the error); exits 1 on a failure."""
from __future__ import annotations

import argparse
import pathlib
import sys
import time
import traceback

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "python"))  # the package, as the tests' conftest puts it

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from tests.fuzz.cases import cases, run_case  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=None, help="fixed seed (default: random)")
    args = parser.parse_args()
    ran = [0]

    @settings(max_examples=args.cases, database=None, deadline=None, print_blob=True,
              suppress_health_check=list(HealthCheck))
    @given(cases())
    def fuzz(case):
        ran[0] += 1
        run_case(case)

    if args.seed is not None:
        fuzz = seed(args.seed)(fuzz)
    start = time.time()
    try:
        fuzz()
    except Exception:  # the shrunk failing case, already printed by Hypothesis
        traceback.print_exc()
        print(f"cases run: {ran[0]}, failures: 1 ({time.time() - start:.0f} s)")
        return 1
    print(f"cases run: {ran[0]}, failures: 0 ({time.time() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
