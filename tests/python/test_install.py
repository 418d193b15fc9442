"""`pip install .[torch]` into a fresh virtual environment builds the package with the sim
backend; the installed package imports from site-packages (its libraries next to it) and runs,
and so does its PyTorch subpackage, lstm_cell_grad.torch, with no PYTHONPATH."""
import os
import subprocess
import sys
import textwrap

import pytest

from tests.build_support import ROOT

SMOKE = textwrap.dedent("""
    import numpy as np, lstm_cell_grad as lcg
    print(lcg.__file__)
    inputs = lcg.random_inputs(33, 20, "float16", seed=1)
    results = lcg.thnn_fused_lstm_cell_backward(**inputs, num_cores=7)
    assert results[0].shape == (33, 80) and results[0].dtype == np.float16
    for comparison in lcg.compare_outputs(results, tuple(inputs.values())):
        assert comparison.ok, str(comparison)
    print("launch", lcg.last_launch()["ok"], lcg.last_launch()["block_dim"])
    libs = {line.split()[-1] for line in open("/proc/self/maps") if "libascendc_sim" in line or "libcust_op" in line}
    print("libs", sorted(libs))
""")

TORCH_SMOKE = textwrap.dedent("""
    import torch, lstm_cell_grad.torch as lcgt
    print(lcgt.__file__)
    torch.manual_seed(0)
    reference = torch.nn.LSTM(3, 4, num_layers=2, bidirectional=True)
    ours = lcgt.LSTM(3, 4, num_layers=2, bidirectional=True)
    ours.load_state_dict(reference.state_dict())
    x = torch.randn(5, 2, 3)
    for model in (ours, reference):
        model(x)[0].square().sum().backward()
    worst = max((a.grad - b.grad).abs().max().item() for a, b in zip(ours.parameters(), reference.parameters()))
    print("worst", worst)
    print("aten", torch._C._dispatch_has_kernel_for_dispatch_key("aten::_thnn_fused_lstm_cell_backward_impl", "CPU"))
""")


@pytest.mark.slow
def test_pip_install_into_a_fresh_venv(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "ASCEND_SIM_BUILD_DIR")}
    build_dir = tmp_path / "wheel-build"
    # --no-deps with the system's site-packages visible: numpy, ml_dtypes and torch (the
    # [torch] extra) are already there, so nothing is downloaded.
    install = subprocess.run([str(python), "-m", "pip", "install", "--no-build-isolation", "--no-deps",
                              "-C", f"build-dir={build_dir}", f"{ROOT}[torch]"],
                             cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
    # The wheel build keeps its module in its own tree: a module it wrote into the source
    # tree (where development builds put theirs) would carry its build RPATH.
    assert list(build_dir.rglob("_C.*.so"))
    for in_place in (ROOT / "python" / "lstm_cell_grad").glob("_C.*.so"):
        assert str(build_dir).encode() not in in_place.read_bytes()

    smoke = subprocess.run([str(python), "-c", SMOKE], cwd=tmp_path, env=env, capture_output=True, text=True,
                           timeout=120)
    assert smoke.returncode == 0, smoke.stderr
    package_dir = next(venv.glob("lib/python*/site-packages/lstm_cell_grad"))
    lines = smoke.stdout.splitlines()
    assert lines[0] == str(package_dir / "__init__.py")
    assert lines[1].startswith("launch True ") and 1 <= int(lines[1].split()[-1]) <= 7
    libraries = ("libascendc_sim.so", "libcust_opapi.so", "libcust_opimpl.so")
    assert lines[2] == f"libs {sorted(str(package_dir / name) for name in libraries)}"

    example = subprocess.run([str(venv / "bin" / "lstm-cell-grad"), "example"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=120)
    assert example.returncode == 0 and example.stdout.splitlines()[-1] == "result dcPrev[7] is: 1.419974"

    torch_smoke = subprocess.run([str(python), "-c", TORCH_SMOKE], cwd=tmp_path, env=env, capture_output=True,
                                 text=True, timeout=300)
    assert torch_smoke.returncode == 0, torch_smoke.stderr
    lines = torch_smoke.stdout.splitlines()
    assert lines[0] == str(package_dir / "torch" / "__init__.py")
    assert float(lines[1].split()[1]) < 1e-5
    assert lines[2] == "aten True"
