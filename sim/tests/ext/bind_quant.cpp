// run_vector_misc's runner for the quantization APIs (vector_deq_basic.h, vector_quant.h, ...).
//   "CastDequant": dst (half, or uint8 viewed as int8/uint8), src (int32 or int16)[, vdeq as a
//     uint32 tensor viewed as uint64]; ints [form (0 count, 1 mask[], 2 mask), isVecDeq, halfBlock,
//     signedDst, mask0, mask1, repeat, dstBlk, srcBlk, dstRep, srcRep, set (0 SetDeqScale(half
//     scalar), 1 (scale bits, offset, signMode), 2 vdeq (16 scale bits, 16 offsets, 16 signModes)), ...].
//   "AddDeqRelu": dst half, src0, src1 int32; scalar: SetDeqScale(half) first; ints [form (0 count,
//     1 mask[], 2 mask, 3 count <half, int32_t>), mask0, mask1, repeat, dstBlk, s0Blk, s1Blk,
//     dstRep, s0Rep, s1Rep, isSetMask].
//   "AscendQuant": dst (uint8 viewed as int8), src (half/float)[, sharedTmpBuffer], [scale, [offset]]
//     tensors; ints [form, scaleCount, offsetCount, offset float bits]; scalar: the per-tensor scale.
//     form: 0..3 per tensor (tmp+count, tmp, count, none), 4..7 per channel with a scalar offset
//     (tmp+counts, tmp, counts, none), 8..11 per channel with an offset tensor (same order).
//   "AscendDequant": dst (half, float, or uint16 viewed as bfloat16_t), src int32[, deqScale (uint32
//     viewed as uint64_t, float, or uint16 as bfloat16_t)][, sharedTmpBuffer]; ints [form, m, n,
//     calCount, dst kind (0 half, 1 float, 2 bf16), scale kind (0 uint64, 1 float, 2 bf16), multiRow,
//     old calCount]; scalar: the scalar deqScale. form: 0 tensor+tmp, 1 tensor, 2 scalar+tmp,
//     3 scalar (DequantParams), 4..7 the older forms (tmp+calCount, tmp, calCount, none).
// quant_tmp_sizes: the host queries of tiling/quant_tiling.h.
#include <pybind11/stl.h>

#include <cstring>
#include <tuple>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "misc_binding.h"
#include "registry.h"
#include "tiling/tiling_api.h"

namespace py = pybind11;

namespace simtest::misc {
namespace {

int64_t At(const Options& o, size_t i) {
    if (i >= o.ints.size()) throw MiscError("missing ints[" + std::to_string(i) + "]");
    return o.ints[i];
}

float FloatOfBits(int64_t bits) {
    const uint32_t b = static_cast<uint32_t>(bits);
    float f;
    std::memcpy(&f, &b, sizeof f);
    return f;
}

void SetScale(const std::vector<AnyTensor>& ops, const Options& o, size_t at) {
    const int64_t mode = At(o, at);
    if (mode == 0) {
        SetDeqScale(half(static_cast<float>(o.scalar)));
    } else if (mode == 1) {
        SetDeqScale(FloatOfBits(At(o, at + 1)), static_cast<int16_t>(At(o, at + 2)), At(o, at + 3) != 0);
    } else {
        float scale[16];
        int16_t offset[16];
        bool sign[16];
        for (int i = 0; i < 16; ++i) {
            scale[i] = FloatOfBits(At(o, at + 1 + i));
            offset[i] = static_cast<int16_t>(At(o, at + 17 + i));
            sign[i] = At(o, at + 33 + i) != 0;
        }
        SetDeqScale<uint64_t>(As<uint32_t>(ops, 2).ReinterpretCast<uint64_t>(), VdeqInfo(scale, offset, sign));
    }
}

template <class T, class U, bool isVecDeq, bool halfBlock>
void CastDequantForm(const LocalTensor<T>& dst, const LocalTensor<U>& src, int64_t count, const Options& o) {
    const int64_t form = At(o, 0);
    uint64_t mask[2] = {static_cast<uint64_t>(At(o, 4)), static_cast<uint64_t>(At(o, 5))};
    const auto repeat = static_cast<uint8_t>(At(o, 6));
    const UnaryRepeatParams p(static_cast<uint16_t>(At(o, 7)), static_cast<uint16_t>(At(o, 8)),
                              static_cast<uint16_t>(At(o, 9)), static_cast<uint16_t>(At(o, 10)));
    if (form == 0) CastDequant<T, U, isVecDeq, halfBlock>(dst, src, static_cast<uint32_t>(count));
    else if (form == 1) CastDequant<T, U, true, isVecDeq, halfBlock>(dst, src, mask, repeat, p);
    else CastDequant<T, U, true, isVecDeq, halfBlock>(dst, src, static_cast<int32_t>(mask[0]), repeat, p);
}

template <class T, class U>
void CastDequantFlags(const LocalTensor<T>& dst, const LocalTensor<U>& src, int64_t count, const Options& o) {
    const bool vec = At(o, 1) != 0, hb = At(o, 2) != 0;
    if (vec && hb) CastDequantForm<T, U, true, true>(dst, src, count, o);
    else if (vec) CastDequantForm<T, U, true, false>(dst, src, count, o);
    else if (hb) CastDequantForm<T, U, false, true>(dst, src, count, o);
    else CastDequantForm<T, U, false, false>(dst, src, count, o);
}

bool RunCastDequant(const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    SetScale(ops, o, 11);
    if (std::holds_alternative<LocalTensor<half>>(ops[0])) {
        CastDequantFlags<half, int32_t>(As<half>(ops, 0), As<int32_t>(ops, 1), count, o);
    } else if (At(o, 3) != 0) {
        CastDequantFlags<int8_t, int16_t>(As<uint8_t>(ops, 0).ReinterpretCast<int8_t>(), As<int16_t>(ops, 1), count, o);
    } else {
        CastDequantFlags<uint8_t, int16_t>(As<uint8_t>(ops, 0), As<int16_t>(ops, 1), count, o);
    }
    return true;
}

bool RunAddDeqRelu(const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    SetDeqScale(half(static_cast<float>(o.scalar)));
    const LocalTensor<half>& dst = As<half>(ops, 0);
    const LocalTensor<int32_t>& a = As<int32_t>(ops, 1);
    const LocalTensor<int32_t>& b = As<int32_t>(ops, 2);
    const int64_t form = At(o, 0);
    if (form == 0) return AddDeqRelu(dst, a, b, static_cast<int32_t>(count)), true;
    if (form == 3) return AddDeqRelu<half, int32_t>(dst, a, b, static_cast<int32_t>(count)), true;
    uint64_t mask[2] = {static_cast<uint64_t>(At(o, 1)), static_cast<uint64_t>(At(o, 2))};
    const auto repeat = static_cast<uint8_t>(At(o, 3));
    const BinaryRepeatParams p(static_cast<uint8_t>(At(o, 4)), static_cast<uint8_t>(At(o, 5)),
                               static_cast<uint8_t>(At(o, 6)), static_cast<uint8_t>(At(o, 7)),
                               static_cast<uint8_t>(At(o, 8)), static_cast<uint8_t>(At(o, 9)));
    if (form == 1) AddDeqRelu(dst, a, b, mask, repeat, p);
    else AddDeqRelu(dst, a, b, mask[0], repeat, p);
    return true;
}

template <class T>
bool RunQuantFor(const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const LocalTensor<int8_t> dst = As<uint8_t>(ops, 0).ReinterpretCast<int8_t>();
    const LocalTensor<T>& src = As<T>(ops, 1);
    const int64_t form = At(o, 0);
    const auto n = static_cast<uint32_t>(count);
    const auto sc = static_cast<uint32_t>(At(o, 1)), oc = static_cast<uint32_t>(At(o, 2));
    const float offset = FloatOfBits(At(o, 3));
    const auto scale = static_cast<float>(o.scalar);
    const bool tmp = form % 4 < 2;
    const size_t p = tmp ? 3 : 2;  // the first parameter tensor
    switch (form) {
        case 0: AscendQuant<T>(dst, src, As<uint8_t>(ops, 2), scale, offset, n); break;
        case 1: AscendQuant<T>(dst, src, As<uint8_t>(ops, 2), scale, offset); break;
        case 2: AscendQuant<T>(dst, src, scale, offset, n); break;
        case 3: AscendQuant<T>(dst, src, scale, offset); break;
        case 4: AscendQuant<T>(dst, src, As<uint8_t>(ops, 2), As<T>(ops, p), T(offset), sc, n); break;
        case 5: AscendQuant<T>(dst, src, As<uint8_t>(ops, 2), As<T>(ops, p), T(offset)); break;
        case 6: AscendQuant<T>(dst, src, As<T>(ops, p), T(offset), sc, n); break;
        case 7: AscendQuant<T>(dst, src, As<T>(ops, p), T(offset)); break;
        case 8: AscendQuant<T>(dst, src, As<uint8_t>(ops, 2), As<T>(ops, p), As<T>(ops, p + 1), sc, oc, n); break;
        case 9: AscendQuant<T>(dst, src, As<uint8_t>(ops, 2), As<T>(ops, p), As<T>(ops, p + 1)); break;
        case 10: AscendQuant<T>(dst, src, As<T>(ops, p), As<T>(ops, p + 1), sc, oc, n); break;
        case 11: AscendQuant<T>(dst, src, As<T>(ops, p), As<T>(ops, p + 1)); break;
        default: throw MiscError("AscendQuant: form 0..11");
    }
    return true;
}

bool RunQuant(const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    if (std::holds_alternative<LocalTensor<half>>(ops.at(1))) return RunQuantFor<half>(ops, count, o);
    return RunQuantFor<float>(ops, count, o);
}

template <class D, class S, DeQuantMode mode>
void DequantForm(const LocalTensor<D>& dst, const std::vector<AnyTensor>& ops, const Options& o) {
    const LocalTensor<int32_t>& src = As<int32_t>(ops, 1);
    const int64_t form = At(o, 0);
    const DequantParams p{static_cast<uint32_t>(At(o, 1)), static_cast<uint32_t>(At(o, 2)), static_cast<uint32_t>(At(o, 3))};
    const auto cal = static_cast<uint32_t>(At(o, 7));
    const bool scalar = form == 2 || form == 3;
    const size_t tmpAt = scalar ? 2 : 3;
    const auto tmp = [&] { return As<uint8_t>(ops, tmpAt); };
    if (scalar) {
        if constexpr (sim::vec::kDequantScalarPair<D, S>) {
            const S sc = S(static_cast<float>(o.scalar));
            if (form == 2) AscendDequant<D, S, mode>(dst, src, sc, tmp(), p);
            else AscendDequant<D, S, mode>(dst, src, sc, p);
            return;
        }
        throw MiscError("AscendDequant: no scalar form for these types");
    }
    LocalTensor<S> sc;
    if constexpr (std::is_same_v<S, uint64_t>) sc = As<uint32_t>(ops, 2).ReinterpretCast<uint64_t>();
    else if constexpr (std::is_same_v<S, bfloat16_t>) sc = As<uint16_t>(ops, 2).ReinterpretCast<bfloat16_t>();
    else sc = As<float>(ops, 2);
    switch (form) {
        case 0: AscendDequant<D, S, mode>(dst, src, sc, tmp(), p); break;
        case 1: AscendDequant<D, S, mode>(dst, src, sc, p); break;
        case 4: AscendDequant<D, S, mode>(dst, src, sc, tmp(), cal); break;
        case 5: AscendDequant<D, S, mode>(dst, src, sc, tmp()); break;
        case 6: AscendDequant<D, S, mode>(dst, src, sc, cal); break;
        case 7: AscendDequant<D, S, mode>(dst, src, sc); break;
        default: throw MiscError("AscendDequant: form 0..7");
    }
}

template <class D, class S>
void DequantMode(const LocalTensor<D>& dst, const std::vector<AnyTensor>& ops, const Options& o) {
    if (At(o, 6) != 0) DequantForm<D, S, DeQuantMode::DEQUANT_WITH_MULTI_ROW>(dst, ops, o);
    else DequantForm<D, S, DeQuantMode::DEQUANT_WITH_SINGLE_ROW>(dst, ops, o);
}

bool RunDequant(const std::vector<AnyTensor>& ops, const Options& o) {
    const int64_t d = At(o, 4), s = At(o, 5);
    if (d == 0 && s == 0) DequantMode<half, uint64_t>(As<half>(ops, 0), ops, o);
    else if (d == 1 && s == 1) DequantMode<float, float>(As<float>(ops, 0), ops, o);
    else if (d == 1 && s == 2) DequantMode<float, bfloat16_t>(As<float>(ops, 0), ops, o);
    else if (d == 2 && s == 2) DequantMode<bfloat16_t, bfloat16_t>(As<uint16_t>(ops, 0).ReinterpretCast<bfloat16_t>(), ops, o);
    else if (d == 2 && s == 1) DequantMode<bfloat16_t, float>(As<uint16_t>(ops, 0).ReinterpretCast<bfloat16_t>(), ops, o);
    else throw MiscError("AscendDequant: unsupported (dst, scale) kinds");
    return true;
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    if (api == "CastDequant") return RunCastDequant(ops, count, o);
    if (api == "AddDeqRelu") return RunAddDeqRelu(ops, count, o);
    if (api == "AscendQuant") return RunQuant(ops, count, o);
    if (api == "AscendDequant") return RunDequant(ops, o);
    return false;
}

struct Register {
    Register() { ExtraRunners().insert(ExtraRunners().begin(), &Run); }
} registerQuant;

}  // namespace
}  // namespace simtest::misc

SIMTEST_BINDINGS(quant) {
    m.def(
        "quant_tmp_sizes",
        [](const std::string& api, const std::vector<int64_t>& shape, uint32_t typeSize, const std::vector<int64_t>& scale,
           bool isTranspose, int inputType, int outputType) {
            uint32_t maxValue = 0, minValue = 0, live = 0, extra = 0;
            const ge::Shape s(shape);
            if (api == "AscendQuant") {
                AscendC::GetAscendQuantMaxMinTmpSize(s, typeSize, maxValue, minValue);
                AscendC::GetAscendQuantTmpBufferFactorSize(live, extra);
            } else if (api == "AscendDequant") {
                AscendC::GetAscendDequantMaxMinTmpSize(s, typeSize, maxValue, minValue);
                AscendC::GetAscendDequantTmpBufferFactorSize(s, live, extra);
            } else if (api == "AscendAntiQuant") {
                const ge::Shape sc(scale);
                const auto in = static_cast<ge::DataType>(inputType), out = static_cast<ge::DataType>(outputType);
                AscendC::GetAscendAntiQuantMaxMinTmpSize(s, sc, isTranspose, in, out, maxValue, minValue);
                AscendC::GetAscendAntiQuantTmpBufferFactorSize(s, sc, isTranspose, in, out, live, extra);
            }
            return std::make_tuple(maxValue, minValue, live, extra);
        },
        py::arg("api"), py::arg("shape"), py::arg("type_size"), py::arg("scale") = std::vector<int64_t>{},
        py::arg("is_transpose") = false, py::arg("input_type") = 0, py::arg("output_type") = 0,
        "Get<api>MaxMinTmpSize's (max, min) and Get<api>TmpBufferFactorSize's (maxLiveNodeCount, extraBuf) for "
        "AscendQuant, AscendDequant, AscendAntiQuant.");
}
