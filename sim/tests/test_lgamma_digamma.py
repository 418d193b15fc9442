"""The high-level Digamma and Lgamma (vector_math_digamma.h, vector_math_lgamma.h) and their host queries.

Lgamma (the second half of this file) is checked the same way: replay bit for bit, math.lgamma
with the method error of the implementation's float fits, a perturbed coefficient, misuse.

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


# ---- Lgamma (vector_math_lgamma.h; asc-devkit impl/adv_api/detail/math/lgamma/) ----
P007 = [0.00358751555905, -0.00547128543258, -0.0446271263063, 0.167317703366, -0.0421359799802,
        -0.655867278576, 0.577215373516]
P0715 = [0.0458826646209, 0.103739671409, 0.122803635895, 0.127524212003, 0.143216684461, 0.169343575835,
         0.207407936454, 0.27058750391, 0.400685429573, 0.82246696949, 0.577215671539]
P153 = [4.95984932058e-05, -0.000220894842641, 0.000541314249858, -0.00120451697148, 0.00288425176404,
        -0.00738275796175, 0.0205813199282, -0.067352488637, 0.322467029095, 0.422784328461]
P358A = [-748.890319824, -12349.7421875, -41061.375, -48310.6640625]
P358B = [-259.250976562, -10777.1796875, -92685.046875]
P58 = [0.000777830660809, -0.00277765537612]
ODD = [0.00002427957952022552490234375, -0.001388786011375486850738525390625, 0.0416667275130748748779296875,
       -0.4999999701976776123046875]
EVEN = [-0.000195746586541645228862762451171875, 0.0083327032625675201416015625, -0.16666662693023681640625]
LPI = F32(3.1415927410125732421875)
MIN_NEG = F32(9.99999968266e-20)
INF = F32(np.inf)


def horner(x, c, ops):
    m, a = ops
    t = a(m(x, F32(c[0])), F32(c[1]))
    for k in c[2:]:
        t = a(m(t, x), F32(k))
    return m(t, x)


F32OPS = (mul, add)


def lgamma_pos(a, p0715=P0715):
    r007 = mul(ln(add(mul(horner(a, P007, F32OPS), a), a)), -1.0)
    r0715 = horner(add(mul(a, -1.0), 1.0), p0715, F32OPS)
    r153 = horner(add(a, -2.0), P153, F32OPS)
    w = add(a, -3.0)
    r358 = add(div(add(horner(w, P358A, F32OPS), F32(-143033.40625)),
                   add(horner(w, P358B, F32OPS), F32(-206353.578125))), w)
    half_log = mul(ln(a), 0.5)
    q = mul(add(a, -0.5), half_log)
    rc = div(1.0, a)
    t = mul(add(horner(mul(rc, rc), P58, F32OPS), F32(0.0833332762122)), rc)
    r58 = sub(add(add(add(t, F32(0.91893851757)), q), q), a)
    with np.errstate(invalid="ignore"):
        classes = [(a < 0.7, r007), ((a >= 0.7) & (a < 1.5), r0715), ((a >= 1.5) & (a < 3), r153),
                   ((a >= 3) & (a < 5.8), r358), ((a >= 5.8) & (a < INF), r58), (a >= INF, a)]
    return accumulate(classes)


def lgamma_neg(a, pos):
    with np.errstate(invalid="ignore"):
        t2 = f(np.floor(d(add(add(a, a), 0.5))))
        odd = sub(t2, mul(f(np.floor(d(mul(t2, 0.5)))), 2.0)) >= 0.5
        t2 = mul(add(mul(t2, -0.5), a), LPI)
        t3 = mul(t2, t2)
        even_v = add(mul(horner(t3, EVEN, F32OPS), t2), t2)
        odd_v = add(horner(t3, ODD, F32OPS), 1.0)
        s = accumulate([(~odd, even_v), (odd, odd_v)])
        prod = mul(np.abs(s), a)
        val = add(add(mul(ln(prod), -1.0), F32(1.1447298526763916015625)), mul(pos, -1.0))
        m = (f(np.floor(d(a))) != a) & (prod < INF) & (a >= MIN_NEG)
        infs = ~m & (a >= MIN_NEG)
        return accumulate([(a < MIN_NEG, mul(ln(a), -1.0)), (m, val), (infs, INF)])


def replay_lgamma_float(x, p0715=P0715):
    with np.errstate(all="ignore"):
        a = np.abs(x)
        pos = lgamma_pos(a, p0715)
        neg = lgamma_neg(a, pos)
        nan = ~(x >= 0) & ~(x < 0)
        return accumulate([(x >= 0, pos), (x < 0, neg), (nan, a)])


def lgamma_pos_half(x):
    w1 = add(x, 4.0)
    r = div(1.0, w1)
    w2 = mul(ln(mul(mul(r, LPI), 2.0)), 0.5)
    w4 = div(1.0, add(mul(w1, 12.0), mul(r, -0.1)))
    w4 = mul(add(ln(add(w4, w1)), -1.0), w1)
    out = add(w4, w2)
    logs = ln(x)
    for k in (1.0, 2.0, 3.0):
        logs = add(logs, ln(add(x, k)))
    return sub(out, logs)


def replay_lgamma_half(xh):
    with np.errstate(all="ignore"):
        x = xh.astype(F32)
        neg = mul(lgamma_pos_half(add(mul(x, -1.0), 1.0)), -1.0)
        s = test_vector_trig.replay("Sin", mul(sub(x, f(np.floor(d(x)))), LPI))
        neg = add(neg, ln(div(LPI, np.abs(s))))
        nan = ~(x >= 0) & ~(x < 0)
        acc = accumulate([(x >= 0, lgamma_pos_half(x)), (x < 0, neg), (nan, x)])
        acc = np.where(np.abs(x) >= 65504, F32(655040), acc)
        return acc.astype(F16)


def run_lgamma(simtest, x, tmp_bytes, count=None, reuse=False, no_temp=False):
    n = x.size if count is None else count
    buffers = [np.zeros(x.size, x.dtype), x]
    ops = [(0, 0, x.dtype, x.size), (1, 0, x.dtype, x.size)]
    if not no_temp:
        buffers.append(np.zeros(tmp_bytes, np.uint8))
        ops.append((2, 0, np.uint8))
    return run_vector(Misc(simtest), "Lgamma", buffers, ops, n, reuse_source=reuse, no_temp=no_temp)


def lgamma_inputs(dtype, n, seed):
    rng = np.random.default_rng(seed)
    x = np.concatenate([rng.uniform(-10, 10, n // 2), rng.uniform(0, 8, n // 4), rng.uniform(-1, 1, n - n // 2 - n // 4)])
    x[:10] = [1.0, 2.0, 0.5, -0.5, -3.0, 0.0, 5.8, 100.0, np.nan, np.inf]
    return x.astype(dtype)


def lgamma64(x):
    if math.isnan(x):
        return math.nan
    if math.isinf(x) or (x <= 0 and x == math.floor(x)):
        return math.inf
    return math.lgamma(x)


@pytest.mark.parametrize("reuse", [False, True])
def test_lgamma_float(simtest, reuse):
    x = lgamma_inputs(F32, 512, 7)
    r = run_lgamma(simtest, x.copy(), 8 * 256 * 2, reuse=reuse)
    assert r.ok, r.result["error"]
    got = r.array(0, F32)
    assert_replayed(got, replay_lgamma_float(x))
    # float64: the implementation's float fits (the piecewise polynomials, and below 0 the
    # odd/even polynomials of the reflection) are its method error: evaluated on [-10, 10] it
    # stays below 3.4e-5 (|y| + 1) for x >= 0 and 1.9e-5 (|y| + lgamma|x| + 1) below 0 (the
    # roundings, ~2^-24 per step, are far smaller); the bound keeps 50% over that, plus the
    # reflection's sin(pi x) rounding near the poles
    for xi, gi in zip(x.astype(np.float64), got.astype(np.float64)):
        y = lgamma64(xi)
        if math.isnan(y) or math.isinf(y):
            assert (math.isnan(gi) and math.isnan(y)) or gi == y, (xi, gi, y)
            continue
        if xi >= 0:
            bound = 5e-5 * (abs(y) + 1)
        else:
            bound = 3e-5 * (abs(y) + abs(math.lgamma(abs(xi))) + 1) + \
                2.0 ** -20 / max(abs(math.sin(math.pi * xi)), 1e-30)
        assert abs(gi - y) <= bound, (xi, gi, y)
    wrong = replay_lgamma_float(x, P0715[:-1] + [0.5772])
    assert not np.array_equal(wrong.view(np.uint32), got.view(np.uint32))


def test_lgamma_half(simtest):
    x = lgamma_inputs(F16, 512, 8)
    x[10:12] = [np.inf, -65504.0]
    r = run_lgamma(simtest, x, 13 * 256 * 2)
    assert r.ok, r.result["error"]
    got = r.array(0, F16)
    assert_replayed(got, replay_lgamma_half(x))
    for xi, gi in zip(x.astype(np.float64), got.astype(np.float64)):
        y = lgamma64(xi)
        if math.isnan(y) or math.isinf(y) or abs(xi) >= 65504:
            assert math.isnan(gi) or math.isinf(gi), (xi, gi)
            continue
        near_pole = 0 if xi >= 0 else 2.0 ** -18 / max(abs(math.sin(math.pi * xi)), 1e-30)
        # Stirling at x + 4 with the 1/(12w - 0.1/w) correction: its error is below 1e-5; then
        # half's rounding of the result
        assert abs(gi - y) <= 2.0 ** -11 * abs(y) + 2e-5 * (abs(y) + 1) + near_pole, (xi, gi, y)


def test_lgamma_no_temp_and_tail(simtest):
    x = lgamma_inputs(F32, 1024, 9)
    r = run_lgamma(simtest, x, 0, count=1000, no_temp=True)
    assert r.ok, r.result["error"]
    assert_replayed(r.array(0, F32)[:1000], replay_lgamma_float(x)[:1000])
    xh = lgamma_inputs(F16, 1024, 10)
    r = run_lgamma(simtest, xh, 13 * 4 * 96, count=1000)  # chunks of 96, a tail of 40
    assert r.ok, r.result["error"]
    assert_replayed(r.array(0, F16)[:1000], replay_lgamma_half(xh)[:1000])


def test_lgamma_misuse_is_reported(simtest):
    x = lgamma_inputs(F32, 256, 11)
    assert_reported(run_lgamma(simtest, x, 8 * 64), "api-misuse", "Lgamma", "GetLgammaMaxMinTmpSize")
    assert_reported(run_lgamma(simtest, x, 8 * 256, count=300), "operand-bounds", "Lgamma", "dstTensor")
    r = run_vector(Misc(simtest), "Lgamma", [np.zeros(1024, F32), np.zeros(8 * 256, np.uint8)],
                   [(0, 0, F32, 256), (0, 0, F32, 256), (1, 0, np.uint8)], 256)
    assert_reported(r, "api-misuse", "Lgamma", "overlap")


def test_lgamma_wrong_type_does_not_compile(tmp_path):
    errors = compile_errors(tmp_path, """
#include "kernel_operator.h"
#include "ascendc_sim/kernel/vector_math_lgamma.h"
using namespace AscendC;
void k(LocalTensor<int32_t>& d, LocalTensor<uint8_t>& t) { Lgamma(d, d, t, 64); }
""")
    assert "Lgamma: element type must be half or float" in errors
