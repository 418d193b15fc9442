"""The high-level Digamma (vector_math_digamma.h) and the host queries of Digamma and Lgamma.

(1) The A2/A3 steps (asc-devkit impl/adv_api/detail/math/digamma/digamma_common_impl.h) replayed
in numpy float32, each instruction rounded once (Tan, Sin and Cos as test_math_tan /
test_vector_trig replay them); the sim must agree bit for bit. (2) A float64 digamma of our own
(recurrence up to x >= 10, then the asymptotic series; reflection psi(1 - x) - pi / tan(pi x) for
x < 0) with the tolerance the method gives: float's series after shifting by 10 truncates at
z^7 (about 1e-13) and the reflection's polynomial in t = (2x - round(2x)) pi/2 is a float
approximation of tan (relative error about 2e-7, scaled by pi |cot|'s size); each of the ~40
roundings costs 2^-24 of the largest partial sum, |log w| + sum 1/(x+i) (+ pi |cot| for x < 0).
Half runs the short series (x + 3 shift, three terms): its truncation error 1/(240 (x+3)^8)
dominates, plus half's final rounding. A wrong series coefficient must fail (3)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from sim.tests import test_math_tan, test_vector_trig
from sim.tests.test_vector_bitwise import Misc
from sim.tests.vector_harness import F16, F32, assert_bits_equal, assert_reported, compile_errors, run_vector

SERIES = [2.10927960927960927961e-2, 7.57575757575757575758e-3, 4.16666666666666666667e-3,
          3.96825396825396825397e-3, 8.33333333333333333333e-3, 8.33333333333333333333e-2]
REFLECT = [0.00326538085938, 0.0242919921875, 0.053466796875, 0.133377909660, 0.333332300186]
PI = F32(3.141592653589793238)


def f(v):
    return np.asarray(v, np.float64).astype(F32)


def d(v):
    return np.asarray(v, np.float64)


def add(a, b):
    return f(d(a) + d(b))


def sub(a, b):
    return f(d(a) - d(b))


def mul(a, b):
    return f(d(a) * d(b))


def div(a, b):
    with np.errstate(divide="ignore", invalid="ignore"):
        return f(d(a) / d(b))


def ln(a):
    with np.errstate(divide="ignore", invalid="ignore"):
        return f(np.log(d(a)))


def round_away(a):
    return f(np.sign(d(a)) * np.floor(np.abs(d(a)) + 0.5))


def series(x, coefs=SERIES):
    w = add(x, 10.0)
    out = ln(w)
    w = div(1.0, w)
    out = sub(out, mul(w, 0.5))
    z = mul(w, w)
    c = F32(8.33333333333333333333e-2) * np.ones_like(x)
    for k in coefs:
        c = sub(F32(k), mul(z, c))
    return sub(out, mul(z, c))


def reciprocals(x, last):
    acc = div(1.0, x)
    for i in range(1, last + 1):
        acc = add(acc, div(1.0, add(x, float(i))))
    return acc


def positive(x, coefs=SERIES):
    return sub(series(x, coefs), reciprocals(x, 9))


def reflection(x):
    t = add(x, x)
    r = round_away(t)
    t = mul(sub(t, r), F32(1.5707963267948966))
    odd = (np.nan_to_num(np.clip(r, -2.0 ** 40, 2.0 ** 40), nan=0).astype(np.int64) & 1) == 1
    t2 = mul(t, t)
    p = F32(0.0093383789065) * np.ones_like(x)
    for k in REFLECT:
        p = add(mul(p, t2), F32(k))
    p = add(mul(mul(p, t2), t), t)
    out = add(np.where(odd, p, F32(0)), F32(0))
    out = add(np.where(odd, F32(0), div(-1.0, p)), out)
    return mul(out, PI)


def specials(x):
    with np.errstate(invalid="ignore"):
        neg_int = (x < 0) & (x > -8388608.0) & (x == round_away(x))
        return [(x <= -8388608.0, np.float32(np.nan)), (neg_int, np.float32(np.nan)), (np.isnan(x), x)]


def accumulate(parts):
    acc = np.zeros_like(parts[0][0], dtype=F32)
    for mask, value in parts:
        acc = add(np.where(mask, value, F32(0)), acc)
    return acc


def replay_float(x, coefs=SERIES):
    with np.errstate(all="ignore"):
        neg = add(mul(x, -1.0), 1.0)
        negative = add(positive(neg, coefs), reflection(x))
        return accumulate(specials(x) + [(x >= 0, positive(x, coefs)), (x < 0, negative)])


def positive_half(x):
    w = add(x, 3.0)
    out = ln(w)
    w = div(1.0, w)
    out = sub(out, mul(w, 0.5))
    w2 = mul(w, w)
    out = sub(out, mul(w2, F32(0.0833333333333333)))
    w4 = mul(w2, w2)
    out = sub(out, mul(w4, F32(0.0083333333333333)))
    w6 = mul(w4, w2)
    out = sub(out, mul(w6, F32(0.003968253968254)))
    return sub(out, reciprocals(x, 2))


def replay_half(xh):
    with np.errstate(all="ignore"):
        x = xh.astype(F32)
        frac = mul(sub(x, f(np.floor(d(x)))), PI)
        cot = div(PI, test_math_tan.replay(frac, F32))
        one_minus = sub(1.0, x)
        p1 = positive_half(one_minus)
        negative = sub(p1, cot)
        c = mul(test_vector_trig.replay("Cos", frac), PI)
        s = test_vector_trig.replay("Sin", mul(x, -PI))
        near = sub(p1, div(c, s))
        acc = accumulate(specials(x) + [(x >= 0, positive_half(x)), (x < -0.0001, negative),
                                        ((x < 0) & (x >= -0.0001), near)])
        return acc.astype(F16)


def assert_replayed(got, want):
    """Bit for bit, except that a NaN matches any NaN (its sign and payload come from how the
    host's arithmetic propagates it, which the hardware need not share)."""
    assert np.array_equal(np.isnan(got), np.isnan(want)), "NaN lanes differ"
    keep = ~np.isnan(want)
    assert_bits_equal(got[keep], want[keep])


def digamma64(x):
    """Our float64 digamma: reflection below 0, recurrence to >= 10, then the asymptotic series."""
    if math.isinf(x):
        return math.inf if x > 0 else math.nan
    if math.isnan(x) or (x <= 0 and x == math.floor(x)):
        return math.nan
    if x < 0:
        return digamma64(1 - x) - math.pi / math.tan(math.pi * x)
    acc = 0.0
    while x < 10:
        acc -= 1 / x
        x += 1
    z = 1 / (x * x)
    tail = z * (1 / 12 - z * (1 / 120 - z * (1 / 252 - z * (1 / 240 - z * (1 / 132 - z * (691 / 32760 - z / 12))))))
    return acc + math.log(x) - 0.5 / x - tail


def half_method64(x):
    """The half path's formula in float64: its short series subtracts the 1/(120 w^4) term that
    the asymptotic series adds, an error of about 1/(60 w^4) (w = x + 3, or 4 - x below 0)."""
    def p(v):
        w = v + 3
        return (math.log(w) - 0.5 / w - 1 / (12 * w ** 2) - 1 / (120 * w ** 4) - 1 / (252 * w ** 6)
                - 1 / v - 1 / (v + 1) - 1 / (v + 2))
    if x >= 0:
        return p(x)
    return p(1 - x) - math.pi / math.tan(math.pi * x)


def run_digamma(simtest, x, tmp_bytes, count=None, reuse=False, no_temp=False, dst_at=0):
    n = x.size if count is None else count
    buffers = [np.zeros(x.size + dst_at, x.dtype), x]
    ops = [(0, dst_at, x.dtype, x.size), (1, 0, x.dtype, x.size)]
    if not no_temp:
        buffers.append(np.zeros(tmp_bytes, np.uint8))
        ops.append((2, 0, np.uint8))
    return run_vector(Misc(simtest), "Digamma", buffers, ops, n, reuse_source=reuse, no_temp=no_temp)


def inputs(dtype, n, seed):
    rng = np.random.default_rng(seed)
    x = np.concatenate([rng.uniform(-20, 20, n // 2), rng.uniform(0.01, 60, n // 4),
                        rng.uniform(-3, 0, n - n // 2 - n // 4)])
    x[:8] = [1.0, 0.5, 2.0, 10.0, -0.5, -2.0, -9e6 if dtype == F32 else -np.inf, np.nan]
    return x.astype(dtype)


def float_tolerance(x):
    y = digamma64(x)
    scale = abs(math.log(abs(x) + 10)) + sum(1 / abs(x + i) for i in range(10) if x + i != 0)
    if x < 0:
        scale += abs(digamma64(1 - x)) + 3 * abs(math.pi / math.tan(math.pi * x)) + \
            math.pi / abs(math.sin(math.pi * x)) ** 2 * 2 ** -21
    return y, 64 * 2.0 ** -24 * scale + 1e-12


@pytest.mark.parametrize("reuse", [False, True])
def test_float_replay_and_reference(simtest, reuse):
    x = inputs(F32, 512, 1)
    r = run_digamma(simtest, x.copy(), 7 * 256 * 2, reuse=reuse)
    assert r.ok, r.result["error"]
    got = r.array(0, F32)
    assert_replayed(got, replay_float(x))
    for xi, gi in zip(x.astype(np.float64), got.astype(np.float64)):
        y, tol = float_tolerance(xi)
        if math.isnan(y):
            assert math.isnan(gi), xi
        else:
            assert abs(gi - y) <= tol, (xi, gi, y, tol)
    wrong = replay_float(x, SERIES[:-1] + [8.4e-2])
    assert not np.array_equal(wrong.view(np.uint32), got.view(np.uint32))


def test_half_replay_and_reference(simtest):
    x = inputs(F16, 512, 2)
    x[8:12] = [-0.00005, -0.0001, -0.00002, 0.0]
    r = run_digamma(simtest, x, 8 * 256 * 4)
    assert r.ok, r.result["error"]
    got = r.array(0, F16)
    assert_replayed(got, replay_half(x))
    for xi, gi in zip(x.astype(np.float64), got.astype(np.float64)):
        if xi == 0:
            assert gi == -math.inf  # the pole, from the series' -1/x
            continue
        y = digamma64(xi)
        if math.isnan(y):
            assert math.isnan(gi), xi
            continue
        method = abs(half_method64(xi) - y)
        extra = 0 if xi >= 0 else (abs(math.pi / math.tan(math.pi * xi)) + 1) * 2 ** -20
        bound = 2.0 ** -11 * abs(y) + method + extra + 2 ** -20 * (abs(y) + 10)
        assert abs(gi - y) <= bound, (xi, gi, y)


def test_no_temp_form_and_tail(simtest):
    x = inputs(F32, 1024, 3)
    r = run_digamma(simtest, x, 0, count=1000, no_temp=True)
    assert r.ok, r.result["error"]
    assert_replayed(r.array(0, F32)[:1000], replay_float(x)[:1000])
    # a 40-element tail after 3 chunks of 320 (7 pieces of 1280 bytes)
    r = run_digamma(simtest, x, 7 * 1280, count=1000)
    assert r.ok, r.result["error"]
    assert_replayed(r.array(0, F32)[:1000], replay_float(x)[:1000])


def test_tmp_sizes(simtest):
    sizes = simtest.gamma_tmp_sizes
    assert sizes("Digamma", [1024], 4, False) == (7 * 4096, 7 * 256, 7, 0)
    assert sizes("Digamma", [1024], 4, True) == (6 * 4096, 6 * 256, 7, 0)
    assert sizes("Digamma", [1024], 2, False) == (16 * 2048, 16 * 256, 16, 0)
    assert sizes("Digamma", [16], 2, False) == (16 * 256, 16 * 256, 16, 0)
    assert sizes("Lgamma", [1024], 4, False) == (8 * 4096, 8 * 256, 8, 0)
    assert sizes("Lgamma", [1024], 4, True) == (7 * 4096, 7 * 256, 8, 0)
    assert sizes("Lgamma", [1024], 2, False) == (26 * 2048, 26 * 256, 13, 0)
    assert sizes("Digamma", [0], 4, False) == (7, 7, 7, 0)


def test_min_tmp_size_is_enough(simtest):
    for dtype, size in ((F32, 4), (F16, 2)):
        _, minimum, _, _ = simtest.gamma_tmp_sizes("Digamma", [256], size, False)
        x = inputs(dtype, 256, 4)
        assert run_digamma(simtest, x, minimum).ok


def test_misuse_is_reported(simtest):
    x = inputs(F32, 256, 5)
    assert_reported(run_digamma(simtest, x, 6 * 128), "api-misuse", "Digamma", "GetDigammaMaxMinTmpSize")
    assert_reported(run_digamma(simtest, x, 7 * 256, count=300), "operand-bounds", "Digamma", "dstTensor")
    r = run_vector(Misc(simtest), "Digamma", [np.zeros(1024, F32), np.zeros(7 * 256, np.uint8)],
                   [(0, 0, F32, 256), (0, 0, F32, 256), (1, 0, np.uint8)], 256)
    assert_reported(r, "api-misuse", "Digamma", "overlap")


def test_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_math_digamma.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<uint8_t>& t) { Digamma(d, d, t, 64); }
""")
    assert "Digamma: element type must be half or float" in errors
