// The vocabulary of the mask/repeat ("high-dimension") forms of the vector APIs: CANN's block
// and repeat constants, MaskMode, MASK_PLACEHOLDER, BinaryRepeatParams and UnaryRepeatParams,
// and the per-core mask register with SetVectorMask, ResetMask, SetMaskCount and SetMaskNorm.
//
// Facts (values, field names, defaults, behaviour) from CANN's asc-devkit:
//   impl/basic_api/utils/kernel_utils_constants.h   the constants' values and types
//   include/basic_api/kernel_struct_binary.h/_unary.h the RepeatParams fields and defaults
//   impl/basic_api/kernel_reg.h, kernel_utils_base.h  SetVectorMask, ResetMask (all ones), and
//       how a continuous mask `len` becomes register bits (AscendCUtils::SetMask(len))
//   docs/zh/api/SIMD-API/基础API/Memory矢量计算/SIMD计算说明/掩码.md, 高维切分.md and the
//       掩码操作 pages: Normal mode (the mask selects lanes of every repeat) and Counter mode
//       (the register's low 64 bits count the elements of the whole instruction; repeatTime is
//       ignored and the repeats follow from the count).
#pragma once
#include <cstdint>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/kernel/markers.h"

namespace AscendC {

// ---- constants (CANN's names, types and values) ----
const int32_t DEFAULT_BLK_NUM = 8;            // DataBlocks per repeat
const int32_t HALF_FACTOR = 2;
const int32_t DEFAULT_BLK_STRIDE = 1;
const uint8_t DEFAULT_REPEAT_STRIDE = 8;
const uint8_t HALF_DEFAULT_REPEAT_STRIDE = 4;
const uint8_t ONE_FOURTH_DEFAULT_REPEAT_STRIDE = 2;
const uint64_t FULL_MASK = 0xffffffffffffffff;
const int32_t DEFAULT_C0_SIZE = 32;
const int32_t DEFAULT_BLOCK_SIZE = 256;
const int32_t MAX_REPEAT_TIMES = 255;
const int32_t MIN_REPEAT_TIMES = 0;
const int32_t BLOCK_CUBE = 16;
const uint16_t ONE_BLK_SIZE = 32;             // bytes of one DataBlock
const int32_t ONE_REPEAT_BYTE_SIZE = 256;     // bytes of one repeat
const int32_t FULL_MASK_LEN = 128;
const int32_t HALF_MASK_LEN = 64;
const int32_t DEFAULT_REDUCE_DST_REP_STRIDE = 1;
const uint8_t B64_BYTE_SIZE = 8;
const uint8_t B32_BYTE_SIZE = 4;
const uint8_t B16_BYTE_SIZE = 2;
const uint8_t B8_BYTE_SIZE = 1;
const uint8_t B32_DATA_NUM_PER_BLOCK = 8;
const uint8_t B16_DATA_NUM_PER_BLOCK = 16;
const int32_t B16_DATA_NUM_PER_REPEAT = 128;
const int32_t B32_DATA_NUM_PER_REPEAT = 64;
const uint32_t HALF_REPEAT_SIZE = ONE_REPEAT_BYTE_SIZE / B16_BYTE_SIZE;
const uint32_t FLOAT_REPEAT_SIZE = ONE_REPEAT_BYTE_SIZE / B32_BYTE_SIZE;
const uint32_t ONE_REPEAT_FLOAT_SIZE = ONE_REPEAT_BYTE_SIZE / B32_BYTE_SIZE;
const uint32_t ONE_REPEAT_HALF_SIZE = ONE_REPEAT_BYTE_SIZE / B16_BYTE_SIZE;
const uint32_t MAX_REPEAT_FLOAT_SIZE = ONE_REPEAT_FLOAT_SIZE * MAX_REPEAT_TIMES;
const uint32_t MAX_REPEAT_HALF_SIZE = ONE_REPEAT_HALF_SIZE * MAX_REPEAT_TIMES;
const uint32_t ONE_BLK_HALF_NUM = ONE_BLK_SIZE / B16_BYTE_SIZE;
const uint32_t ONE_BLK_FLOAT_NUM = ONE_BLK_SIZE / B32_BYTE_SIZE;
const uint32_t BRCB_BROADCAST_NUMBER = 8;
const uint32_t BRCB_MAX_REPEAT_SIZE = BRCB_BROADCAST_NUMBER * MAX_REPEAT_TIMES;
const uint32_t PAIR_REDUCE_REPEAT_STRIDE_LEN = 128;
const uint32_t PAIR_REDUCE_SUM_MERGES = 2;

// The mask argument of an API called with isSetMask = false: ignored, the register is used.
constexpr uint64_t MASK_PLACEHOLDER = 0;
constexpr uint64_t MASK_PLACEHOLDER_LIST[2] = {0, 0};

enum class MaskMode : uint8_t { NORMAL = 0, COUNTER };

// Strides count 32-byte DataBlocks: blkStride between the blocks of one repeat, repStride
// between the starts of consecutive repeats. blockNumber, repeatStrideMode and strideSizeMode
// are carried for source compatibility; the A2/A3 instructions do not read them.
struct BinaryRepeatParams {
    __aicore__ BinaryRepeatParams() {}
    __aicore__ BinaryRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t src0BlkStrideIn,
                                  const uint8_t src1BlkStrideIn, const uint8_t dstRepStrideIn,
                                  const uint8_t src0RepStrideIn, const uint8_t src1RepStrideIn)
        : dstBlkStride(dstBlkStrideIn), src0BlkStride(src0BlkStrideIn), src1BlkStride(src1BlkStrideIn),
          dstRepStride(dstRepStrideIn), src0RepStride(src0RepStrideIn), src1RepStride(src1RepStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

struct UnaryRepeatParams {
    __aicore__ UnaryRepeatParams() {}
    __aicore__ UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn,
                                 const uint8_t dstRepStrideIn, const uint8_t srcRepStrideIn)
        : dstBlkStride(dstBlkStrideIn), srcBlkStride(srcBlkStrideIn), dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn) {}
    __aicore__ UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn,
                                 const uint8_t dstRepStrideIn, const uint8_t srcRepStrideIn, const bool halfBlockIn)
        : dstBlkStride(dstBlkStrideIn), srcBlkStride(srcBlkStrideIn), dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn), halfBlock(halfBlockIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint16_t srcBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t srcRepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
    bool halfBlock = false;
};

}  // namespace AscendC

namespace sim::vec {

// The register bits AscendCUtils::SetMask<T>(len) writes for a continuous mask of `len` lanes
// (elementBytes = sizeof(T)): 64 -> low only; a full repeat or >= 128 -> all ones; otherwise the
// first `len` bits. Lanes beyond one repeat are thus clamped; in Counter mode these bits are
// read as a count (so there a continuous mask is not a count: pass mask[] = {count, 0}).
inline VectorMaskRegister ContinuousMaskBits(int64_t len, uint32_t elementBytes) {
    VectorMaskRegister bits;
    const int64_t lanes = 256 / elementBytes;
    if (len == 64) {
        bits.high = 0;
        bits.low = ~uint64_t{0};
    } else if (len == lanes || len >= 128) {
        bits.high = bits.low = ~uint64_t{0};
    } else if (len > 64) {
        bits.high = (uint64_t{1} << (len - 64)) - 1;
        bits.low = ~uint64_t{0};
    } else if (len > 0) {
        bits.high = 0;
        bits.low = (uint64_t{1} << len) - 1;
    } else {
        bits.high = bits.low = 0;
    }
    return bits;
}

// The register write of one instruction's mask argument (isSetMask = true), or nothing.
inline void WriteMask(uint64_t high, uint64_t low) {
    VectorMaskRegister& reg = Core().vectorMask;
    reg.high = high;
    reg.low = low;
}

}  // namespace sim::vec

namespace AscendC {

// isSetMask = false APIs read what these leave in the core's register. T: the operand type
// (it decides how a continuous `len` becomes bits); mode COUNTER writes len as the count.
template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ static inline void SetVectorMask(const uint64_t maskHigh, const uint64_t maskLow) {
    sim::vec::WriteMask(maskHigh, maskLow);
}

template <typename T, MaskMode mode = MaskMode::NORMAL>
__aicore__ static inline void SetVectorMask(int32_t len) {
    if constexpr (mode == MaskMode::COUNTER) {
        sim::vec::WriteMask(0, static_cast<uint64_t>(static_cast<int64_t>(len)));
    } else {
        const sim::VectorMaskRegister bits = sim::vec::ContinuousMaskBits(len, sizeof(T));
        sim::vec::WriteMask(bits.high, bits.low);
    }
}

// Every lane of every repeat again.
__aicore__ inline void ResetMask() { sim::vec::WriteMask(FULL_MASK, FULL_MASK); }

__aicore__ inline void SetMaskCount() { sim::Core().vectorMask.counter = true; }
__aicore__ inline void SetMaskNorm() { sim::Core().vectorMask.counter = false; }

// CANN's utility class (asc-devkit impl/basic_api/kernel_utils_base.h) that ops-nn kernels call
// for the same register: AscendCUtils::SetMask<T>(high, low) / SetMask<T>(len) write the mask as
// SetVectorMask does (normal mode; isSetMask = false leaves it alone), SetMaskCount/SetMaskNorm
// switch the mode; GetC0Size is one 32-byte block, GetC0Count its elements of a dtype size.
class AscendCUtils {
public:
    static constexpr int32_t kC0Bytes = 32;
    static constexpr int32_t kDefaultBlockNum = 8;  // blocks per repeat
    __aicore__ static inline int32_t GetC0Size() { return kC0Bytes; }
    __aicore__ static inline int32_t GetC0Count(const int32_t dtypeSize) {
        if (dtypeSize == 0) sim::Violation(sim::Check::ApiMisuse, "AscendCUtils::GetC0Count(dtypeSize): dtypeSize is 0");
        return dtypeSize == 0 ? 0 : kC0Bytes / dtypeSize;
    }
    __aicore__ static inline int32_t GetDefaultBlockNum() { return kDefaultBlockNum; }
    template <typename T, bool isSetMask = true>
    __aicore__ static inline void SetMask(const uint64_t& maskHigh, const uint64_t& maskLow) {
        if constexpr (isSetMask) SetVectorMask<T>(maskHigh, maskLow);
    }
    template <typename T, bool isSetMask = true>
    __aicore__ static inline void SetMask(int32_t len) {
        if constexpr (isSetMask) SetVectorMask<T>(len);
    }
    template <typename T>
    __aicore__ static inline void SetMaskCount() { AscendC::SetMaskCount(); }
    template <typename T>
    __aicore__ static inline void SetMaskNorm() { AscendC::SetMaskNorm(); }
    // CTRL[48] on A2/A3: 1 = inf/nan mode, 0 = saturation mode of the float results. The sim's
    // float instructions give IEEE results (inf/nan mode) either way; the call is accepted so that
    // kernels that bracket their work with SetOverflow(1) ... SetOverflow(0) run unchanged.
    __aicore__ static inline void SetOverflow(uint64_t ctrlValue) { (void)ctrlValue; }
};

}  // namespace AscendC
