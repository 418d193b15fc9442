// run_vector's Sort32 and MrgSort (vector_sort.h), and _simtest.mrg_sort_result.
// Sort32: ops dst, src0 (half/float), src1 (uint32); repeat_time. MrgSort: ops dst and 2 to 4
// queues; repeat_params = [elementLengths x4, ifExhaustedSuspension, validBit, repeatTimes].
// mrg_sort_result() gives GetMrgSortResult's four counts after the last MrgSort run.
// High-level (vector_sort_highlevel.h): Sort: ops dst, concat, index (uint32), tmp; scalar 1 =
// isFullSort; cal_index = first Concat(concat, src = ops[1], tmp) into a fresh handle;
// repeat_time. Extract: ops dstValue, dstIndex (uint32), sorted; repeat_time. MrgSortHL: as
// MrgSort, through the high-level MrgSort<T, isExhaustedSuspension> (repeat_params[4]);
// mrg_sort_result() then gives its sortedNum. sort_len(n) gives GetSortLen/GetSortOffset.
#include <pybind11/stl.h>

#include <string>
#include <tuple>
#include <vector>

#include "registry.h"
#include "vector_binding.h"

namespace simtest::vector {
namespace {

std::tuple<uint16_t, uint16_t, uint16_t, uint16_t> g_result;

template <class T>
bool RunFor(const std::string& api, const std::vector<AnyTensor>& ops, const Options& o) {
    if constexpr (sim::vec::kSortType<T>) {
        if (api == "Sort32") {
            Sort32(As<T>(ops, 0), As<T>(ops, 1), As<uint32_t>(ops, 2), o.repeatTime);
            return true;
        }
        if (api == "MrgSort") {
            const auto& p = o.repeatParams;
            if (p.size() != 7) throw BindingError("MrgSort takes [len x4, ifExhaustedSuspension, validBit, repeatTimes]");
            const uint16_t lengths[4] = {static_cast<uint16_t>(p[0]), static_cast<uint16_t>(p[1]),
                                         static_cast<uint16_t>(p[2]), static_cast<uint16_t>(p[3])};
            const MrgSort4Info info(lengths, p[4] != 0, static_cast<uint16_t>(p[5]), static_cast<uint16_t>(p[6]));
            MrgSortSrcList<T> list;
            if (ops.size() > 1) list.src1 = As<T>(ops, 1);
            if (ops.size() > 2) list.src2 = As<T>(ops, 2);
            if (ops.size() > 3) list.src3 = As<T>(ops, 3);
            if (ops.size() > 4) list.src4 = As<T>(ops, 4);
            MrgSort(As<T>(ops, 0), list, info);
            uint16_t a = 0, b = 0, c = 0, d = 0;
            GetMrgSortResult(a, b, c, d);
            g_result = {a, b, c, d};
            return true;
        }
        if (api == "MrgSortHL") {
            const auto& p = o.repeatParams;
            if (p.size() != 7) throw BindingError("MrgSortHL takes [len x4, isExhaustedSuspension, validBit, repeatTime]");
            const uint16_t lengths[4] = {static_cast<uint16_t>(p[0]), static_cast<uint16_t>(p[1]),
                                         static_cast<uint16_t>(p[2]), static_cast<uint16_t>(p[3])};
            MrgSortSrcList<T> list;
            if (ops.size() > 1) list.src1 = As<T>(ops, 1);
            if (ops.size() > 2) list.src2 = As<T>(ops, 2);
            if (ops.size() > 3) list.src3 = As<T>(ops, 3);
            if (ops.size() > 4) list.src4 = As<T>(ops, 4);
            uint32_t sorted[4] = {7, 7, 7, 7};
            if (p[4] != 0) MrgSort<T, true>(As<T>(ops, 0), list, lengths, sorted, static_cast<uint16_t>(p[5]), p[6]);
            else MrgSort<T>(As<T>(ops, 0), list, lengths, sorted, static_cast<uint16_t>(p[5]), p[6]);
            g_result = {static_cast<uint16_t>(sorted[0]), static_cast<uint16_t>(sorted[1]),
                        static_cast<uint16_t>(sorted[2]), static_cast<uint16_t>(sorted[3])};
            return true;
        }
        if (api == "Sort") {
            LocalTensor<T> tmp = As<T>(ops, 3);
            LocalTensor<T> concat = As<T>(ops, 1);
            if (o.calIndex) {
                LocalTensor<T> fresh;
                Concat(fresh, As<T>(ops, 1), tmp, o.repeatTime);
                concat = fresh;
            }
            if (o.scalar != 0) Sort<T, true>(As<T>(ops, 0), concat, As<uint32_t>(ops, 2), tmp, o.repeatTime);
            else Sort<T, false>(As<T>(ops, 0), concat, As<uint32_t>(ops, 2), tmp, o.repeatTime);
            return true;
        }
        if (api == "Extract") {
            Extract(As<T>(ops, 0), As<uint32_t>(ops, 1), As<T>(ops, 2), o.repeatTime);
            return true;
        }
    }
    return false;
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t, const Options& o) {
    if (api != "Sort32" && api != "MrgSort" && api != "MrgSortHL" && api != "Sort" && api != "Extract") return false;
    if (ops.empty()) throw BindingError("no operands");
    const bool ran = std::visit(
        [&](const auto& dst) { return RunFor<typename std::decay_t<decltype(dst)>::PrimType>(api, ops, o); }, ops[0]);
    if (!ran) throw BindingError(api + " has no A2/A3 form for this dtype");
    return true;
}

const RunnerRegistrar registrar(&Run);

}  // namespace
}  // namespace simtest::vector

SIMTEST_BINDINGS(sort) {
    m.def("mrg_sort_result", [] { return simtest::vector::g_result; },
          "GetMrgSortResult's four counts after the last MrgSort run.");
    m.def("sort_len", [](uint32_t n) {
        return std::make_tuple(AscendC::GetSortLen<float>(n), AscendC::GetSortLen<half>(n),
                               AscendC::GetSortOffset<float>(n), AscendC::GetSortOffset<half>(n));
    });
}
