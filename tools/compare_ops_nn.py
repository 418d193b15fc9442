#!/usr/bin/env python3
"""Our kernel beside CANN ops-nn's ThnnFusedLstmCellGrad kernel, both on the sim's
performance model, same shapes, same SoC: modeled times and their ratio.

ops-nn's license does not let this project carry its code, so bring your own checkout:

    git clone https://gitcode.com/cann/ops-nn        # or github.com/hicann/ops-nn
    python3 build.py build
    python3 tools/compare_ops_nn.py --ops-nn ops-nn [--soc Ascend910B1] [--shape 1024x4096:float16 ...]

What it does: compiles ops-nn's `rnn/thnn_fused_lstm_cell_grad/op_kernel/
thnn_fused_lstm_cell_grad.h` unchanged against the sim (with empty stand-ins for the two
CANN-internal headers it includes), with a driver written here: its tiling data struct (the
fields the kernel reads) filled by this tool's own implementation of ops-nn's host tiling
rules (rows first over all AIV cores, 18 fp32 UB buffers, bias reduce strips of at most
128 columns; see `opsnn_tiling` below), launched through ICPU_RUN_KF on every AIV core.
Both kernels get the same random inputs; the reference kernel's results are checked against
the float64 formulas under this project's contract (so the comparison is of a kernel that
works, and any output past our tolerance is named with its count and worst relative error),
then both launches' modeled profiles (ASCEND_SIM_PROFILE) are compared: task time (launch
included) and aiv_time (the cores' own time). Every time printed is MODELED.
"""
from __future__ import annotations

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
from typing import Dict, List, Optional, Tuple

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))

import lstm_cell_grad as lcg  # noqa: E402
from lstm_cell_grad import compare_outputs, random_inputs  # noqa: E402

KERNEL_PATH = "rnn/thnn_fused_lstm_cell_grad/op_kernel/thnn_fused_lstm_cell_grad.h"
DEFAULT_SHAPES = ("64x1024:float32", "64x1024:float16", "1024x1024:float32", "1024x4096:float16",
                  "1024x4096:float32", "2048x2048:float32", "2048x2048:float16")

# The driver: a tiling-data struct with the fields the reference kernel reads, an entry per
# dtype, and a main that loads inputs from files, launches on every AIV core and writes the
# outputs. The tiling values come from the command line (computed by opsnn_tiling below).
DRIVER = r"""
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include "tikicpulib.h"

struct ThnnFusedLstmCellGradTilingData {
#define LCG_FIELDS(X) X(batch) X(hiddenSize) X(isBias) X(ubSize) X(baseM) X(baseN) X(mCnt) X(nCnt) \
    X(singleCoreM) X(singleCoreMTail) X(singleCoreN) X(singleCoreNTail) X(baseReduceN) X(maxReduceNumOnce) \
    X(nReduceCnt) X(singleCoreReduceN) X(singleCoreReduceNTail) X(reduceBlockSize)
#define LCG_DECLARE(name) int64_t name;
    LCG_FIELDS(LCG_DECLARE)
};

#include "thnn_fused_lstm_cell_grad.h"

template <typename T>
__aicore__ inline void RunReference(GM_ADDR dhy, GM_ADDR dc, GM_ADDR cx, GM_ADDR cy, GM_ADDR storage,
                                    GM_ADDR dgates, GM_ADDR dcPrev, GM_ADDR db, GM_ADDR workspace, GM_ADDR tiling) {
    TPipe pipe;
    ThnnFusedLstmCellGrad<T> op;
    op.Init(dhy, dc, cx, cy, storage, dgates, dcPrev, db,
            reinterpret_cast<const ThnnFusedLstmCellGradTilingData*>(tiling), workspace, &pipe);
    op.Process();
}

extern "C" __global__ __aicore__ void opsnn_lstm_grad_fp32(GM_ADDR dhy, GM_ADDR dc, GM_ADDR cx, GM_ADDR cy,
        GM_ADDR storage, GM_ADDR dgates, GM_ADDR dcPrev, GM_ADDR db, GM_ADDR workspace, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    RunReference<float>(dhy, dc, cx, cy, storage, dgates, dcPrev, db, workspace, tiling);
}
extern "C" __global__ __aicore__ void opsnn_lstm_grad_fp16(GM_ADDR dhy, GM_ADDR dc, GM_ADDR cx, GM_ADDR cy,
        GM_ADDR storage, GM_ADDR dgates, GM_ADDR dcPrev, GM_ADDR db, GM_ADDR workspace, GM_ADDR tiling) {
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    RunReference<half>(dhy, dc, cx, cy, storage, dgates, dcPrev, db, workspace, tiling);
}

static uint8_t* Load(const std::string& path, size_t bytes) {
    uint8_t* buffer = static_cast<uint8_t*>(AscendC::GmAlloc(bytes ? bytes : 32));
    FILE* f = std::fopen(path.c_str(), "rb");
    if (!f || std::fread(buffer, 1, bytes, f) != bytes) { std::fprintf(stderr, "cannot read %s\n", path.c_str()); std::exit(2); }
    std::fclose(f);
    return buffer;
}
static void Save(const std::string& path, const uint8_t* data, size_t bytes) {
    FILE* f = std::fopen(path.c_str(), "wb");
    std::fwrite(data, 1, bytes, f);
    std::fclose(f);
}

// argv: dir elemBytes blockDim workspaceBytes then the tiling fields in LCG_FIELDS order.
int main(int argc, char** argv) {
    const std::string dir = argv[1];
    const size_t s = std::strtoull(argv[2], nullptr, 10);
    const uint32_t blockDim = std::strtoul(argv[3], nullptr, 10);
    const size_t workspaceBytes = std::strtoull(argv[4], nullptr, 10);
    ThnnFusedLstmCellGradTilingData t{};
    int next = 5;
#define LCG_PARSE(name) t.name = std::strtoll(argv[next++], nullptr, 10);
    LCG_FIELDS(LCG_PARSE)
    if (next != argc) { std::fprintf(stderr, "expected %d arguments, got %d\n", next, argc); return 2; }
    const size_t n = static_cast<size_t>(t.batch) * t.hiddenSize * s;
    uint8_t* dhy = Load(dir + "/grad_hy.bin", n);
    uint8_t* dc = Load(dir + "/grad_c.bin", n);
    uint8_t* cx = Load(dir + "/cx.bin", n);
    uint8_t* cy = Load(dir + "/cy.bin", n);
    uint8_t* storage = Load(dir + "/storage.bin", 4 * n);
    uint8_t* dgates = static_cast<uint8_t*>(AscendC::GmAlloc(4 * n));
    uint8_t* dcPrev = static_cast<uint8_t*>(AscendC::GmAlloc(n));
    uint8_t* db = static_cast<uint8_t*>(AscendC::GmAlloc(4 * t.hiddenSize * s));
    uint8_t* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(workspaceBytes ? workspaceBytes : 32));
    uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(t)));
    std::memcpy(tiling, &t, sizeof(t));
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    if (s == 4) {
        ICPU_RUN_KF(opsnn_lstm_grad_fp32, blockDim, dhy, dc, cx, cy, storage, dgates, dcPrev, db, workspace, tiling);
    } else {
        ICPU_RUN_KF(opsnn_lstm_grad_fp16, blockDim, dhy, dc, cx, cy, storage, dgates, dcPrev, db, workspace, tiling);
    }
    Save(dir + "/grad_gates.bin", dgates, 4 * n);
    Save(dir + "/grad_cx.bin", dcPrev, n);
    Save(dir + "/grad_bias.bin", db, 4 * t.hiddenSize * s);
    return 0;
}
"""


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def opsnn_tiling(batch: int, hidden: int, dtype_bytes: int, has_bias: bool, cores: int,
                 ub_bytes: int) -> Tuple[Dict[str, int], int]:
    """ops-nn's host tiling rules for this kernel (its op_host thnn_fused_lstm_cell_grad_tiling.cpp,
    re-checked rule by rule on 2026-12-01): returns the tiling fields and the workspace bytes.
    Rows first: ceil(B / cores) rows per core; columns are split only when the batch is
    smaller than the core count. A tile is at most (UB - 1 KiB) / 18 fp32 elements. The
    workspace is the kernel's own part: ops-nn's host adds the library's system workspace,
    but its kernel entry passes the pointer on unchanged and the kernel addresses its fp32
    gradGates copy and partial sums from offset 0, which is all this driver allocates."""
    align = 32 // dtype_bytes
    size_limit = (ub_bytes - 1024) // 18 // 4 // align * align
    single_m = ceil_div(batch, cores)
    m_cnt = ceil_div(batch, single_m)
    n_cnt = ceil_div(cores, m_cnt) if batch < cores else 1
    single_n = ceil_div(ceil_div(hidden, n_cnt), align) * align
    n_cnt = ceil_div(hidden, single_n)
    base_n = min(single_n, size_limit)
    base_m = max(1, size_limit // base_n)
    width = 4 * hidden
    base_reduce_n = min(128, ceil_div(ceil_div(width, cores), align) * align)
    max_reduce = (ub_bytes - 1024) // 4 // base_reduce_n
    strips_per_core = ceil_div(ceil_div(width, base_reduce_n), cores)
    single_reduce_n = strips_per_core * base_reduce_n
    n_reduce_cnt = ceil_div(width, single_reduce_n)
    fields = {
        "batch": batch, "hiddenSize": hidden, "isBias": int(has_bias), "ubSize": ub_bytes,
        "baseM": base_m, "baseN": base_n, "mCnt": m_cnt, "nCnt": n_cnt, "singleCoreM": single_m,
        "singleCoreMTail": batch - (m_cnt - 1) * single_m, "singleCoreN": single_n,
        "singleCoreNTail": hidden - (n_cnt - 1) * single_n, "baseReduceN": base_reduce_n,
        "maxReduceNumOnce": max_reduce, "nReduceCnt": n_reduce_cnt, "singleCoreReduceN": single_reduce_n,
        "singleCoreReduceNTail": width - (n_reduce_cnt - 1) * single_reduce_n, "reduceBlockSize": batch,
    }
    workspace = 0
    if has_bias and dtype_bytes != 4:
        workspace += width * 4 * batch                        # fp32 copy of gradGates
    if has_bias and batch > max_reduce:
        workspace += width * 4 * ceil_div(batch, max_reduce)  # partial sums between reduce levels
    return fields, workspace


FIELD_ORDER = ("batch", "hiddenSize", "isBias", "ubSize", "baseM", "baseN", "mCnt", "nCnt", "singleCoreM",
               "singleCoreMTail", "singleCoreN", "singleCoreNTail", "baseReduceN", "maxReduceNumOnce",
               "nReduceCnt", "singleCoreReduceN", "singleCoreReduceNTail", "reduceBlockSize")


def build_driver(ops_nn: pathlib.Path, work: pathlib.Path) -> pathlib.Path:
    kernel = ops_nn / KERNEL_PATH
    if not kernel.is_file():
        kernel = ops_nn / pathlib.Path(KERNEL_PATH).name  # a directory holding the header itself
    if not kernel.is_file():
        raise SystemExit(f"--ops-nn: {ops_nn} has no {KERNEL_PATH}")
    shims = work / "shims"
    for header in ("kernel_tiling/kernel_tiling.h", "impl/dav_c220/kernel_operator_reg_others_impl.h"):
        (shims / header).parent.mkdir(parents=True, exist_ok=True)
        (shims / header).write_text("// empty stand-in: the sim's kernel_operator.h declares what is used\n")
    source = work / "opsnn_driver.cpp"
    source.write_text(DRIVER)
    binary = work / "opsnn_driver"
    flags = subprocess.run([sys.executable, str(ROOT / "build.py"), "flags"], check=True, capture_output=True,
                           text=True).stdout.split()
    command = ["g++", "-O2", "-w", f"-I{shims}", f"-I{kernel.parent}", str(source), *flags, "-o", str(binary)]
    print("compiling the ops-nn kernel against the sim ...", file=sys.stderr)
    subprocess.run(command, check=True)
    return binary


def last_json_line(path: pathlib.Path) -> dict:
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    return json.loads(lines[-1])


def run_reference(binary: pathlib.Path, work: pathlib.Path, inputs: Dict[str, np.ndarray], has_bias: bool,
                  soc: str) -> Tuple[dict, Tuple[np.ndarray, np.ndarray, np.ndarray]]:
    cx = inputs["cx"]
    batch, hidden = cx.shape
    s = cx.dtype.itemsize
    info = next(x for x in lcg.socs() if x.name == soc)
    fields, workspace = opsnn_tiling(batch, hidden, s, has_bias, info.aiv_cores, info.ub_reported_bytes)
    data = work / "data"
    data.mkdir(exist_ok=True)
    for name, value in inputs.items():
        value.tofile(data / f"{name}.bin")
    profile_file = work / "opsnn_profile.jsonl"
    # ops-nn declares storage as B*H elements (a quarter of it) in SetGlobalBuffer and reads all
    # of it: the sim reports that as a warning here, not an error, so the comparison can run.
    env = dict(os.environ, ASCEND_SIM_PROFILE=str(profile_file), ASCEND_SIM_SOC=soc,
               ASCEND_SIM_CHECKS="gm-declared-size=warn")
    args = [str(binary), str(data), str(s), str(info.aiv_cores), str(workspace)]
    args += [str(fields[name]) for name in FIELD_ORDER]
    subprocess.run(args, check=True, env=env)
    out = (np.fromfile(data / "grad_gates.bin", cx.dtype).reshape(batch, 4 * hidden),
           np.fromfile(data / "grad_cx.bin", cx.dtype).reshape(batch, hidden),
           np.fromfile(data / "grad_bias.bin", cx.dtype))
    return last_json_line(profile_file), out


def results_verdict(checks) -> str:
    """The reference kernel's outputs against our contract in a table cell: each output past
    the tolerance with how many elements and its worst error relative to the terms' magnitude."""
    failed = [c for c in checks if not c.ok]
    if not failed:
        return "within our tolerance"
    return "; ".join(f"{c.name}: {c.failures:,} of {c.elements:,} past our tolerance (max rel {c.max_rel:.1e})"
                     for c in failed)


def parse_shape(text: str) -> Tuple[int, int, str]:
    dims, _, dtype = text.partition(":")
    batch, hidden = (int(v) for v in dims.lower().split("x"))
    return batch, hidden, dtype or "float32"


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ops-nn", required=True, type=pathlib.Path, help="an ops-nn checkout (or the header's directory)")
    parser.add_argument("--soc", default="Ascend910B1")
    parser.add_argument("--shape", action="append", help="BxH:dtype (repeatable; default: a standard set)")
    parser.add_argument("--no-bias", action="store_true")
    args = parser.parse_args(argv)
    has_bias = not args.no_bias
    shapes = [parse_shape(s) for s in (args.shape or DEFAULT_SHAPES)]
    rows = []
    with tempfile.TemporaryDirectory(prefix="compare_ops_nn_") as tmp:
        work = pathlib.Path(tmp)
        binary = build_driver(args.ops_nn.resolve(), work)
        for batch, hidden, dtype in shapes:
            inputs = random_inputs(batch, hidden, dtype, seed=1)
            theirs, results = run_reference(binary, work, inputs, has_bias, args.soc)
            checks = compare_outputs(results, tuple(inputs.values()), has_bias)
            _, ours = lcg.profile(**inputs, has_bias=has_bias, soc=args.soc)
            rows.append((batch, hidden, dtype, ours, theirs, checks))
            print(f"  {batch} x {hidden} {dtype}: ours {ours.task_duration_us:.2f} us, ops-nn "
                  f"{theirs['task_duration_us']:.2f} us (modeled)", file=sys.stderr)
    print(f"Modeled on {args.soc} ({'with' if has_bias else 'no'} bias): the sim's performance model, "
          "not an NPU measurement; task time includes the modeled launch, aiv_time is the cores' own time.\n")
    print("| shape (B x H) | dtype | ours task us | ops-nn task us | ops-nn / ours (task) | ours aiv_time us | "
          "ops-nn aiv_time us | ops-nn / ours (aiv_time) | ours GM bytes | ops-nn GM bytes | ops-nn results |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for batch, hidden, dtype, ours, theirs, checks in rows:
        their_bytes = theirs["gm_read_bytes"] + theirs["gm_write_bytes"]
        print(f"| {batch} x {hidden} | {dtype} | {ours.task_duration_us:.2f} | {theirs['task_duration_us']:.2f} | "
              f"{theirs['task_duration_us'] / ours.task_duration_us:.2f}x | {ours.aiv_time_us:.2f} | "
              f"{theirs['aiv_time_us']:.2f} | {theirs['aiv_time_us'] / ours.aiv_time_us:.2f}x | "
              f"{ours.gm_bytes:,} | {their_bytes:,} | {results_verdict(checks)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
