// run_vector's forms that read a core register set before the call (a runner, tried first):
//   WholeReduceSum, BlockReduceSum, BlockReduceMax, BlockReduceMin with is_set_mask false: the
//     mask register as set_mask / set_len / counter_mode prepare it (otherwise not handled here)
//   DeqCast: ops dst (half), src (int32); SetDeqScale(half(scalar)) unless scalar is 0, then
//     Cast<half, int32_t> in the count form (count; round_mode) or, with masked, the mask/repeat form
//   Int4Cast: ops dst (uint8 bytes as int4b_t), src (half); the mask/repeat Cast<int4b_t, half>
//     (mask or bit_mask, repeat_time, repeat_params, round_mode; is_set_mask false reads set_mask)
//   AscendAntiQuant: ops dst (half), src (uint8 bytes read as int8_t), offset, scale (half)
//     [, sharedTmpBuffer (uint8)]; K = count
//   AscendAntiQuant.scalar: ops dst, src [, sharedTmpBuffer]; offset = scalar, scale = mask / 256
//   AscendAntiQuant.scaleOnly: ops dst, src, sharedTmpBuffer; scale = mask / 256
#include <string>
#include <vector>

#include "registry.h"
#include "vector_binding.h"

namespace simtest::vector {
namespace {

template <class T>
void Prepare(const Options& o) {
    if (o.counterMode) SetMaskCount();
    if (o.setMask.size() == 2) SetVectorMask<T>(o.setMask[0], o.setMask[1]);
    if (o.setLen >= 0) {
        if (o.counterMode) SetVectorMask<T, MaskMode::COUNTER>(static_cast<int32_t>(o.setLen));
        else SetVectorMask<T>(static_cast<int32_t>(o.setLen));
    }
}

template <class T>
void RegisterReduce(const std::string& api, const std::vector<AnyTensor>& ops, const Options& o) {
    Prepare<T>(o);
    const LocalTensor<T>& dst = As<T>(ops, 0);
    const LocalTensor<T>& src = As<T>(ops, 1);
    const int32_t mask = MASK_PLACEHOLDER;
    if (api == "WholeReduceSum") {
        WholeReduceSum<T, false>(dst, src, mask, o.repeatTime, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
    } else if (api == "BlockReduceSum") {
        BlockReduceSum<T, false>(dst, src, o.repeatTime, mask, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
    } else if (api == "BlockReduceMax") {
        BlockReduceMax<T, false>(dst, src, o.repeatTime, mask, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
    } else {
        BlockReduceMin<T, false>(dst, src, o.repeatTime, mask, o.dstRepStride, o.srcBlkStride, o.srcRepStride);
    }
    if (o.counterMode) SetMaskNorm();
}

void DeqCast(const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const LocalTensor<half>& dst = As<half>(ops, 0);
    const LocalTensor<int32_t>& src = As<int32_t>(ops, 1);
    if (o.scalar != 0.0) SetDeqScale(half(static_cast<float>(o.scalar)));
    const auto mode = static_cast<RoundMode>(o.roundMode);
    if (!o.masked) {
        Cast(dst, src, mode, static_cast<uint32_t>(count));
        return;
    }
    Prepare<int32_t>(o);
    WithMask(o, [&](auto setMask, auto mask) {
        Cast<half, int32_t, decltype(setMask)::value>(dst, src, mode, mask, static_cast<uint8_t>(o.repeatTime), Unary(o));
    });
    if (o.counterMode) SetMaskNorm();
}

void Int4Cast(const std::vector<AnyTensor>& ops, const Options& o) {
    const LocalTensor<int4b_t> dst = As<uint8_t>(ops, 0).ReinterpretCast<int4b_t>();
    const LocalTensor<half>& src = As<half>(ops, 1);
    const auto mode = static_cast<RoundMode>(o.roundMode);
    Prepare<half>(o);
    WithMask(o, [&](auto setMask, auto mask) {
        Cast<int4b_t, half, decltype(setMask)::value>(dst, src, mode, mask, static_cast<uint8_t>(o.repeatTime), Unary(o));
    });
}

void AntiQuant(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const LocalTensor<half>& dst = As<half>(ops, 0);
    const LocalTensor<int8_t> src = As<uint8_t>(ops, 1).ReinterpretCast<int8_t>();
    const auto k = static_cast<uint32_t>(count);
    if (api == "AscendAntiQuant") {
        if (ops.size() > 4) {
            AscendAntiQuant<int8_t, half, false>(dst, src, As<half>(ops, 2), As<half>(ops, 3), As<uint8_t>(ops, 4), k);
        } else {
            AscendAntiQuant<int8_t, half, false>(dst, src, As<half>(ops, 2), As<half>(ops, 3), k);
        }
        return;
    }
    const half offset(static_cast<float>(o.scalar));
    const half scale(static_cast<float>(o.mask) / 256.0f);
    if (api == "AscendAntiQuant.scaleOnly") {
        AscendAntiQuant<int8_t, half, false>(dst, src, scale, As<uint8_t>(ops, 2), k);
    } else if (ops.size() > 2) {
        AscendAntiQuant<int8_t, half, false>(dst, src, offset, scale, As<uint8_t>(ops, 2), k);
    } else {
        AscendAntiQuant<int8_t, half, false>(dst, src, offset, scale, k);
    }
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const bool reduce = api == "WholeReduceSum" || api == "BlockReduceSum" || api == "BlockReduceMax" ||
                        api == "BlockReduceMin";
    if (reduce && !o.isSetMask) {
        if (ops.empty()) throw BindingError("no operands");
        std::visit(
            [&](const auto& dst) {
                using T = typename std::decay_t<decltype(dst)>::PrimType;
                if constexpr (sim::vec::kReduceType<T>) RegisterReduce<T>(api, ops, o);
                else throw BindingError(api + " is for half or float");
            },
            ops[0]);
        return true;
    }
    if (api == "DeqCast") return DeqCast(ops, count, o), true;
    if (api == "Int4Cast") return Int4Cast(ops, o), true;
    if (api.rfind("AscendAntiQuant", 0) == 0) return AntiQuant(api, ops, count, o), true;
    return false;
}

const RunnerRegistrar registrar(Run);

}  // namespace
}  // namespace simtest::vector
