"""Kernels that use the vector API wrongly on purpose: each mistake must be caught with a
message naming the API and the operand, and the next launch must work."""
from __future__ import annotations

import re

import numpy as np
import pytest

from sim.tests.vector_harness import F16, F32, Partly, Poisoned, compile_errors, run_vector

UB_BYTES = 196608
STACK_RESERVE = 64  # PopStackBuffer stops this short of the UB end


def assert_caught(run, kind: str, *words: str) -> None:
    assert not run.ok, "the violation was not reported"
    assert run.result["error_kind"] == kind, run.result["error"]
    for word in words:
        assert word in run.result["error"], f"{word!r} missing from: {run.result['error']}"
    assert run.contents[0] is None


def assert_next_launch_works(simtest) -> None:
    a = np.arange(16, dtype=F32)
    run = run_vector(simtest, "Add", [np.zeros(16, F32), a, a], [(0, 0, F32), (1, 0, F32), (2, 0, F32)], 16)
    assert run.ok, run.result["error"]
    np.testing.assert_array_equal(run.array(0, F32), 2 * a)


@pytest.mark.parametrize("operand,index", [("dst", 0), ("src0", 1), ("src1", 2)])
def test_operand_past_the_end_of_its_tensor(simtest, operand, index):
    lengths = [64, 64, 64]
    lengths[index] = 40  # a Get<float>(40) view: 160 bytes
    ops = [(i, 0, F32, lengths[i]) for i in range(3)]
    run = run_vector(simtest, "Add", [np.zeros(64, F32)] * 3, ops, 50)
    assert_caught(run, "operand-bounds", "Add", f"operand {operand}", "TBuf<VECCALC>", "past its end")
    assert_next_launch_works(simtest)


def test_count_past_an_offset_view(simtest):
    run = run_vector(simtest, "Exp", [np.zeros(64, F32), np.zeros(64, F32)], [(0, 0, F32), (1, 32, F32)], 40)
    assert_caught(run, "operand-bounds", "Exp", "operand src")
    assert_next_launch_works(simtest)


@pytest.mark.parametrize("api,operands,offending", [
    ("Add", [(0, 3, F32), (1, 0, F32), (2, 0, F32)], "dst"),
    ("Add", [(0, 0, F32), (1, 0, F32), (2, 4, F32)], "src1"),
    ("Muls", [(0, 0, F16), (1, 8, F16)], "src"),
    ("Cast", [(0, 0, F32), (1, 1, F16)], "src"),
])
def test_misaligned_operand(simtest, api, operands, offending):
    buffers = [np.zeros(64, op[2]) for op in operands]
    run = run_vector(simtest, api, buffers, operands, 16, scalar=2.0, round_mode=0)
    assert_caught(run, "ub-alignment", api, f"operand {offending}", "not 32-byte aligned")
    # The operand's bytes are named as a non-empty range (once "[12, 12)").
    ranges = re.findall(r"\[(\d+), (\d+)\)", run.result["error"])
    assert ranges and all(int(end) > int(begin) for begin, end in ranges), run.result["error"]
    assert_next_launch_works(simtest)


@pytest.mark.parametrize("dst_offset,src_offset", [(8, 0), (0, 8), (16, 0)])
def test_partial_overlap_names_both_operands(simtest, dst_offset, src_offset):
    buf = np.arange(128, dtype=F32)
    run = run_vector(simtest, "Add", [buf, np.ones(128, F32)],
                     [(0, dst_offset, F32), (0, src_offset, F32), (1, 0, F32)], 64)
    assert_caught(run, "api-misuse", "Add", "dst (", "src0 (", "overlap partially")
    assert_next_launch_works(simtest)


def test_partial_overlap_at_warn_still_computes_from_the_sources_before_the_write(simtest):
    simtest.set_severity("api-misuse", "warn")
    buf = np.arange(128, dtype=F32)
    run = run_vector(simtest, "Adds", [buf], [(0, 8, F32), (0, 0, F32)], 64, scalar=1.0)
    assert run.ok
    assert [w["kind"] for w in run.result["warnings"]] == ["api-misuse"]
    out = run.array(0, F32)
    np.testing.assert_array_equal(out[8:72], buf[:64] + 1)  # a snapshot, not a smear of re-read results


def test_negative_count(simtest):
    a = np.zeros(16, F32)
    run = run_vector(simtest, "Mul", [a, a, a], [(0, 0, F32), (1, 0, F32), (2, 0, F32)], -5)
    assert_caught(run, "api-misuse", "Mul", "count -5")
    assert_next_launch_works(simtest)


@pytest.mark.parametrize("api,dtype,temp_bytes", [("Tanh", F32, 96), ("Tanh", F16, 224), ("Sigmoid", F32, 3)])
def test_activation_temp_too_small(simtest, api, dtype, temp_bytes):
    x = np.zeros(64, dtype)
    run = run_vector(simtest, api, [np.zeros(64, dtype), x, Poisoned(temp_bytes)],
                     [(0, 0, dtype), (1, 0, dtype), (2, 0, np.uint8, temp_bytes)], 64)
    assert_caught(run, "api-misuse", api, "sharedTmpBuffer", f"holds {temp_bytes} bytes")
    assert_next_launch_works(simtest)


def test_tanh_without_temp_when_ub_is_full(simtest):
    x = np.zeros(64, F32)
    filler = UB_BYTES - 2 * 256 - STACK_RESERVE - 96  # leaves 96 bytes of stack: less than one chunk
    run = run_vector(simtest, "Tanh", [np.zeros(64, F32), x, Poisoned(filler)], [(0, 0, F32), (1, 0, F32)], 64,
                     no_temp=True)
    assert_caught(run, "api-misuse", "Tanh", "the UB left after InitBuffer", "holds 96 bytes")
    assert_next_launch_works(simtest)


@pytest.mark.parametrize("api", ["Tanh", "Sigmoid"])
@pytest.mark.parametrize("layout", ["in-place", "dst-overlaps-src", "temp-overlaps-src"])
def test_activation_rejects_any_overlap(simtest, api, layout):
    data = np.linspace(-1, 1, 256).astype(F32)
    if layout == "in-place":
        buffers, ops = [data, Poisoned(1024)], [(0, 0, F32), (0, 0, F32), (1, 0, np.uint8)]
    elif layout == "dst-overlaps-src":
        buffers, ops = [data, Poisoned(1024)], [(0, 64, F32), (0, 0, F32), (1, 0, np.uint8)]
    else:
        buffers, ops = [np.zeros(128, F32), data], [(0, 0, F32), (1, 0, F32), (1, 256, np.uint8)]
    run = run_vector(simtest, api, buffers, ops, 100)
    assert_caught(run, "api-misuse", api, "overlap")
    assert_next_launch_works(simtest)


def test_reduce_sum_of_poisoned_data(simtest):
    defined = np.ones(100, bool)
    defined[77] = False
    run = run_vector(simtest, "ReduceSum", [np.zeros(8, F32), Partly(np.ones(100, F32), defined), np.zeros(8, F32)],
                     [(0, 0, F32), (1, 0, F32), (2, 0, F32)], 100)
    assert_caught(run, "uninitialized-read", "ReduceSum", "operand src", "bytes [308, 312)")
    assert_next_launch_works(simtest)


@pytest.mark.parametrize("api", ["WholeReduceSum", "BlockReduceSum"])
def test_repeat_reductions_of_poisoned_data(simtest, api):
    defined = np.ones(128, bool)
    defined[70] = False  # repeat 1, lane 6
    run = run_vector(simtest, api, [np.zeros(64, F32), Partly(np.ones(128, F32), defined)], [(0, 0, F32), (1, 0, F32)],
                     0, mask=64, repeat_time=2, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert_caught(run, "uninitialized-read", api, "operand src")
    assert_next_launch_works(simtest)


def test_reduce_sum_work_too_small(simtest):
    x = np.ones(1000, F32)  # 16 repeats -> work needs AlignUp(16, 8) = 16 floats
    run = run_vector(simtest, "ReduceSum", [np.zeros(8, F32), x, np.zeros(16, F32)],
                     [(0, 0, F32), (1, 0, F32), (2, 0, F32, 8)], 1000)
    assert_caught(run, "operand-bounds", "ReduceSum", "operand work", "needs 16")
    assert_next_launch_works(simtest)


@pytest.mark.parametrize("options,words", [
    (dict(mask=65, repeat_time=1), ["mask 65"]),
    (dict(mask=64, repeat_time=256), ["repeatTime 256"]),
    (dict(mask=64, repeat_time=1, src_rep_stride=-1), ["srcRepStride -1"]),
    (dict(bit_mask=[0, 0], repeat_time=1), ["bit mask selects no element"]),
])
def test_reduction_argument_ranges(simtest, options, words):
    run = run_vector(simtest, "WholeReduceSum", [np.zeros(64, F32), np.ones(64, F32)], [(0, 0, F32), (1, 0, F32)], 0,
                     **{"dst_rep_stride": 1, "src_blk_stride": 1, **options})
    assert_caught(run, "api-misuse", "WholeReduceSum", *words)
    assert_next_launch_works(simtest)


def test_block_reduce_sum_dst_alignment(simtest):
    run = run_vector(simtest, "BlockReduceSum", [np.zeros(64, F32), np.ones(64, F32)], [(0, 4, F32), (1, 0, F32)], 0,
                     mask=64, repeat_time=1, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)
    assert_caught(run, "ub-alignment", "BlockReduceSum", "operand dst", "32-byte aligned")
    assert_next_launch_works(simtest)


def test_unsupported_types_do_not_compile(tmp_path):
    """Type pairs A2/A3 lack are compile errors that name the API (static_assert)."""
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<int32_t> i, LocalTensor<half> h, LocalTensor<int16_t> s, LocalTensor<bfloat16_t> b) {
    Cast(s, i, RoundMode::CAST_NONE, 16);
    Exp(i, i, 16);
    Div(s, s, s, 16);
    Add(b, b, b, 16);
    WholeReduceSum(i, i, 64, 1, 1, 1, 8);
}
""")
    for message in ("Cast: Atlas A2/A3 has no conversion", "Exp: element type must be half or float",
                    "Div: element type must be half or float", "Add: element type must be int16_t, half",
                    "WholeReduceSum: element type must be half or float"):
        assert message in stderr, f"{message!r} missing from the compiler's errors"


def test_sigmoid_temp_that_misaligns_the_next_chunk(simtest):
    """Sigmoid's chunk is tmpBytes / sizeof(T), not rounded: a 100-byte temp gives 25-float chunks."""
    x = np.zeros(64, F32)
    run = run_vector(simtest, "Sigmoid", [np.zeros(64, F32), x, Poisoned(128)],
                     [(0, 0, F32), (1, 0, F32), (2, 0, np.uint8, 100)], 64)
    assert_caught(run, "ub-alignment", "Sigmoid (Muls -1 step)", "not 32-byte aligned")
    assert_next_launch_works(simtest)
