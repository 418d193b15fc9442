// run_vector's Compare, Compares, CompareScalar, Compare into the CMPMASK register (read back by
// GetCmpMask) and Select (vector_compare.h, vector_select.h). Options: cmp_mode / sel_mode (the
// enum values), scalar, masked with mask_lanes or bit_mask, repeat_time and repeat_params
// (Binary for Compare and Select, Unary for Compares), is_set_mask.
#include <string>
#include <vector>

#include "registry.h"
#include "vector_binding.h"

namespace simtest::vector {
namespace {

template <class T>
constexpr bool kCompareSource = sim::vec::kCompareType<T>;

bool RunCompare(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const auto mode = static_cast<CMPMODE>(o.cmpMode);
    const auto repeat = static_cast<uint8_t>(o.repeatTime);
    const auto& dst = As<uint8_t>(ops, 0);
    if (ops.size() < 2) throw BindingError(api + " takes dst and src0");
    return std::visit(
        [&](const auto& src0) {
            using T = typename std::decay_t<decltype(src0)>::PrimType;
            if constexpr (!kCompareSource<T>) {
                throw BindingError(api + ": no A2/A3 form for this source dtype");
                return false;
            } else {
                if (api == "Compare") {
                    const auto& src1 = As<T>(ops, 2);
                    if (!o.masked) Compare(dst, src0, src1, mode, static_cast<uint32_t>(count));
                    else WithMask(o, [&](auto setMask, auto mask) {
                        Compare<T, uint8_t, decltype(setMask)::value>(dst, src0, src1, mode, mask, repeat, Binary(o));
                    });
                    return true;
                }
                if (api == "CompareToRegister") {  // Compare into CMPMASK, then GetCmpMask(dst)
                    if constexpr (sim::vec::kIsOneOf<T, half, float>) {
                        const auto& src1 = As<T>(ops, 2);
                        WithMask(o, [&](auto setMask, auto mask) {
                            Compare<T, decltype(setMask)::value>(src0, src1, mode, mask, Binary(o));
                        });
                        GetCmpMask(dst);
                        return true;
                    }
                    throw BindingError("CompareToRegister: half or float only");
                }
                const T scalar = sim::vec::ScalarAs<T>(o.scalar);
                auto scalarForm = [&](auto call) {
                    if (!o.masked) call(count, std::false_type{}, 0);
                    else WithMask(o, [&](auto setMask, auto mask) { call(mask, std::true_type{}, setMask); });
                };
                if (api == "Compares") {
                    scalarForm([&](auto mask, auto masked, auto setMask) {
                        if constexpr (decltype(masked)::value) {
                            Compares<T, uint8_t, decltype(setMask)::value>(dst, src0, scalar, mode, mask, repeat, Unary(o));
                        } else {
                            Compares(dst, src0, scalar, mode, static_cast<uint32_t>(mask));
                        }
                    });
                    return true;
                }
                if (api == "CompareScalar") {
                    scalarForm([&](auto mask, auto masked, auto setMask) {
                        if constexpr (decltype(masked)::value) {
                            CompareScalar<T, uint8_t, decltype(setMask)::value>(dst, src0, scalar, mode, mask, repeat,
                                                                                Unary(o));
                        } else {
                            CompareScalar(dst, src0, scalar, mode, static_cast<uint32_t>(mask));
                        }
                    });
                    return true;
                }
                return false;
            }
        },
        ops[1]);
}

// ops: dst, selMask, src0[, src1]; without src1 the scalar form (mode 1) with `scalar`.
bool RunSelect(const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    const auto mode = static_cast<SELMODE>(o.selMode);
    const auto repeat = static_cast<uint8_t>(o.repeatTime);
    if (ops.size() < 3) throw BindingError("Select takes dst, selMask, src0[, src1]");
    return std::visit(
        [&](const auto& dst, const auto& selMask) {
            using T = typename std::decay_t<decltype(dst)>::PrimType;
            using U = typename std::decay_t<decltype(selMask)>::PrimType;
            if constexpr (!sim::vec::kSelectType<T> || !sim::vec::kSelMaskType<U>) {
                throw BindingError("Select: no A2/A3 form for these dtypes");
                return false;
            } else {
                const auto& src0 = As<T>(ops, 2);
                if (ops.size() >= 4) {
                    const auto& src1 = As<T>(ops, 3);
                    if (!o.masked) Select(dst, selMask, src0, src1, mode, static_cast<uint32_t>(count));
                    else WithMask(o, [&](auto setMask, auto mask) {
                        Select<T, U, decltype(setMask)::value>(dst, selMask, src0, src1, mode, mask, repeat, Binary(o));
                    });
                } else {
                    const T scalar = sim::vec::ScalarAs<T>(o.scalar);
                    if (!o.masked) Select(dst, selMask, src0, scalar, mode, static_cast<uint32_t>(count));
                    else WithMask(o, [&](auto setMask, auto mask) {
                        Select<T, U, decltype(setMask)::value>(dst, selMask, src0, scalar, mode, mask, repeat, Binary(o));
                    });
                }
                return true;
            }
        },
        ops[0], ops[1]);
}

bool Run(const std::string& api, const std::vector<AnyTensor>& ops, int64_t count, const Options& o) {
    if (api == "Compare" || api == "Compares" || api == "CompareScalar" || api == "CompareToRegister") {
        return RunCompare(api, ops, count, o);
    }
    if (api == "Select") return RunSelect(ops, count, o);
    return false;
}

const RunnerRegistrar registrar(&Run);

}  // namespace
}  // namespace simtest::vector

#include "cmpsel_sync.h"

SIMTEST_BINDINGS(vector_cmpsel) {
    (void)m;
    simtest::RegisterKernel("compare_select_synced", &compare_select_synced);
    simtest::RegisterKernel("compare_select_missing_mte2_v_sync", &compare_select_missing_mte2_v_sync);
}
