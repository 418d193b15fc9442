// The dynamic-shape Broadcast and the kernel-side GetBroadcastTilingInfo (CANN's
// include/adv_api/pad/broadcast.h, BroadcastTiling of broadcast_utils.h; page docs/zh/api/SIMD-API/
// 高阶API/张量变换/Broadcast.md). The page supports both on Ascend 950PR/950DT only, and CANN's
// header declares them for every arch but gives them an empty body on Atlas A2/A3 (2201): a kernel
// calling them builds and then leaves dst (or the tiling) unwritten. The sim declares them with
// CANN's signatures so such a kernel builds here too, and reports each call as ApiMisuse, naming the
// A2/A3 form that does the work (Broadcast<T, dim, axis>, vector_broadcast.h).
#pragma once
#include <cstdint>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/tensor.h"

namespace AscendC {

struct BroadcastTiling {
    uint32_t oriRank;
    uint32_t rank;
    uint32_t dstSize;
    uint32_t srcSize;
    uint32_t loopNum = 0;
    uint32_t oriSrcShape[9];
    uint32_t oriDstShape[9];
    uint32_t dstShape[9];
    uint32_t dstStride[9];
    uint32_t srcStride[10];
};

}  // namespace AscendC

namespace sim::vec {

inline void RejectBroadcast950Only(const char* form) {
    Violation(Check::ApiMisuse,
              std::string(form) + " is supported on Ascend 950PR/950DT only (Broadcast.md); on Atlas A2/A3 CANN "
                                  "compiles it to an empty body, so nothing is computed. Use "
                                  "Broadcast<T, dim, axis>(dst, src, dstShape, srcShape[, sharedTmpBuffer]) there");
}

}  // namespace sim::vec

namespace AscendC {

template <typename T, int constRank = -1, uint32_t* constDstShape = nullptr, uint32_t* constSrcShape = nullptr>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void GetBroadcastTilingInfo(uint32_t rank, const uint32_t* dstShape,
                                                                   const uint32_t* srcShape, bool srcInnerPad,
                                                                   BroadcastTiling& tiling) {
    sim::NoteCallSite();
    (void)rank, (void)dstShape, (void)srcShape, (void)srcInnerPad, (void)tiling;
    sim::vec::RejectBroadcast950Only("GetBroadcastTilingInfo");
}

template <typename T, int constRank = -1, uint32_t* constDstShape = nullptr, uint32_t* constSrcShape = nullptr,
          bool constSrcInnerPad = false>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void Broadcast(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                                                      const uint32_t* dstShape, const uint32_t* srcShape,
                                                      BroadcastTiling* tiling) {
    sim::NoteCallSite();
    (void)dst, (void)src, (void)dstShape, (void)srcShape, (void)tiling;
    sim::vec::RejectBroadcast950Only("Broadcast with a BroadcastTiling (the dynamic-shape form)");
}

}  // namespace AscendC
