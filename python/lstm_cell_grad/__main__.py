"""Command line: ``python -m lstm_cell_grad {example,check,plan,socs,profile,tune,bench}``.

    example   the reference document's example (n=1, hidden 8, all ones, has_bias), printed
              as the C++ example prints it
    check     random inputs through the op, against the float64 reference; exit 1 past tolerance
    plan      the tiling the op would use for a shape on a SoC
    socs      the SoC table the sim emulates, with sources
    profile   one call's MODELED profile (time, pipes, waits, roofline); --trace, --plot
    tune      sweep the tiling's free choices on the model; the best plan beside the default
    bench     the standard shapes on the model: a Markdown table (and --plot PNG), modeled;
              --sim: the sim's measured wall time per call against numpy and torch, side by side
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import List, Optional

import numpy as np

from ._api import thnn_fused_lstm_cell_backward
from ._plan import plan
from ._socs import socs
from ._check import compare_outputs
from ._contract import random_inputs
from ._validate import INT64_MAX, UINT32_MAX

EXIT_TOLERANCE = 1   # check: a result past tolerance
EXIT_FAILURE = 1     # what the command needed failed: a file not writable, memory
EXIT_API_ERROR = 2   # the op, the runtime or an argument was rejected (argparse's usage status too)


def _int_in(low: int, high: int):
    """An argparse type: an int in [low, high] (the C type the option ends in), else a
    usage error naming the option."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected an int, got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be in [{low}, {high}], got {value}")
        return value
    parse.__name__ = "int"
    return parse


def _soc_name(text: str) -> str:
    """An argparse type: a SoC the sim knows."""
    known = [soc.name for soc in socs()]
    if text not in known:
        raise argparse.ArgumentTypeError(f"unknown SoC {text!r} (known: {', '.join(known)})")
    return text


_SIZE = _int_in(0, INT64_MAX)       # batch, hidden: int64_t
_COUNT = _int_in(1, INT64_MAX)      # trials, rounds
_CORES = _int_in(1, UINT32_MAX)     # the binding's uint32_t core cap
_SEED = _int_in(0, INT64_MAX)       # numpy's default_rng takes non-negative seeds
_OVERRIDE = _int_in(1, UINT32_MAX)  # the tiling overrides' uint32_t


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
    grads_used = tuple(name for name, flag in (("hy", not args.no_grad_hy), ("c", not args.no_grad_c)) if flag)
    grads = "+".join(grads_used)
    print(f"check: batch {args.batch}, hidden {args.hidden}, {args.dtype}, "
          f"{'with bias' if has_bias else 'no bias'}, grads {grads or 'none'}, seed {args.seed}")
    # Bad elements are located in the op's terms: (row, column, gate) and the core's tile under the plan.
    the_plan = plan(args.batch, args.hidden, args.dtype, has_bias=has_bias, grads=grads_used, soc=args.soc,
                    num_cores=args.cores)
    comparisons = compare_outputs(results, tuple(inputs.values()), has_bias, plan=the_plan)
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


def _overrides(args: argparse.Namespace):
    from ._plan import TilingOverrides
    return TilingOverrides(grid_rows=args.grid_rows, grid_cols=args.grid_cols, tile_rows=args.tile_rows,
                           tile_cols=args.tile_cols, bias_chunk_rows=args.bias_chunk_rows,
                           buffer_num=args.buffer_num)


def cmd_profile(args: argparse.Namespace) -> int:
    from ._profile import profile
    inputs = random_inputs(args.batch, args.hidden, args.dtype, grad_hy=not args.no_grad_hy,
                           grad_c=not args.no_grad_c, seed=args.seed)
    _, prof = profile(**inputs, has_bias=not args.no_bias, soc=args.soc, num_cores=args.cores,
                      tiling=_overrides(args), trace=bool(args.trace), trace_all_cores=args.trace_all_cores,
                      top_lines=args.top_lines)
    print(prof)
    if args.trace:
        prof.to_chrome_trace(args.trace)
        print(f"trace (modeled): {args.trace} (open in https://ui.perfetto.dev)")
    if args.lines:
        instr_path = (args.lines[:-4] if args.lines.endswith(".csv") else args.lines) + ".instr.csv"
        with open(args.lines, "w", encoding="utf-8") as out:
            out.write(prof.lines_csv)
        with open(instr_path, "w", encoding="utf-8") as out:
            out.write(prof.instructions_csv)
        print(f"line tables (modeled): {args.lines}, {instr_path}")
    if args.plot:
        prof.plot(args.plot)
        print(f"plot (modeled): {args.plot}")
    return 0


def cmd_tune(args: argparse.Namespace) -> int:
    from ._bench_model import progress_bar
    from ._tune import tune
    grads = tuple(name for name, flag in (("hy", not args.no_grad_hy), ("c", not args.no_grad_c)) if flag)
    bar = progress_bar()
    result = tune(args.batch, args.hidden, args.dtype, has_bias=not args.no_bias, grads=grads, soc=args.soc,
                  num_cores=args.cores, max_trials=args.max_trials, max_traffic=args.max_traffic,
                  progress=lambda done, label: bar(done, args.max_trials, label))
    sys.stderr.write("\n")
    print(result)
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.sim:
        from ._bench import run_sim_bench
        run_sim_bench(rounds=args.rounds, soc=args.soc, num_cores=args.cores, out_file=args.out)
        return 0
    return cmd_bench_model(args)


def cmd_bench_model(args: argparse.Namespace) -> int:
    from ._bench_model import STANDARD_SHAPES, markdown_table, progress_bar, run_model_bench
    rows = run_model_bench(STANDARD_SHAPES, soc=args.soc, num_cores=args.cores, progress=progress_bar())
    table = markdown_table(rows)
    print(table)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            out.write(table + "\n")
    if args.plot:
        from ._plots import plot_bench
        plot_bench(rows, args.plot)
        print(f"plot (modeled): {args.plot}")
    return 0


def _override_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("tiling overrides (validated by the op's tiling)")
    group.add_argument("--grid-rows", type=_OVERRIDE, help="cores along the batch")
    group.add_argument("--grid-cols", type=_OVERRIDE, help="cores along the hidden size")
    group.add_argument("--tile-rows", type=_OVERRIDE, help="rows per tile")
    group.add_argument("--tile-cols", type=_OVERRIDE, help="columns per tile (a multiple of one 32-byte block)")
    group.add_argument("--bias-chunk-rows", type=_OVERRIDE, help="rows per partial gradBias sum")
    group.add_argument("--buffer-num", type=_OVERRIDE, help="copy-queue depth (1 or 2)")


def _shape_options(parser: argparse.ArgumentParser, batch: int, hidden: int) -> None:
    parser.add_argument("--batch", type=_SIZE, default=batch, help=f"B (default {batch})")
    parser.add_argument("--hidden", type=_SIZE, default=hidden, help=f"H (default {hidden})")
    parser.add_argument("--dtype", choices=("float32", "float16", "bfloat16"), default="float32")
    parser.add_argument("--soc", type=_soc_name,
                        help="SoC name (see `socs`; default ASCEND_SIM_SOC, else Ascend910B1)")
    parser.add_argument("--cores", type=_CORES, help="cap on the AIV cores (default: all)")
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
    p.add_argument("--seed", type=_SEED, default=0)
    p.set_defaults(func=cmd_check)
    p = sub.add_parser("plan", help="the tiling for a shape on a SoC")
    _shape_options(p, batch=1024, hidden=512)
    p.set_defaults(func=cmd_plan)
    sub.add_parser("socs", help="the SoC table").set_defaults(func=cmd_socs)
    p = sub.add_parser("profile", help="one call's modeled profile")
    _shape_options(p, batch=1024, hidden=4096)
    p.add_argument("--seed", type=_SEED, default=0)
    p.add_argument("--trace", metavar="FILE", help="write a Chrome trace-event JSON (Perfetto)")
    p.add_argument("--trace-all-cores", action="store_true",
                   help="--trace: every core in full (default: the busiest core in full, the others merged)")
    p.add_argument("--lines", metavar="FILE",
                   help="write the code-line table (CSV, msprof's code_exe fields) and FILE's .instr.csv")
    p.add_argument("--top-lines", type=_COUNT, default=10, metavar="N", help="source lines printed (default 10)")
    p.add_argument("--plot", metavar="FILE", help="write a PNG: the plan by core, per-core pipe use")
    _override_options(p)
    p.set_defaults(func=cmd_profile)
    p = sub.add_parser("tune", help="sweep the tiling's free choices on the model")
    _shape_options(p, batch=1024, hidden=4096)
    p.add_argument("--max-trials", type=_COUNT, default=80, help="most plans to run (default 80)")
    p.add_argument("--max-traffic", type=float, metavar="RATIO",
                   help="best plan's GM traffic at most RATIO x the minimum (default: any; the default "
                        "plan keeps within 1.03)")
    p.set_defaults(func=cmd_tune)
    p = sub.add_parser("bench", help="the standard shapes on the model (modeled)")
    p.add_argument("--soc", type=_soc_name, help="SoC name (see `socs`)")
    p.add_argument("--cores", type=_CORES, help="cap on the AIV cores (default: all)")
    p.add_argument("--out", metavar="FILE", help="also write the Markdown table here")
    p.add_argument("--plot", metavar="FILE", help="write a PNG of modeled time against the floor")
    p.add_argument("--sim", action="store_true",
                   help="measure instead: the sim's wall time per call against numpy and torch (CPU)")
    p.add_argument("--rounds", type=_COUNT, default=15, help="--sim: timed rounds per shape (default 15)")
    p.set_defaults(func=cmd_bench)
    args = parser.parse_args(argv)  # a bad option: argparse's usage message, exit 2
    try:
        status = args.func(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the handler below
        return status
    except BrokenPipeError:
        # The reader (`| head`) went away: stop quietly. Python's documented idiom: point
        # stdout at devnull so the interpreter's own flush at exit does not raise again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FAILURE
    except (ValueError, TypeError, RuntimeError) as error:  # AclnnError included: what the op, the runtime or the build lacks
        print(f"{parser.prog} {args.command}: error: {error}", file=sys.stderr)
        return EXIT_API_ERROR
    except OSError as error:  # --trace, --plot, --out: a file that cannot be written
        where = f": {error.filename}" if error.filename else ""
        print(f"{parser.prog} {args.command}: error: {error.strerror or error}{where}", file=sys.stderr)
        return EXIT_FAILURE
    except MemoryError as error:  # numpy's _ArrayMemoryError names the size it could not allocate
        print(f"{parser.prog} {args.command}: error: not enough memory for batch {getattr(args, 'batch', '?')}, "
              f"hidden {getattr(args, 'hidden', '?')}: {error}", file=sys.stderr)
        return EXIT_FAILURE


if __name__ == "__main__":
    sys.exit(main())
