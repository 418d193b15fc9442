// CreateVecIndex: dst[i] = firstValue + i, as Atlas A2/A3 builds it. CANN's implementation
// (asc-devkit impl/basic_api/dav_c220/kernel_operator_vec_createvecindex_impl.h; signatures in
// include/basic_api/kernel_operator_vec_createvecindex_intf.h, types on the page
// docs/zh/api/SIMD-API/基础API/Memory矢量计算/数据填充/CreateVecIndex.md: int16_t, half, int32_t,
// float) is not one instruction but a sequence, and the sim issues the same sequence of its own
// APIs, so values, checks and modeled time follow from theirs:
//   1. the first 32-B block by scalar writes (SetValue of firstValue + i, computed in int64 for
//      integers and in float then rounded to T for half/float), then an S->V SetFlag/WaitFlag;
//   2. blocks 2..8 of the first repeat, each Adds(block before, 32 / sizeof(T)) (one repeat,
//      PipeBarrier<PIPE_V> after each);
//   3. each later repeat Adds(repeat before, 256 / sizeof(T)).
// So half results carry the rounding of those additions (as on the hardware), and a report of a
// bad dst names the step (LocalTensor::SetValue or Adds) that touched it.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/markers.h"
#include "ascendc_sim/kernel/sync.h"
#include "ascendc_sim/kernel/tensor.h"
#include "ascendc_sim/kernel/tpipe.h"
#include "ascendc_sim/kernel/vector_arith.h"
#include "ascendc_sim/kernel/vector_engine.h"
#include "ascendc_sim/kernel/vector_mask.h"

namespace sim::vec {

template <class T>
constexpr bool kVecIndexType = kIsOneOf<T, int16_t, half, int32_t, float>;

template <class T>
inline T IndexValue(T first, int64_t offset) {
    if constexpr (std::is_integral_v<T>) return static_cast<T>(static_cast<int64_t>(first) + offset);
    else return ScalarAs<T>(Widen(first) + static_cast<float>(offset));
}

// Step 1: the first `count` elements of dst at element positions `at(i)` by scalar writes.
template <class T, class At>
void SeedByScalar(const AscendC::LocalTensor<T>& dst, T first, uint32_t count, At at) {
    for (uint32_t i = 0; i < count; ++i) dst.SetValue(at(i), IndexValue(first, i));
    AscendC::SetFlag<AscendC::HardEvent::S_V>(0);
    AscendC::WaitFlag<AscendC::HardEvent::S_V>(0);
}

}  // namespace sim::vec

namespace AscendC {

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CreateVecIndex(LocalTensor<T> dst, const T& firstValue, uint32_t count) {
    static_assert(sim::vec::kVecIndexType<T>, "CreateVecIndex: element type must be int16_t, half, int32_t or float "
                                              "on Atlas A2/A3");
    sim::NoteCallSite();
    constexpr uint32_t perBlock = ONE_BLK_SIZE / sizeof(T);
    constexpr uint32_t perRepeat = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    if (count == 0) return;
    sim::vec::SeedByScalar(dst, firstValue, count < perBlock ? count : perBlock, [](uint32_t i) { return i; });
    if (count <= perBlock) return;
    const UnaryRepeatParams contiguous;
    const uint32_t firstRepeat = count < perRepeat ? count : perRepeat;
    for (uint32_t b = 1; b * perBlock < firstRepeat; ++b) {
        const uint32_t lanes = firstRepeat - b * perBlock < perBlock ? firstRepeat - b * perBlock : perBlock;
        Adds(dst[b * perBlock], dst[(b - 1) * perBlock], static_cast<T>(perBlock), static_cast<uint64_t>(lanes), 1,
             contiguous);
        PipeBarrier<PIPE_V>();
    }
    for (uint32_t r = 1; r * perRepeat < count; ++r) {
        const uint32_t lanes = count - r * perRepeat < perRepeat ? count - r * perRepeat : perRepeat;
        Adds(dst[r * perRepeat], dst[(r - 1) * perRepeat], static_cast<T>(perRepeat), static_cast<uint64_t>(lanes), 1,
             contiguous);
        PipeBarrier<PIPE_V>();
    }
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CreateVecIndex(LocalTensor<T>& dst, const T& firstValue, uint64_t mask[],
                                                           uint8_t repeatTime, uint16_t dstBlkStride,
                                                           uint8_t dstRepStride) {
    static_assert(sim::vec::kVecIndexType<T>, "CreateVecIndex: element type must be int16_t, half, int32_t or float "
                                              "on Atlas A2/A3");
    sim::NoteCallSite();
    constexpr uint32_t perBlock = ONE_BLK_SIZE / sizeof(T);
    constexpr uint32_t perRepeat = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    // Step 1 covers the whole first repeat: every lane set in mask, at its strided position.
    for (uint32_t lane = 0; lane < perRepeat; ++lane) {
        if (!((mask[lane / 64] >> (lane % 64)) & 1u)) continue;
        dst.SetValue(lane / perBlock * perBlock * dstBlkStride + lane % perBlock, sim::vec::IndexValue(firstValue, lane));
    }
    SetFlag<HardEvent::S_V>(0);
    WaitFlag<HardEvent::S_V>(0);
    UnaryRepeatParams strided;
    strided.dstBlkStride = dstBlkStride;
    strided.srcBlkStride = dstBlkStride;
    for (uint32_t r = 1; r < repeatTime; ++r) {
        Adds(dst[r * dstRepStride * perBlock], dst[(r - 1) * dstRepStride * perBlock], static_cast<T>(perRepeat), mask,
             1, strided);
        PipeBarrier<PIPE_V>();
    }
}

template <typename T>
__aicore__ ASCEND_SIM_CALL_SITE_INLINE void CreateVecIndex(LocalTensor<T>& dst, const T& firstValue, uint64_t mask,
                                                           uint8_t repeatTime, uint16_t dstBlkStride,
                                                           uint8_t dstRepStride) {
    static_assert(sim::vec::kVecIndexType<T>, "CreateVecIndex: element type must be int16_t, half, int32_t or float "
                                              "on Atlas A2/A3");
    sim::NoteCallSite();
    constexpr uint32_t perBlock = ONE_BLK_SIZE / sizeof(T);
    constexpr uint32_t perRepeat = ONE_REPEAT_BYTE_SIZE / sizeof(T);
    const uint32_t lanes = mask < perRepeat ? static_cast<uint32_t>(mask) : perRepeat;
    sim::vec::SeedByScalar(dst, firstValue, lanes < perBlock ? lanes : perBlock, [](uint32_t i) { return i; });
    UnaryRepeatParams contiguous;
    // Blocks 2..8 of the first repeat, each from the block before (strided by dstBlkStride).
    const uint32_t blockElements = dstBlkStride * perBlock;
    for (uint32_t b = 1; b * perBlock < lanes; ++b) {
        const uint32_t n = lanes - b * perBlock < perBlock ? lanes - b * perBlock : perBlock;
        Adds(dst[b * blockElements], dst[(b - 1) * blockElements], static_cast<T>(perBlock), static_cast<uint64_t>(n),
             1, contiguous);
        PipeBarrier<PIPE_V>();
    }
    UnaryRepeatParams strided;
    strided.dstBlkStride = dstBlkStride;
    strided.srcBlkStride = dstBlkStride;
    for (uint32_t r = 1; r < repeatTime; ++r) {
        Adds(dst[r * dstRepStride * perBlock], dst[(r - 1) * dstRepStride * perBlock], static_cast<T>(perRepeat),
             static_cast<uint64_t>(lanes), 1, strided);
        PipeBarrier<PIPE_V>();
    }
}

}  // namespace AscendC
