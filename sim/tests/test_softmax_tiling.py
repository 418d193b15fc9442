"""SoftMax's host tiling (tiling/softmax_tiling.h): SoftMaxTilingFunc, GetSoftMaxMax/MinTmpSize and
IsBasicBlockInSoftMax against the A2/A3 formulas of asc-devkit
impl/adv_api/tiling/activation/softmax_tiling.cpp, restated here in Python; and the SoftMaxTiling
tiling-data class used as a nested struct of an op's own tiling data, host and kernel side."""
from __future__ import annotations

import pathlib
import shutil
import subprocess

import pytest

FIELDS = ["srcM", "srcK", "srcSize", "outMaxM", "outMaxK", "outMaxSize", "splitM", "splitK", "splitSize", "reduceM",
          "reduceK", "reduceSize", "rangeM", "tailM", "tailSplitSize", "tailReduceSize"]


def reference(shape, type_size, work_space):
    k = shape[-1]
    m = 1
    for d in shape[:-1]:
        m *= d
    b = 32 // type_size
    row = b + k + 64
    base = min(work_space // 4 // row, m)
    if m > base > 8:
        base = base // 8 * 8
    if base > 8 and m % 8 == 0 and k % 64 == 0:
        base = base // 8 * 8
        while m % base:
            base -= 8
        while base * k >= 64 * 256:
            base //= 2
    tail = m % base if base else 0
    return dict(srcM=m, srcK=k, srcSize=m * k, outMaxM=m, outMaxK=b, outMaxSize=m * b, splitM=base, splitK=k,
                splitSize=base * k, reduceM=base, reduceK=b, reduceSize=base * b, rangeM=m // base if base else 0,
                tailM=tail, tailSplitSize=tail * k, tailReduceSize=tail * b), m * row * 4, row * 4


@pytest.mark.parametrize("shape,type_size,work_space", [
    ([4, 64], 4, 1 << 16),          # everything fits: one split
    ([100, 80], 2, 16 * 1024),      # rows of 80 halves: baseM limited by the work space, tail rows
    ([64, 256], 4, 96 * 1024),      # basic block: baseM a divisor of M, halved below 64 * 256 elements
    ([2, 3, 40, 128], 2, 8 * 1024),
    ([7, 8], 4, 128),               # less than one row of work space: baseM 0
])
def test_tiling_matches_the_formulas(simtest, shape, type_size, work_space):
    got = simtest.softmax_tiling(shape, type_size, work_space)
    fields, max_size, min_size = reference(shape, type_size, work_space)
    assert got["fields"] == fields
    assert got["plain"] == fields
    assert got["bytes"] == 16 * 4
    assert (got["max"], got["min"]) == (max_size, min_size)
    k, tail = fields["srcK"], fields["tailM"]
    basic = tail == 0 and 256 // type_size <= k < 2048 and k % 64 == 0
    assert got["basic_block"] == basic and got["basic_block_plain"] == basic


def test_bad_arguments_compute_nothing(simtest, capfd):
    got = simtest.softmax_tiling([0, 64], 4, 4096)
    assert got["max"] == 0 and got["min"] == 0 and all(v == 0 for v in got["fields"].values())
    got = simtest.softmax_tiling([4, 64], 8, 4096)
    assert got["max"] == 0 and all(v == 0 for v in got["fields"].values())
    got = simtest.softmax_tiling([4, 64], 4, 0)
    assert all(v == 0 for v in got["fields"].values())
    err = capfd.readouterr().err
    assert "srcShape must have at least one element" in err and "dataTypeSize 8 is not 2 (half) or 4 (float)" in err
    assert "localWorkSpaceSize must be greater than 0" in err


def test_unaligned_last_axis_is_reported_and_computed(simtest, capfd):
    got = simtest.softmax_tiling([4, 10], 2, 4096)  # 20 bytes per row
    assert got["fields"]["srcK"] == 10
    assert "last axis of srcShape (10 elements of 2 bytes) is not 32-byte aligned" in capfd.readouterr().err


def test_nested_in_an_op_tiling_struct_host_and_kernel(tmp_path):
    """TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, ...) compiles as C++11 on the host side and as the
    plain struct (64 bytes at an 8-aligned offset) on the kernel side."""
    compiler = shutil.which("g++")
    if compiler is None:
        pytest.skip("no g++")
    include = pathlib.Path(__file__).resolve().parents[1] / "include"
    source = tmp_path / "op_tiling.cpp"
    source.write_text("""
#include "register/tilingdata_base.h"
#include "tiling/tiling_api.h"
namespace optiling {
BEGIN_TILING_DATA_DEF(MySoftmaxTilingData)
TILING_DATA_FIELD_DEF(uint32_t, totalLength);
TILING_DATA_FIELD_DEF_STRUCT(SoftMaxTiling, softmaxTilingData);
END_TILING_DATA_DEF;
}
#ifdef ASCENDC_SIM_KERNEL_TILING
static_assert(sizeof(optiling::MySoftmaxTilingData) == 72, "uint32 + pad + 64-byte nested struct");
int main() { optiling::MySoftmaxTilingData t; return static_cast<int>(t.softmaxTilingData.srcK); }
#else
void Fill(optiling::MySoftmaxTilingData& t) {
    AscendC::SoftMaxTilingFunc(ge::Shape({8, 64}), 4, 8192, t.softmaxTilingData);
}
#endif
""")
    for flags in (["-std=c++11", "-pedantic-errors"], ["-std=c++17", "-DASCENDC_SIM_KERNEL_TILING"]):
        result = subprocess.run([compiler, *flags, "-fsyntax-only", f"-I{include}", str(source)],
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, (flags, result.stderr)
