// The step machinery of the high-level math APIs that run as a sequence of the sim's basic
// instructions (vector_trig.h, vector_math_round.h, vector_math_log.h): step names for the
// messages, the entry checks the CANN api_check/kernel_check classes make, the temp's cut into
// 32-element chunks, and the loop over those chunks.
//   MathSteps{"Floor"}("Cast") is the ApiName {"Cast", "Floor (Cast step)"}: the log counts the
//   step under its own kind, a report names the API and the step. The text is interned (one copy
//   per distinct text for the process), so an ApiName may keep pointing at it.
#pragma once
#include <algorithm>
#include <cstdint>

#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/vector_activation.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_cast.h"

namespace sim::vec {

// "api (step step)", interned.
const char* StepText(const char* api, const char* step);

struct MathSteps {
    const char* api;
    // The step of instruction `kind`, named after the kind ("Sin (Muls step)") or after `what`
    // when given ("Cos (clamp step)").
    ApiName operator()(const char* kind, const char* what = nullptr) const {
        return ApiName{kind, StepText(api, what != nullptr ? what : kind)};
    }
    ApiName Whole() const { return Named(api); }

    // One count-form instruction each, n elements.
    template <class T>
    void Cast(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, num::Rounding rounding,
              int64_t n, const char* what = nullptr) const {
        Elementwise((*this)("Cast", what), dst, n, CastOp<T, T>{rounding}, ElementwiseOptions{}, src);
    }
    // half -> float (CAST_NONE: exact) and float -> half (CAST_NONE: to nearest even).
    void Widen(const AscendC::LocalTensor<float>& dst, const AscendC::LocalTensor<half>& src, int64_t n) const {
        Elementwise((*this)("Cast", "Cast half->float"), dst, n, CastNearestOp<float, half>{}, ElementwiseOptions{},
                    src);
    }
    void Narrow(const AscendC::LocalTensor<half>& dst, const AscendC::LocalTensor<float>& src, int64_t n) const {
        Elementwise((*this)("Cast", "Cast float->half"), dst, n, CastNearestOp<half, float>{}, ElementwiseOptions{},
                    src);
    }
};

// The operand checks every one of these APIs makes on entry: calCount elements within dst and
// src (OperandBounds; false: drop the call) and, where CANN's check refuses a reused tensor,
// dst and src disjoint (ApiMisuse).
template <class T>
bool CheckMathOperands(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                       uint32_t calCount, bool dstSrcDisjoint) {
    const uint64_t bytes = uint64_t{calCount} * sizeof(T);
    if (!CheckFits(api, "dstTensor", dst.SimRef(), bytes) || !CheckFits(api, "srcTensor", src.SimRef(), bytes)) {
        return false;
    }
    if (dstSrcDisjoint) {
        CheckDisjoint(api, OperandRange{"dstTensor", dst.SimRef(), bytes, sizeof(T)},
                      OperandRange{"srcTensor", src.SimRef(), bytes, sizeof(T)});
    }
    return true;
}

// The chunk a temp of float `pieces` gives: tmpBytes / 4 / pieces, down to a multiple of
// `granule` elements (32 in most v220 implementations). ApiMisuse naming `hostQuery` when that is
// 0 (returns 0: drop the call); otherwise the temp's used bytes are checked disjoint from dst and
// src (ApiMisuse).
template <class T>
uint64_t MathChunk(const ApiName& api, const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
                   const AscendC::LocalTensor<uint8_t>& temp, uint32_t calCount, uint32_t pieces,
                   const char* hostQuery, uint32_t granule = kBlockBytes) {
    const uint64_t chunk = temp.GetSize() / sizeof(float) / pieces / granule * granule;
    if (!CheckChunk(api, temp.SimRef(), chunk, uint64_t{granule} * sizeof(float) * pieces, hostQuery)) return 0;
    const uint64_t bytes = uint64_t{calCount} * sizeof(T);
    const OperandRange tempRange{"sharedTmpBuffer", temp.SimRef(), chunk * sizeof(float) * pieces, 1};
    CheckDisjoint(api, OperandRange{"dstTensor", dst.SimRef(), bytes, sizeof(T)}, tempRange);
    CheckDisjoint(api, OperandRange{"srcTensor", src.SimRef(), bytes, sizeof(T)}, tempRange);
    return chunk;
}

// Float piece i of a temp cut into chunks of `chunk` floats.
inline AscendC::LocalTensor<float> TempPiece(const AscendC::LocalTensor<uint8_t>& temp, uint64_t chunk, uint32_t i) {
    return temp.template ReinterpretCast<float>()[static_cast<uint32_t>(chunk * i)];
}

// body(offset, n) for each chunk of calCount elements: full chunks, then the tail.
template <class Body>
void ForEachChunk(uint32_t calCount, uint64_t chunk, Body&& body) {
    for (uint32_t offset = 0; offset < calCount; offset += static_cast<uint32_t>(chunk)) {
        body(offset, static_cast<int64_t>(std::min<uint64_t>(chunk, calCount - offset)));
    }
}

}  // namespace sim::vec
