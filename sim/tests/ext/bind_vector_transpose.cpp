// run_vector's Transpose and TransDataTo5HD (vector_transpose.h). API names:
//   Transpose: ops dst, src (16x16 two-byte elements)
//   TransposeExt: ops dst, src, sharedTmpBuffer (uint8); repeat_params = [n, c, h, w, transposeType]
//   TransDataTo5HD.tensors / .addrs / .ub: ops dst, src[, dstAddrs, srcAddrs (uint32 tensors of
//     32 words, read as 16 uint64_t addresses)]; repeat_params = 16 dst element offsets, 16 src
//     element offsets, then dstHighHalf, srcHighHalf, repeatTimes, dstRepStride, srcRepStride
#include <string>
#include <type_traits>
#include <vector>

#include "registry.h"
#include "vector_binding.h"

namespace simtest::vector {
namespace {

template <class T>
bool RunFor(const std::string& api, const std::vector<AnyTensor>& ops, const Options& o) {
    const auto& p = o.repeatParams;
    if constexpr (sim::vec::kTransposeType<T>) {
        if (api == "Transpose") {
            Transpose(As<T>(ops, 0), As<T>(ops, 1));
            return true;
        }
    }
    if constexpr (sim::vec::kTransDataTo5HDType<T>) {
        if (api == "TransposeExt") {
            if (p.size() != 5) throw BindingError("TransposeExt takes [n, c, h, w, transposeType]");
            const TransposeParamsExt params(p[0], p[1], p[2], p[3], static_cast<TransposeType>(p[4]));
            Transpose(As<T>(ops, 0), As<T>(ops, 1), As<uint8_t>(ops, 2), params);
            return true;
        }
        if (api.rfind("TransDataTo5HD.", 0) == 0) {
            if (p.size() != 37) throw BindingError("TransDataTo5HD takes 16 + 16 offsets and 5 parameters");
            const TransDataTo5HDParams params(p[32] != 0, p[33] != 0, static_cast<uint8_t>(p[34]),
                                              static_cast<uint16_t>(p[35]), static_cast<uint16_t>(p[36]));
            const LocalTensor<T>& dst = As<T>(ops, 0);
            const LocalTensor<T>& src = As<T>(ops, 1);
            if (api == "TransDataTo5HD.tensors") {
                LocalTensor<T> dstList[16], srcList[16];
                for (int i = 0; i < 16; ++i) {
                    dstList[i] = dst[p[i]];
                    srcList[i] = src[p[16 + i]];
                }
                TransDataTo5HD<T>(dstList, srcList, params);
            } else if (api == "TransDataTo5HD.addrs") {
                uint64_t dstList[16], srcList[16];
                for (int i = 0; i < 16; ++i) {
                    dstList[i] = dst[p[i]].GetPhyAddr();
                    srcList[i] = src[p[16 + i]].GetPhyAddr();
                }
                TransDataTo5HD<T>(dstList, srcList, params);
            } else if (api == "TransDataTo5HD.ub") {
                LocalTensor<uint64_t> dstAddrs = As<uint32_t>(ops, 2).template ReinterpretCast<uint64_t>();
                LocalTensor<uint64_t> srcAddrs = As<uint32_t>(ops, 3).template ReinterpretCast<uint64_t>();
                for (int i = 0; i < 16; ++i) {
                    dstAddrs.SetValue(i, dst[p[i]].GetPhyAddr());
                    srcAddrs.SetValue(i, src[p[16 + i]].GetPhyAddr());
                }
                TransDataTo5HD<T>(dstAddrs, srcAddrs, params);
            } else {
                return false;
            }
            return true;
        }
    }
    return false;
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    if (api != "Transpose" && api != "TransposeExt" && api.rfind("TransDataTo5HD.", 0) != 0) return false;
    if (ops.empty()) throw BindingError("no operands");
    const bool ran = std::visit(
        [&](const auto& dst) { return RunFor<typename std::decay_t<decltype(dst)>::PrimType>(api, ops, o); }, ops[0]);
    if (!ran) throw BindingError(api + " has no A2/A3 form for this dtype");
    return true;
}

const RunnerRegistrar registrar(&Run);

}  // namespace
}  // namespace simtest::vector
