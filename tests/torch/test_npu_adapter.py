"""framework/torch_npu, the NPU adapter. Nothing here has torch_npu or an NPU, so it cannot run as
such. Tested: its build refuses clearly without torch_npu; every file says it is untested;
and (slow: compiles against PyTorch) its sources built with PyTorch's CPU build, the two
torch_npu headers replaced by stand-ins, its device-independent code run against the sim
(library search, at::Tensor -> aclTensor with views, both phases, aten's semantics, the ATen
fallback) and its PrivateUse1 registrations checked against both schemas."""
import importlib.util
import os
import pathlib
import subprocess
import sys

import pytest

torch = pytest.importorskip("torch")

from tests.oracles import assert_matches_formulas, torch_inputs  # noqa: E402

from tests.build_support import BUILD, ROOT  # noqa: E402
NPU_ADAPTER = ROOT / "framework" / "torch_npu"
HARNESS = pathlib.Path(__file__).resolve().parent / "npu_adapter" / "harness_main.py"


@pytest.mark.skipif(importlib.util.find_spec("torch_npu") is not None, reason="torch_npu is installed here")
def test_setup_fails_clearly_without_torch_npu(tmp_path):
    result = subprocess.run([sys.executable, str(NPU_ADAPTER / "setup.py"), "build_ext"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "torch_npu is not importable (No module named 'torch_npu')" in result.stderr
    assert "lstm_cell_grad.torch (pip install .[torch]" in result.stderr  # what to use instead
    assert list(tmp_path.iterdir()) == []  # nothing was built


def test_every_file_says_it_is_untested():
    files = [*sorted((NPU_ADAPTER / "csrc").iterdir()), NPU_ADAPTER / "setup.py",
             NPU_ADAPTER / "lstm_cell_grad_npu" / "__init__.py"]
    for path in files:
        head = path.read_text()[:600]
        assert "UNTESTED" in head or "NOT TESTED ON AN NPU" in head, path


def transposed_views(tensors):
    """Each [rows, cols] tensor as a transposed view with a storage offset, same values."""
    views = []
    for tensor in tensors:
        if tensor is None:
            views.append(None)
            continue
        rows, cols = tensor.shape
        base = torch.full((cols + 2, rows), 7.0, dtype=tensor.dtype)
        base[1:1 + cols] = tensor.t()
        views.append(base.t()[:, 1:1 + cols])
    return views


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    """Runs every case through the adapter's C++ in one fresh process; returns its results."""
    opapi = BUILD / "libcust_opapi.so"
    if not opapi.exists():
        pytest.fail(f"{opapi} is missing: run `python3 build.py build` first")
    work = tmp_path_factory.mktemp("npu_adapter")
    # Two vendor packages: the first's libcust_opapi.so lacks the op (the sim's runtime stands
    # for another vendor's library); the adapter must skip it and take ours.
    for vendor, library in (("other_vendor", BUILD / "sim" / "libascendc_sim.so"), ("ours", opapi)):
        (work / vendor / "op_api" / "lib").mkdir(parents=True)
        (work / vendor / "op_api" / "lib" / "libcust_opapi.so").symlink_to(library)
    custom_opp_path = f"{work / 'missing'}:{work / 'other_vendor'}:{work / 'ours'}"

    float32 = torch_inputs(5, 33, torch.float32, seed=1)
    float16_hy_only = torch_inputs(3, 17, torch.float16, seed=2, grad_c=False)
    views = transposed_views(torch_inputs(6, 10, torch.float32, seed=3))
    empty = torch_inputs(0, 4, torch.float32, seed=4)
    float64 = torch_inputs(4, 6, torch.float64, seed=5)
    bfloat16 = torch_inputs(4, 6, torch.bfloat16, seed=6, grad_hy=False)
    cases = {
        "float32": ((*float32, True), "op"),
        "float16 grad_hy only, no bias": ((*float16_hy_only, False), "op"),
        "strided views": ((*views, True), "op"),
        "no gradients, op": ((None, None, *float32[2:], True), "op"),
        "no gradients, aten": ((None, None, *float32[2:], True), "aten"),
        "aten, no bias": ((*float16_hy_only, False), "aten"),
        "empty batch": ((*empty, True), "op"),
        "mixed dtypes": ((float32[0].half(), *float32[1:], True), "op"),
        "bad storage shape": ((*float32[:4], float32[4][:, :100], True), "op"),
        "bfloat16": ((*bfloat16, True), "op"),
        "float64 in ATen": ((*float64, True), "aten_math"),
        "bfloat16 in ATen": ((*bfloat16, True), "aten_math"),
    }
    torch.save(cases, work / "cases.pt")
    result = subprocess.run(
        [sys.executable, str(HARNESS), str(BUILD), str(BUILD / "framework_npu_adapter_harness"),
         str(work / "cases.pt"), str(work / "results.pt"), custom_opp_path],
        capture_output=True, text=True, timeout=1200, env=dict(os.environ, MAX_JOBS="2"))
    assert result.returncode == 0, f"harness failed:\n{result.stdout[-3000:]}\n{result.stderr[-6000:]}"
    results = torch.load(work / "results.pt")
    return {"cases": cases, "results": results, "ours": str(work / "ours" / "op_api" / "lib" / "libcust_opapi.so")}


@pytest.mark.slow
def test_library_search(harness):
    missing = harness["results"]["library_missing"]
    assert missing.startswith("lstm_cell_grad_npu: no library exports aclnnThnnFusedLstmCellBackward")
    assert "Tried:\n  libcust_opapi.so: " in missing
    assert harness["results"]["library"] == harness["ours"]


@pytest.mark.slow
@pytest.mark.parametrize("case,dtype", [("float32", torch.float32), ("float16 grad_hy only, no bias", torch.float16),
                                        ("strided views", torch.float32), ("aten, no bias", torch.float16),
                                        ("bfloat16", torch.bfloat16)])
def test_results_match_formulas(harness, case, dtype):
    args, _ = harness["cases"][case]
    results = harness["results"]["cases"][case]
    assert not isinstance(results, str), results
    assert (results[2] is None) == (not args[5])
    assert all(r.dtype == dtype for r in results if r is not None)
    assert_matches_formulas(results, args[:5], dtype)


@pytest.mark.slow
def test_null_gradients_follow_each_semantics(harness):
    grad_gates, grad_cx, grad_bias = harness["results"]["cases"]["no gradients, op"]
    assert grad_gates.shape == (5, 132) and not grad_gates.any() and not grad_cx.any() and not grad_bias.any()
    assert harness["results"]["cases"]["no gradients, aten"] == (None, None, None)


@pytest.mark.slow
def test_empty_batch(harness):
    grad_gates, grad_cx, grad_bias = harness["results"]["cases"]["empty batch"]
    assert grad_gates.shape == (0, 16) and grad_cx.shape == (0, 4)
    assert torch.equal(grad_bias, torch.zeros(16))


@pytest.mark.slow
def test_errors_carry_the_reason(harness):
    mixed = harness["results"]["cases"]["mixed dtypes"]
    assert mixed.startswith("error: lstm_cell_grad_npu: grad_hy has dtype Half, cx Float: all must match")
    bad_shape = harness["results"]["cases"]["bad storage shape"]
    assert "aclnnThnnFusedLstmCellBackwardGetWorkspaceSize failed with status 161002" in bad_shape
    assert "storage" in bad_shape.split("161002", 1)[1]  # aclGetRecentErrMsg names the tensor


@pytest.mark.slow
@pytest.mark.parametrize("case", ["float64 in ATen", "bfloat16 in ATen"])
def test_aten_fallback_math_is_the_contracts(harness, case):
    """The adapter's own C++ copy of the formulas (BackwardWithAtenOps, its ATen fallback), run
    on the contract's inputs: float64 within 1e-12 of the terms of the contract's formulas,
    bfloat16 (fp32 math, one rounding) under the contract's tolerance."""
    args, _ = harness["cases"][case]
    results = harness["results"]["cases"][case]
    assert all(r.dtype == args[2].dtype for r in results)
    assert_matches_formulas(results, args[:5], args[2].dtype)


@pytest.mark.slow
def test_privateuse1_registrations_match_the_schemas(harness):
    assert harness["results"]["registered"] == {"aten": True, "custom_op": True}
