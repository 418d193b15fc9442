"""Command line: ``python -m lstm_cell_grad {example,check,plan,socs}``.

    example   the reference document's example (n=1, hidden 8, all ones, has_bias), printed
              as the C++ example prints it
    check     random inputs through the op, against the float64 reference; exit 1 past tolerance
    plan      the tiling the op would use for a shape on a SoC
    socs      the SoC table the sim emulates, with sources
"""
from __future__ import annotations

import argparse
import sys
from typing import List, Optional

import numpy as np

from ._api import plan, socs, thnn_fused_lstm_cell_backward
from ._check import compare, random_inputs
from ._reference import reference

EXIT_TOLERANCE = 1   # check: a result past tolerance
EXIT_API_ERROR = 2   # the op, the runtime or an argument was rejected


def cmd_example(_args: argparse.Namespace) -> int:
    batch, hidden = 1, 8
    ones = lambda *shape: np.ones(shape, dtype=np.float32)  # noqa: E731
    grad_gates, grad_cx, grad_bias = thnn_fused_lstm_cell_backward(
        ones(batch, hidden), ones(batch, hidden), ones(batch, hidden), ones(batch, hidden),
        ones(batch, 4 * hidden), has_bias=True)
    # The C++ example's printf("result dgates[%ld] is: %f\n", ...) lines, in its order.
    for label, values in (("dgates", grad_gates), ("db", grad_bias), ("dcPrev", grad_cx)):
        for index, value in enumerate(values.reshape(-1)):
            print(f"result {label}[{index}] is: {float(value):f}")
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    inputs = random_inputs(args.batch, args.hidden, args.dtype, grad_hy=not args.no_grad_hy,
                           grad_c=not args.no_grad_c, seed=args.seed)
    has_bias = not args.no_bias
    results = thnn_fused_lstm_cell_backward(**inputs, has_bias=has_bias, soc=args.soc, num_cores=args.cores)
    expected = reference(**inputs, has_bias=has_bias)
    grads = "+".join(name for name, flag in (("hy", not args.no_grad_hy), ("c", not args.no_grad_c)) if flag)
    print(f"check: batch {args.batch}, hidden {args.hidden}, {args.dtype}, "
          f"{'with bias' if has_bias else 'no bias'}, grads {grads or 'none'}, seed {args.seed}")
    comparisons = [compare("gradGates", results[0], expected[0]), compare("gradCx", results[1], expected[1])]
    if has_bias:
        comparisons.append(compare("gradBias", results[2], expected[2], abs_sum=np.abs(expected[0]).sum(axis=0)))
    for comparison in comparisons:
        print(f"  {comparison}")
    ok = all(c.ok for c in comparisons)
    print("PASS" if ok else "FAIL: results past tolerance")
    return 0 if ok else EXIT_TOLERANCE


def cmd_plan(args: argparse.Namespace) -> int:
    grads = tuple(name for name, flag in (("hy", not args.no_grad_hy), ("c", not args.no_grad_c)) if flag)
    print(plan(args.batch, args.hidden, args.dtype, has_bias=not args.no_bias, grads=grads, soc=args.soc,
               num_cores=args.cores))
    return 0


def cmd_socs(_args: argparse.Namespace) -> int:
    table = socs()
    width = max(len(soc.name) for soc in table)
    for soc in table:
        print(f"{soc.name:<{width}}  {soc.aiv_cores:>3} AIV  UB {soc.ub_bytes // 1024} KiB  "
              f"{soc.clock_ghz:g} GHz  HBM {soc.hbm_gbps:g} GB/s")
        print(f"{'':<{width}}  source: {soc.source}")
    return 0


def _shape_options(parser: argparse.ArgumentParser, batch: int, hidden: int) -> None:
    parser.add_argument("--batch", type=int, default=batch, help=f"B (default {batch})")
    parser.add_argument("--hidden", type=int, default=hidden, help=f"H (default {hidden})")
    parser.add_argument("--dtype", choices=("float32", "float16"), default="float32")
    parser.add_argument("--soc", help="SoC name (see `socs`; default ASCEND_SIM_SOC, else Ascend910B1)")
    parser.add_argument("--cores", type=int, help="cap on the AIV cores (default: all)")
    parser.add_argument("--no-bias", action="store_true", help="has_bias false: no gradBias")
    parser.add_argument("--no-grad-hy", action="store_true", help="grad_hy is None")
    parser.add_argument("--no-grad-c", action="store_true", help="grad_c is None")


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lstm_cell_grad", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("example", help="the reference document's example").set_defaults(func=cmd_example)
    p = sub.add_parser("check", help="random inputs against the float64 reference")
    _shape_options(p, batch=8, hidden=40)
    p.add_argument("--seed", type=int, default=0)
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("plan", help="the tiling for a shape on a SoC")
    _shape_options(p, batch=1024, hidden=512)
    p.set_defaults(func=cmd_plan)
    sub.add_parser("socs", help="the SoC table").set_defaults(func=cmd_socs)
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except ValueError as error:  # AclnnError included: what the op or the runtime rejected
        print(f"error: {error}", file=sys.stderr)
        return EXIT_API_ERROR


if __name__ == "__main__":
    sys.exit(main())
