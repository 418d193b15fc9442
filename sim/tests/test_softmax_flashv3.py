"""SoftmaxFlashV3<half, float> (vector_softmax_flash.h) through sim/tests/asc/softmax_flashv3.asc,
built with `build.py asc`, against a float64 model of the A2 steps: 64 partial sums a row (the
first 512 lanes summed by 32-B blocks, the rest added lane-wise), 8 partial means, the shift of
each of the 8 column chunks, then the max / exp / sum of FlashV2. The outputs alias the inputs
(mean, expSum and max are passed as both, as CANN's sample does), so in the update form the
previous max and mean are read after being overwritten: the model follows that order.
"""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from sim.tests.sim_build import SIM_ROOT

ROOT = SIM_ROOT.parent
SOURCE = SIM_ROOT / "tests" / "asc" / "softmax_flashv3.asc"


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    out = subprocess.run([sys.executable, ROOT / "build.py", "asc", SOURCE], capture_output=True, text=True,
                         timeout=900, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
    return ROOT / "build" / "asc" / "softmax_flashv3" / "softmax_flashv3"


def model(x, in_mean, in_sum, alpha, update, loop_cnt=2):
    m, k = x.shape
    x = x.astype(np.float64)
    part = np.stack([x[:, :512].reshape(m, 64, 8).sum(-1)[:, j] + x[:, 512 + j::64].sum(-1) for j in range(64)], 1)
    base = k // 8
    split = part.reshape(m, 8, 8).sum(-1) / base
    glob = split.sum(-1, keepdims=True) / 8
    s = alpha / (1 - alpha)
    xs = x - np.repeat((glob - split) * s, base, axis=1)
    mean = (in_mean * (loop_cnt - 1) + glob) / loop_cnt if update else np.broadcast_to(glob, (m, 8))
    shift_curr = (glob - mean) * s
    mx = xs.max(-1, keepdims=True) + shift_curr
    y = np.exp(xs - (mx - shift_curr)[:, :1])
    total = y.sum(-1, keepdims=True)
    expsum = (in_sum + total) if update else np.broadcast_to(total, (m, 8))
    return y, mean, expsum, mx


def run(program, tmp_path, x, stats, update, split=8, base_m=8, alpha=0.9375):
    m, k = x.shape
    (tmp_path / "x.bin").write_bytes(x.astype(np.float16).tobytes())
    (tmp_path / "s.bin").write_bytes(stats.astype(np.float32).tobytes())
    out = tmp_path / "out.bin"
    args = [m, k, tmp_path / "x.bin", tmp_path / "s.bin", "-", out, int(update), split, base_m, alpha]
    res = subprocess.run([str(program), *map(str, args)], capture_output=True, text=True, timeout=300)
    return res, out


@pytest.mark.parametrize("update", [True, False])
@pytest.mark.parametrize("m,k,base_m", [(8, 2048, 8), (12, 1024, 8)])
def test_against_the_model(program, tmp_path, update, m, k, base_m):
    rng = np.random.default_rng(m + k)
    x = rng.uniform(-3, 3, (m, k)).astype(np.float16)
    in_mean = np.repeat(rng.uniform(-0.1, 0.1, (m, 1)), 8, 1)
    in_sum = np.repeat(rng.uniform(1, 5, (m, 1)), 8, 1)
    in_max = np.repeat(rng.uniform(0, 1, (m, 1)), 8, 1)
    stats = np.concatenate([in_mean.ravel(), in_sum.ravel(), in_max.ravel()])
    res, out = run(program, tmp_path, x, stats, update, base_m=base_m)
    assert res.returncode == 0, res.stdout + res.stderr
    data = out.read_bytes()
    n, r = m * k, m * 8
    dst = np.frombuffer(data[:2 * n], np.float16).reshape(m, k).astype(np.float64)
    f = np.frombuffer(data[2 * n:2 * n + 12 * r], np.float32).reshape(3, m, 8).astype(np.float64)
    y, mean, expsum, mx = model(x, in_mean.astype(np.float32).astype(np.float64),
                                in_sum.astype(np.float32).astype(np.float64), 0.9375, update)
    np.testing.assert_allclose(dst, y, rtol=2e-3, atol=1e-6)
    np.testing.assert_allclose(f[0], mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(f[1], expsum, rtol=1e-4)
    np.testing.assert_allclose(f[2], np.broadcast_to(mx, (m, 8)), rtol=1e-5, atol=1e-5)
    if update:  # the previous max was overwritten first: expMax is exp(0)
        e = np.frombuffer(data[2 * n + 12 * r:], np.float16)
        assert np.all(e == 1.0)
    # a perturbed model (another alpha) must not match
    y2 = model(x, in_mean, in_sum, 0.5, update)[0]
    assert not np.allclose(dst, y2, rtol=2e-3, atol=1e-6)


def test_unsupported_split_is_reported(program, tmp_path):
    x = np.zeros((8, 1024), np.float16)
    res, _ = run(program, tmp_path, x, np.zeros(3 * 64), True, split=4)
    assert res.returncode != 0
    assert "SoftmaxFlashV3" in res.stdout + res.stderr and "splitMeanCnt 4" in res.stdout + res.stderr


def test_wrong_types_do_not_compile(tmp_path):
    from sim.tests.vector_harness import compile_errors
    stderr = compile_errors(tmp_path, """
#include "kernel_operator.h"
using namespace AscendC;
void Bad(LocalTensor<float> f, LocalTensor<half> h, SoftMaxTiling t, SoftMaxParams p) {
    SoftmaxFlashV3<float, float, true>(f, f, f, f, f, f, f, f, f, t, p);
    SoftmaxFlashV3<half, float, true, false, false, true>(h, f, f, f, h, h, f, f, f, t, p);
}
""")
    assert "SoftmaxFlashV3: T must be half and U float" in stderr
    assert "SoftmaxFlashV3: isDataFormatNZ = true" in stderr
