// Tiling-key template arguments (CANN's include/utils/tiling/template_argument.h, installed as
// ascendc/host_api/tiling/template_argument.h): an op declares its template parameters once
// (ASCENDC_TPL_ARGS_DECL of ASCENDC_TPL_{DTYPE,DATATYPE,FORMAT,UINT,BOOL,KERNEL_TYPE}_DECL) and
// the combinations it builds (ASCENDC_TPL_SEL of ASCENDC_TPL_ARGS_SEL ...), in a header both its
// host tiling and its kernel include.
//   Kernel side (-DASCENDC_TPL_KERNEL, which CANN's op compile adds): the declarations expand to
//   nothing; TypeFromId<DT_xxx>::type maps a data type code to its C++ type.
//   Host side: the declarations build g_tilingDeclareParams, and GET_TPL_TILING_KEY(values...) /
//   ASCENDC_TPL_SEL_PARAM(context, values...) pack the values into a tiling key, parameter i at
//   the bits after parameters 0..i-1's bit widths; a UINT parameter is coded by the index of its
//   value in its declared list (an ASCENDC_TPL_UI_RANGE / _MIX declaration expanded first). A
//   value not declared, or keys wider than 64 bits, print an [ERROR] and give INVALID_TILING_KEY,
//   as CANN's. The sim's host uses this encoding also where CANN's ASCENDC_DEBUG host build
//   calls its library's EncodeTilingKey.
#pragma once
#include <cstddef>
#include <cstdint>

#define ASCENDC_TPL_AIV_ONLY 0
#define ASCENDC_TPL_AIC_ONLY 1
#define ASCENDC_TPL_MIX_AIV_1_0 4
#define ASCENDC_TPL_MIX_AIC_1_0 5
#define ASCENDC_TPL_MIX_AIC_1_1 6
#define ASCENDC_TPL_MIX_AIC_1_2 7
#define ASCENDC_TPL_AICORE 8
#define ASCENDC_TPL_VECTORCORE 9
#define ASCENDC_TPL_MIX_AICORE 10
#define ASCENDC_TPL_MIX_VECTOR_CORE 11
#define ASCENDC_TPL_MAX 12

#define ASCENDC_TPL_1_BW 1
#define ASCENDC_TPL_2_BW 2
#define ASCENDC_TPL_4_BW 4
#define ASCENDC_TPL_8_BW 8

#define ASCENDC_TPL_DTYPE 0
#define ASCENDC_TPL_FORMAT 1
#define ASCENDC_TPL_UINT 2
#define ASCENDC_TPL_BOOL 3
constexpr uint32_t ASCENDC_TPL_KERNEL_TYPE = 4;
constexpr uint32_t ASCENDC_TPL_DETERMINISTIC = 5;
constexpr uint32_t ASCENDC_TPL_SHARED_KERNEL_TYPE = 6;

#define ASCENDC_TPL_INPUT_BIAS 100000000
#define ASCENDC_TPL_OUTPUT_BIAS 900000000
#define ASCENDC_TPL_INPUT(x) (ASCENDC_TPL_INPUT_BIAS + (x))
#define ASCENDC_TPL_OUTPUT(x) (ASCENDC_TPL_OUTPUT_BIAS + (x))

#define ASCENDC_TPL_UI_RANGE 0
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_MIX 2

constexpr uint8_t MAX_BITS_NUM = 64;
constexpr size_t VAL_PAIR = 2;
constexpr size_t VAL_START = 2;
constexpr uint64_t INVALID_TILING_KEY = 0xFFFFFFFFFFFFFFFFULL;

#if defined(ASCENDC_TPL_KERNEL)
#include "kernel_operator.h"
#include "kernel_type.h"

template <int dataTypeId>
struct TypeFromId {
    using type = void;
};
#define ASCENDC_SIM_TPL_TYPE(id, T) \
    template <>                     \
    struct TypeFromId<id> {         \
        using type = T;             \
    }
ASCENDC_SIM_TPL_TYPE(DT_FLOAT, float);
ASCENDC_SIM_TPL_TYPE(DT_FLOAT16, half);
ASCENDC_SIM_TPL_TYPE(DT_INT8, int8_t);
ASCENDC_SIM_TPL_TYPE(DT_INT32, int32_t);
ASCENDC_SIM_TPL_TYPE(DT_UINT8, uint8_t);
ASCENDC_SIM_TPL_TYPE(DT_INT16, int16_t);
ASCENDC_SIM_TPL_TYPE(DT_UINT16, uint16_t);
ASCENDC_SIM_TPL_TYPE(DT_INT64, int64_t);
ASCENDC_SIM_TPL_TYPE(DT_UINT32, uint32_t);
ASCENDC_SIM_TPL_TYPE(DT_UINT64, uint64_t);
ASCENDC_SIM_TPL_TYPE(DT_DOUBLE, double);
ASCENDC_SIM_TPL_TYPE(DT_BOOL, bool);
ASCENDC_SIM_TPL_TYPE(DT_BF16, bfloat16_t);  // dav-2201 enables bfloat16
#undef ASCENDC_SIM_TPL_TYPE

#define ASCENDC_TPL_DTYPE_DECL(...)
#define ASCENDC_TPL_DATATYPE_DECL(...)
#define ASCENDC_TPL_FORMAT_DECL(...)
#define ASCENDC_TPL_UINT_DECL(...)
#define ASCENDC_TPL_BOOL_DECL(...)
#define ASCENDC_TPL_KERNEL_TYPE_DECL(...)
#define ASCENDC_TPL_DTYPE_SEL(...)
#define ASCENDC_TPL_DATATYPE_SEL(...)
#define ASCENDC_TPL_FORMAT_SEL(...)
#define ASCENDC_TPL_UINT_SEL(...)
#define ASCENDC_TPL_BOOL_SEL(...)
#define ASCENDC_TPL_TILING_STRUCT_SEL(...)
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_DETERMINISTIC_SEL(...)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_ARGS_DECL(...)
#define ASCENDC_TPL_ARGS_SEL(...)
#define ASCENDC_TPL_SEL(...)

#else  // host
#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <utility>
#include <vector>

struct ParamStruct {
    const char* name;
    uint32_t paramType;
    uint8_t bitWidth;
    std::vector<uint64_t> vals;
    const char* macroType;
    ParamStruct(const char* inName, uint32_t inParamType, uint8_t inBitWidth, std::vector<uint64_t> inVals,
                const char* inMacroType)
        : name(inName), paramType(inParamType), bitWidth(inBitWidth), vals(std::move(inVals)), macroType(inMacroType) {
        if (paramType == ASCENDC_TPL_UINT && !vals.empty()) ParseTplUintValue();
    }
    // vals as declared: {flag, ...}. LIST: {1, v...}; RANGE: {0, n, lo1, hi1, ..., lon, hin};
    // MIX: {2, n, ranges..., v...}. Afterwards: the values in code order.
    void ParseTplUintValue() {
        const uint64_t flag = vals[0];
        if (flag == ASCENDC_TPL_UI_LIST) {
            vals.erase(vals.begin());
            return;
        }
        std::vector<uint64_t> values;
        const size_t ranges = vals.size() > 1 ? static_cast<size_t>(vals[1]) : 0;
        for (size_t r = 0; r < ranges && VAL_START + VAL_PAIR * r + 1 < vals.size(); ++r) {
            for (uint64_t v = vals[VAL_START + VAL_PAIR * r]; v <= vals[VAL_START + VAL_PAIR * r + 1]; ++v) {
                values.push_back(v);
            }
        }
        if (flag == ASCENDC_TPL_UI_MIX) {
            values.insert(values.end(), vals.begin() + std::min(vals.size(), VAL_START + VAL_PAIR * ranges), vals.end());
        }
        vals = std::move(values);
    }
};
using TilingDeclareParams = std::vector<ParamStruct>;
using TilingSelectParams = std::vector<std::vector<ParamStruct>>;

#define ASCENDC_TPL_DTYPE_DECL(x, ...) ParamStruct{#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_DATATYPE_DECL(x, ...) ParamStruct{#x, ASCENDC_TPL_DTYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_FORMAT_DECL(x, ...) ParamStruct{#x, ASCENDC_TPL_FORMAT, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_UINT_DECL(x, bw, ...) ParamStruct{#x, ASCENDC_TPL_UINT, bw, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_BOOL_DECL(x, ...) ParamStruct{#x, ASCENDC_TPL_BOOL, ASCENDC_TPL_1_BW, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_KERNEL_TYPE_DECL(x, ...) \
    ParamStruct{#x, ASCENDC_TPL_SHARED_KERNEL_TYPE, ASCENDC_TPL_8_BW, {__VA_ARGS__}, "DECL"}
#define ASCENDC_TPL_ARGS_DECL(x, ...) static TilingDeclareParams g_tilingDeclareParams{__VA_ARGS__}
// The selections only feed CANN's kernel-binary generation; the host keeps none.
#define ASCENDC_TPL_DTYPE_SEL(...)
#define ASCENDC_TPL_DATATYPE_SEL(...)
#define ASCENDC_TPL_FORMAT_SEL(...)
#define ASCENDC_TPL_UINT_SEL(...)
#define ASCENDC_TPL_BOOL_SEL(...)
#define ASCENDC_TPL_TILING_STRUCT_SEL(...)
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_DETERMINISTIC_SEL(...)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_ARGS_SEL(...)
#define ASCENDC_TPL_SEL(...)

namespace AscendC {
inline uint64_t FastEncodeTilingKeyDirect(const TilingDeclareParams& declareParams, std::initializer_list<uint64_t> args) {
    uint64_t key = 0;
    uint32_t shift = 0;
    auto arg = args.begin();
    for (size_t i = 0; i < declareParams.size() && arg != args.end(); ++i, ++arg) {
        const ParamStruct& param = declareParams[i];
        uint64_t code = *arg;
        if (param.paramType == ASCENDC_TPL_UINT) {
            const auto found = std::find(param.vals.begin(), param.vals.end(), code);
            if (found == param.vals.end()) {
                std::printf("[ERROR] ASCENDC_TPL_UINT_SEL %s value %lu does not exist in ASCENDC_TPL_UINT_DECL, "
                            "please check it!\n", param.name, static_cast<unsigned long>(code));
                return INVALID_TILING_KEY;
            }
            code = static_cast<uint64_t>(found - param.vals.begin());
        }
        if (shift < 64) key |= code << shift;
        shift += param.bitWidth;
    }
    if (shift > MAX_BITS_NUM) {
        std::printf("[ERROR] Tiling key bits %u exceed max bits %u, please check it!\n", shift,
                    static_cast<unsigned>(MAX_BITS_NUM));
        return INVALID_TILING_KEY;
    }
    return key;
}
}  // namespace AscendC

#define GET_TPL_TILING_KEY(...) AscendC::FastEncodeTilingKeyDirect(g_tilingDeclareParams, {__VA_ARGS__})
#define ASCENDC_TPL_SEL_PARAM(context, ...)               \
    do {                                                  \
        uint64_t key = GET_TPL_TILING_KEY(__VA_ARGS__); \
        (context)->SetTilingKey(key);                     \
    } while (0)
#endif
