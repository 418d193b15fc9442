// Temp sizes of the high-level Reduce family (formulas and sources in tiling/reduce_tiling.h).
#include "tiling/reduce_tiling.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace AscendC {
namespace {

constexpr uint32_t kBlock = 32;
constexpr uint32_t kRepeat = 256;

uint32_t TypeBytes(TensorDataType t) {
    switch (t) {
        case ge::DT_FLOAT: case ge::DT_INT32: return 4;
        case ge::DT_FLOAT16: return 2;
        default: return 1;
    }
}
uint32_t RoundUp(uint32_t v, uint32_t to) { return (v + to - 1) / to * to; }
// The largest power of two <= n (1 for n <= 1).
uint32_t PowerBelow(uint32_t n) {
    uint32_t k = 1;
    while (n > 1) {
        k <<= 1;
        n >>= 1;
    }
    return k;
}

struct Axes {
    uint32_t first = 0, last = 0;
};

// CANN's entry checks; false (after a message): leave the outputs alone.
bool CheckShape(const TensorShape& shape, ReducePattern pattern, bool isSrcInnerPad, const char* api, Axes* axes) {
    const std::vector<int64_t> dims = shape.GetDims();
    if (dims.size() != 2) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have 2 dimensions, it has %zu\n", api, dims.size());
        return false;
    }
    if (!isSrcInnerPad) {
        std::fprintf(stderr, "[ascendc_sim] %s: isSrcInnerPad must be true on Atlas A2/A3\n", api);
        return false;
    }
    if (pattern != ReducePattern::AR && pattern != ReducePattern::RA) {
        std::fprintf(stderr, "[ascendc_sim] %s: only the AR and RA patterns are supported\n", api);
        return false;
    }
    if (dims[0] <= 0 || dims[1] <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: both axes of srcShape must be greater than 0\n", api);
        return false;
    }
    axes->first = static_cast<uint32_t>(dims[0]);
    axes->last = static_cast<uint32_t>(dims[1]);
    return true;
}

bool CheckType(TensorDataType t, bool ok, const char* api, const char* allowed) {
    if (!ok) std::fprintf(stderr, "[ascendc_sim] %s: dataType %d is not supported on Atlas A2/A3 (%s)\n", api,
                          static_cast<int>(t), allowed);
    return ok;
}

// Max, Min, and Any/All of float.
void ExtremeSize(const Axes& a, TensorDataType t, ReducePattern pattern, bool reuse, uint32_t& maxValue,
                 uint32_t& minValue) {
    if (reuse) {
        maxValue = minValue = 0;
        return;
    }
    const uint32_t s = TypeBytes(t);
    if (pattern == ReducePattern::AR) {
        const uint32_t perBlock = kBlock / s, perRepeat = kRepeat / s;
        maxValue = minValue = a.last <= perBlock ? 0 : a.first * (a.last < perRepeat ? perBlock : perRepeat) * s;
        return;
    }
    uint32_t k = PowerBelow(a.first);
    if (k == a.first && a.first > 1) k >>= 1;
    maxValue = minValue = k * RoundUp(a.last * s, kBlock);
}

// Sum and Mean (float).
void SumSize(const Axes& a, ReducePattern pattern, bool reuse, uint32_t& maxValue, uint32_t& minValue) {
    if (reuse) {
        maxValue = minValue = 0;
        return;
    }
    if (pattern == ReducePattern::AR) {
        uint32_t k = PowerBelow(a.last);
        if (k == a.last && a.first > 1) k >>= 1;
        maxValue = minValue = a.last <= 64 ? 0 : a.first * k * 4;
        return;
    }
    uint32_t k = PowerBelow(a.first);
    if (k == a.first && a.first > 1) k >>= 1;
    maxValue = minValue = k * RoundUp(a.last, 8) * 4;
}

// Any and All of uint8_t.
void AnyAllByteSize(const Axes& a, ReducePattern pattern, bool reuse, uint32_t& maxValue, uint32_t& minValue) {
    if (pattern == ReducePattern::AR) {
        maxValue = minValue = RoundUp(a.last, kBlock) * 2 + a.first * kBlock;
        return;
    }
    if (reuse) {
        maxValue = minValue = 0;
        return;
    }
    uint32_t k = PowerBelow(a.first);
    if (k == a.first && a.first > 1) k >>= 1;
    maxValue = minValue = k * RoundUp(a.last, kBlock);
}

bool IsHalfOrFloat(TensorDataType t) { return t == ge::DT_FLOAT || t == ge::DT_FLOAT16; }

}  // namespace

void GetReduceProdMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                                bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetReduceProdMaxMinTmpSize";
    Axes a;
    if (!CheckType(dataType, dataType == ge::DT_FLOAT, api, "float") ||
        !CheckShape(srcShape, pattern, isSrcInnerPad, api, &a)) {
        return;
    }
    if (isReuseSource) {
        maxValue = minValue = pattern == ReducePattern::AR ? kRepeat : 0;
        return;
    }
    if (pattern == ReducePattern::AR) {
        uint32_t k = PowerBelow(a.last);
        if (k == a.last && a.first > 1) k >>= 1;
        maxValue = minValue = (std::max(8u, k) + a.first * 8) * 4 + kRepeat;
        return;
    }
    ExtremeSize(a, dataType, pattern, false, maxValue, minValue);
}

void GetReduceSumMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                               bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetReduceSumMaxMinTmpSize";
    Axes a;
    if (!CheckType(dataType, dataType == ge::DT_FLOAT, api, "float") ||
        !CheckShape(srcShape, pattern, isSrcInnerPad, api, &a)) {
        return;
    }
    SumSize(a, pattern, isReuseSource, maxValue, minValue);
}

void GetReduceMeanMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                                bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetReduceMeanMaxMinTmpSize";
    Axes a;
    if (!CheckType(dataType, dataType == ge::DT_FLOAT, api, "float") ||
        !CheckShape(srcShape, pattern, isSrcInnerPad, api, &a)) {
        return;
    }
    SumSize(a, pattern, isReuseSource, maxValue, minValue);
}

void GetReduceMaxMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                               bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetReduceMaxMaxMinTmpSize";
    Axes a;
    if (!CheckType(dataType, IsHalfOrFloat(dataType), api, "half, float") ||
        !CheckShape(srcShape, pattern, isSrcInnerPad, api, &a)) {
        return;
    }
    ExtremeSize(a, dataType, pattern, isReuseSource, maxValue, minValue);
}

void GetReduceMinMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                               bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetReduceMinMaxMinTmpSize";
    Axes a;
    if (!CheckType(dataType, IsHalfOrFloat(dataType), api, "half, float") ||
        !CheckShape(srcShape, pattern, isSrcInnerPad, api, &a)) {
        return;
    }
    ExtremeSize(a, dataType, pattern, isReuseSource, maxValue, minValue);
}

static void AnyAll(const char* api, const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                   bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    Axes a;
    if (!CheckType(dataType, dataType == ge::DT_FLOAT || dataType == ge::DT_UINT8, api, "float, uint8_t") ||
        !CheckShape(srcShape, pattern, isSrcInnerPad, api, &a)) {
        return;
    }
    if (dataType == ge::DT_UINT8) AnyAllByteSize(a, pattern, isReuseSource, maxValue, minValue);
    else ExtremeSize(a, dataType, pattern, isReuseSource, maxValue, minValue);
}

void GetReduceAnyMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                               bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    AnyAll("GetReduceAnyMaxMinTmpSize", srcShape, dataType, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue);
}

void GetReduceAllMaxMinTmpSize(const TensorShape& srcShape, const TensorDataType dataType, ReducePattern pattern,
                               bool isSrcInnerPad, bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
    AnyAll("GetReduceAllMaxMinTmpSize", srcShape, dataType, pattern, isSrcInnerPad, isReuseSource, maxValue, minValue);
}

void GetReduceXorSumMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                  uint32_t& maxValue, uint32_t& minValue) {
    const char* api = "GetReduceXorSumMaxMinTmpSize";
    const std::vector<int64_t> dims = srcShape.GetDims();
    const int64_t elements = srcShape.GetShapeSize();
    if (dims.empty() || elements <= 0) {
        std::fprintf(stderr, "[ascendc_sim] %s: srcShape must have at least one element\n", api);
        return;
    }
    if (typeSize != 2) {
        std::fprintf(stderr, "[ascendc_sim] %s: typeSize is %u, expected 2 (int16_t)\n", api, typeSize);
        return;
    }
    const uint32_t pieces = isReuseSource ? 2 : 3;
    maxValue = minValue = pieces * std::max(static_cast<uint32_t>(elements) * typeSize, kRepeat);
}

}  // namespace AscendC
