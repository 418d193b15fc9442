// The kernel unit test of thnn_fused_lstm_cell_backward, in the shape of CANN's CPU-debug kernel
// UTs (ops-nn tests/ut/op_kernel): inputs, outputs, workspace and tiling in GmAlloc'd memory,
// the tiling key set with ICPU_SET_TILING_KEY, the kernel launched with ICPU_RUN_KF over the
// tiling's block count, and gtest assertions. The tiling comes from the op's own TilingFunc
// (run on a tiling context, as an op_host UT runs it); the outputs are checked against the
// LSTM-cell backward evaluated here in float64 (docs/operator_contract.md, "What it computes")
// within the contract's tolerance ("Accuracy"). Driven by tests/op_kernel/test_kernel_ut.py;
// tests/op_kernel/debug builds the same file against a broken copy of the kernel, to show that
// these assertions fail on a wrong one.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <ostream>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "ascendc_sim/core/soc.h"
#include "ascendc_sim/host/tiling_context_builder.h"

extern "C" __global__ __aicore__ void thnn_fused_lstm_cell_backward(GM_ADDR gradHy, GM_ADDR gradC, GM_ADDR cx,
                                                                   GM_ADDR cy, GM_ADDR storage, GM_ADDR gradGates,
                                                                   GM_ADDR gradCx, GM_ADDR gradBias,
                                                                   GM_ADDR workspace, GM_ADDR tiling);

namespace {

// ops-nn's UT of its version of this op runs for ascend910B1 (AddOpTestCase in its CMakeLists).
constexpr const char* kSoc = "Ascend910B1";
constexpr int64_t kGates = 4;

// The op's dtypes, in the tiling key's order (key = 8*dtype + 4*hasBias + 2*hasGradC + hasGradHy).
enum class Dtype { kFloat32 = 0, kFloat16 = 1, kBfloat16 = 2 };

struct DtypeInfo {
    const char* name;
    ge::DataType ge;
    size_t bytes;
    int significandBits;  // with the implicit bit
    int minExponent;      // of the smallest normal
};

const DtypeInfo& Info(Dtype dtype) {
    static const DtypeInfo kInfo[] = {{"float32", ge::DT_FLOAT, 4, 24, -126},
                                      {"float16", ge::DT_FLOAT16, 2, 11, -14},
                                      {"bfloat16", ge::DT_BF16, 2, 8, -126}};
    return kInfo[static_cast<int>(dtype)];
}

// ---- values in GM: written exactly, read back exactly ------------------------------------

uint32_t FloatBits(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    return bits;
}

// `value` must be exactly representable in `dtype` (the inputs are drawn so, RandomValue).
void Store(uint8_t* gm, size_t index, double value, Dtype dtype) {
    const float narrow = static_cast<float>(value);
    if (static_cast<double>(narrow) != value) throw std::logic_error("value not exact in float32");
    const uint32_t bits = FloatBits(narrow);
    if (dtype == Dtype::kFloat32) {
        std::memcpy(gm + 4 * index, &bits, 4);
        return;
    }
    uint16_t half = 0;
    if (dtype == Dtype::kBfloat16) {
        if ((bits & 0xFFFFu) != 0) throw std::logic_error("value not exact in bfloat16");
        half = static_cast<uint16_t>(bits >> 16);
    } else if (value != 0.0) {
        int exponent = 0;
        const double fraction = std::frexp(std::fabs(value), &exponent);  // |value| = fraction * 2^exponent
        const int biased = exponent - 1 + 15;
        const double significand = std::ldexp(fraction, 11);  // in [1024, 2048)
        if (biased < 1 || biased > 30 || significand != std::floor(significand)) {
            throw std::logic_error("value not exact in float16");
        }
        half = static_cast<uint16_t>((value < 0 ? 0x8000u : 0u) | (static_cast<uint32_t>(biased) << 10) |
                                     (static_cast<uint32_t>(significand) - 1024u));
    }
    std::memcpy(gm + 2 * index, &half, 2);
}

double Load(const uint8_t* gm, size_t index, Dtype dtype) {
    if (dtype == Dtype::kFloat32) {
        float value;
        std::memcpy(&value, gm + 4 * index, 4);
        return value;
    }
    uint16_t half;
    std::memcpy(&half, gm + 2 * index, 2);
    if (dtype == Dtype::kBfloat16) {
        const uint32_t bits = static_cast<uint32_t>(half) << 16;
        float value;
        std::memcpy(&value, &bits, 4);
        return value;
    }
    const int exponent = (half >> 10) & 0x1F, mantissa = half & 0x3FF;
    double magnitude;
    if (exponent == 0) {
        magnitude = std::ldexp(mantissa, -24);
    } else if (exponent == 31) {
        magnitude = mantissa != 0 ? NAN : INFINITY;
    } else {
        magnitude = std::ldexp(mantissa | 0x400, exponent - 25);
    }
    return (half & 0x8000) ? -magnitude : magnitude;
}

// A random value of `dtype` strictly inside (-2^rangeExponent, 2^rangeExponent), exactly
// representable: an integer of at most the dtype's significand bits, scaled by a power of two.
// `positive`: in (0, 2^rangeExponent) instead.
double RandomValue(std::mt19937_64& rng, Dtype dtype, int rangeExponent, bool positive) {
    const int bits = Info(dtype).significandBits;
    const int64_t limit = (int64_t{1} << bits) - 1;
    std::uniform_int_distribution<int64_t> integer(positive ? 1 : -limit, limit);
    return std::ldexp(static_cast<double>(integer(rng)), rangeExponent - bits);
}

// ---- the reference: docs/operator_contract.md in float64 ----------------------------------

struct Element {
    double value[kGates + 1];      // di, df, dg, do, grad_cx
    double magnitude[kGates + 1];  // the magnitude of the terms an fp32 evaluation rounds
};

// One element's gradients and, in the contract's sense, the magnitude of their terms: every
// input by its absolute value, gct's two terms added by absolute value, t counted as 1 and
// 1 - t^2 as 2 (the device's tanh is accurate to a few fp32 ulps of 1, not of t).
Element Reference(double dhy, double dc, double cx, double cy, double i, double f, double g, double o) {
    const double t = std::tanh(cy);
    const double gct = dhy * (o * (1 - t * t)) + dc;
    Element e;
    e.value[0] = gct * (g * (i * (1 - i)));
    e.value[1] = gct * (cx * (f * (1 - f)));
    e.value[2] = gct * (i * (1 - g * g));
    e.value[3] = dhy * (t * (o * (1 - o)));
    e.value[4] = gct * f;
    const double mGct = std::fabs(dhy) * (std::fabs(o) * 2) + std::fabs(dc);
    e.magnitude[0] = mGct * (std::fabs(g) * (std::fabs(i) * std::fabs(1 - i)));
    e.magnitude[1] = mGct * (std::fabs(cx) * (std::fabs(f) * std::fabs(1 - f)));
    e.magnitude[2] = mGct * (std::fabs(i) * std::fabs(1 - g * g));
    e.magnitude[3] = std::fabs(dhy) * (std::fabs(o) * std::fabs(1 - o));
    e.magnitude[4] = mGct * std::fabs(f);
    return e;
}

// The spacing of `dtype`'s values at |value| (its subnormal spacing at the bottom).
double Ulp(double value, Dtype dtype) {
    const DtypeInfo& info = Info(dtype);
    int exponent = 0;
    std::frexp(std::fabs(value), &exponent);
    const int binade = value == 0 ? info.minExponent : std::max(exponent - 1, info.minExponent);
    return std::ldexp(1.0, binade - (info.significandBits - 1));
}

// The contract's acceptance: |got - expected| <= 8 fp32 ulps of the terms' magnitude (never
// below fp32's smallest normal), plus half an ulp of a 16-bit output dtype at the result.
bool Accepted(double got, double expected, double magnitude, Dtype dtype) {
    constexpr double kFp32EvalUlps = 8, kFp32Epsilon = 0x1p-23, kFp32Tiny = 0x1p-126;
    double bound = std::max(kFp32EvalUlps * kFp32Epsilon * magnitude, kFp32Tiny);
    if (dtype != Dtype::kFloat32) bound += 0.5 * Ulp(std::max(std::fabs(got), std::fabs(expected)), dtype);
    return std::fabs(got - expected) <= bound;  // false for NaN
}

// ---- one UT run ----------------------------------------------------------------------------

struct Case {
    int64_t batch;
    int64_t hidden;
    uint32_t coreCap;  // 0: every core of the SoC
    Dtype dtype;
    bool hasGradHy;
    bool hasGradC;
    bool hasBias;

    uint64_t ExpectedKey() const {
        return 8u * static_cast<uint32_t>(dtype) + 4u * hasBias + 2u * hasGradC + 1u * hasGradHy;
    }
    std::string Name() const {
        std::ostringstream name;
        name << Info(dtype).name << (hasBias ? "_bias" : "_nobias") << (hasGradHy ? "_gradHy" : "")
             << (hasGradC ? "_gradC" : "") << (!hasGradHy && !hasGradC ? "_nograds" : "") << "_" << batch << "x"
             << hidden << (coreCap ? "_cap" + std::to_string(coreCap) : "");
        return name.str();
    }
};

// How gtest names a case in its messages.
void PrintTo(const Case& c, std::ostream* out) { *out << c.Name(); }

// GM for one tensor of `count` elements, or nullptr for an absent optional one (as the aclnn
// layer passes it). Outputs start as all-ones bytes (NaN in every dtype): an element the
// kernel leaves unwritten cannot pass for a zero.
uint8_t* Allocate(bool present, size_t bytes, uint8_t fill) {
    if (!present) return nullptr;
    uint8_t* gm = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    std::memset(gm, fill, bytes);
    return gm;
}

class ThnnFusedLstmCellBackwardKernel : public testing::TestWithParam<Case> {};

TEST_P(ThnnFusedLstmCellBackwardKernel, MatchesFloat64Reference) {
    const Case c = GetParam();
    const Dtype dtype = c.dtype;
    const size_t bytes = Info(dtype).bytes, B = static_cast<size_t>(c.batch), H = static_cast<size_t>(c.hidden);
    sim::SocScope soc(kSoc, c.coreCap);

    // The tiling, from the op's TilingFunc, for the tensors as the aclnn layer describes them.
    using sim::host::TensorSpec;
    const TensorSpec small = TensorSpec::Nd({c.batch, c.hidden}, Info(dtype).ge);
    const TensorSpec wide = TensorSpec::Nd({c.batch, kGates * c.hidden}, Info(dtype).ge);
    const std::optional<TensorSpec> absent;
    const sim::host::TilingResult tiling =
        sim::host::TilingContextBuilder("ThnnFusedLstmCellBackward")
            .Input(c.hasGradHy ? small : absent)
            .Input(c.hasGradC ? small : absent)
            .Input(small)
            .Input(small)
            .Input(wide)
            .Output(wide)
            .Output(small)
            .Output(c.hasBias ? std::optional<TensorSpec>(TensorSpec::Nd({kGates * c.hidden}, Info(dtype).ge)) : absent)
            .Attr(c.hasBias)
            .RunTiling();
    ASSERT_TRUE(tiling.ok) << tiling.error;
    ASSERT_EQ(tiling.tilingKey, c.ExpectedKey());
    ASSERT_GT(tiling.blockDim, 1u) << "the case should spread over several cores";

    // Inputs in GM, drawn as a forward pass leaves them: i, f, o in (0, 1), g in (-1, 1),
    // cx, cy in (-2, 2), the incoming gradients in (-1, 1).
    std::mt19937_64 rng(1000 + c.ExpectedKey());
    std::vector<double> dhy(B * H, 0.0), dc(B * H, 0.0), cx(B * H), cy(B * H), storage(B * kGates * H);
    for (auto& v : dhy) v = c.hasGradHy ? RandomValue(rng, dtype, 0, false) : 0.0;
    for (auto& v : dc) v = c.hasGradC ? RandomValue(rng, dtype, 0, false) : 0.0;
    for (auto& v : cx) v = RandomValue(rng, dtype, 1, false);
    for (auto& v : cy) v = RandomValue(rng, dtype, 1, false);
    for (size_t r = 0; r < B; ++r) {
        for (size_t j = 0; j < kGates * H; ++j) {
            const bool isG = j / H == 2;
            storage[r * kGates * H + j] = RandomValue(rng, dtype, 0, !isG);
        }
    }
    uint8_t* gradHy = Allocate(c.hasGradHy, B * H * bytes, 0);
    uint8_t* gradC = Allocate(c.hasGradC, B * H * bytes, 0);
    uint8_t* cxGm = Allocate(true, B * H * bytes, 0);
    uint8_t* cyGm = Allocate(true, B * H * bytes, 0);
    uint8_t* storageGm = Allocate(true, B * kGates * H * bytes, 0);
    for (size_t k = 0; k < B * H; ++k) {
        if (gradHy) Store(gradHy, k, dhy[k], dtype);
        if (gradC) Store(gradC, k, dc[k], dtype);
        Store(cxGm, k, cx[k], dtype);
        Store(cyGm, k, cy[k], dtype);
    }
    for (size_t k = 0; k < B * kGates * H; ++k) Store(storageGm, k, storage[k], dtype);
    uint8_t* gradGates = Allocate(true, B * kGates * H * bytes, 0xFF);
    uint8_t* gradCx = Allocate(true, B * H * bytes, 0xFF);
    uint8_t* gradBias = Allocate(c.hasBias, kGates * H * bytes, 0xFF);
    const size_t workspaceBytes = tiling.workspaceSizes.empty() ? 0 : tiling.workspaceSizes[0];
    uint8_t* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(workspaceBytes));
    uint8_t* tilingGm = static_cast<uint8_t*>(AscendC::GmAlloc(tiling.tilingData.size()));
    std::memcpy(tilingGm, tiling.tilingData.data(), tiling.tilingData.size());

    ICPU_SET_TILING_KEY(tiling.tilingKey);
    ICPU_RUN_KF(thnn_fused_lstm_cell_backward, tiling.blockDim, gradHy, gradC, cxGm, cyGm, storageGm, gradGates,
                gradCx, gradBias, workspace, tilingGm);

    // Every output element against the float64 reference; the first one off is described.
    size_t wrong = 0;
    std::string first;
    auto check = [&](const char* output, size_t row, size_t col, double got, double expected, double magnitude) {
        if (Accepted(got, expected, magnitude, dtype)) return;
        if (wrong++ == 0) {
            std::ostringstream what;
            what.precision(9);
            what << output << "[" << row << ", " << col << "] = " << got << ", float64 reference " << expected;
            first = what.str();
        }
    };
    std::vector<double> biasValue(kGates * H, 0.0), biasMagnitude(kGates * H, 0.0);
    for (size_t r = 0; r < B; ++r) {
        for (size_t j = 0; j < H; ++j) {
            const size_t k = r * H + j;
            const double* gates = &storage[r * kGates * H];
            const Element e = Reference(dhy[k], dc[k], cx[k], cy[k], gates[j], gates[H + j], gates[2 * H + j],
                                        gates[3 * H + j]);
            for (int64_t gate = 0; gate < kGates; ++gate) {
                const size_t col = gate * H + j;
                check("gradGates", r, col, Load(gradGates, r * kGates * H + col, dtype), e.value[gate],
                      e.magnitude[gate]);
                biasValue[col] += e.value[gate];
                biasMagnitude[col] += e.magnitude[gate];
            }
            check("gradCx", r, j, Load(gradCx, k, dtype), e.value[kGates], e.magnitude[kGates]);
        }
    }
    if (gradBias) {
        for (size_t col = 0; col < kGates * H; ++col) {
            check("gradBias", 0, col, Load(gradBias, col, dtype), biasValue[col], biasMagnitude[col]);
        }
    }
    EXPECT_EQ(wrong, 0u) << wrong << " output elements outside the contract's tolerance; the first: " << first
                         << " (" << tiling.blockDim << " cores, tiling key " << tiling.tilingKey << ")";

    for (uint8_t* gm : {gradHy, gradC, cxGm, cyGm, storageGm, gradGates, gradCx, gradBias, workspace, tilingGm}) {
        AscendC::GmFree(gm);
    }
}

// Every tiling key (3 dtypes x bias or not x each set of present gradients) on two shapes: one
// bias chunk with the columns split over the cores, and several bias chunks (SyncAll and the
// final gradBias pass) with the rows split unevenly over a capped core count.
std::vector<Case> AllCases() {
    struct Shape {
        int64_t batch, hidden;
        uint32_t coreCap;
    };
    const Shape shapes[] = {{40, 96, 0}, {300, 40, 7}};
    std::vector<Case> cases;
    for (const Shape& s : shapes) {
        for (Dtype dtype : {Dtype::kFloat32, Dtype::kFloat16, Dtype::kBfloat16}) {
            for (bool hasBias : {true, false}) {
                for (int grads = 3; grads >= 0; --grads) {
                    cases.push_back(Case{s.batch, s.hidden, s.coreCap, dtype, (grads & 1) != 0, (grads & 2) != 0, hasBias});
                }
            }
        }
    }
    return cases;
}

INSTANTIATE_TEST_SUITE_P(TilingKeys, ThnnFusedLstmCellBackwardKernel, testing::ValuesIn(AllCases()),
                         [](const testing::TestParamInfo<Case>& info) { return info.param.Name(); });

}  // namespace
