// LocalMemAllocator: the static UB allocator of CANN's basic API (asc-devkit
// include/basic_api/kernel_tensor.h, impl/basic_api/kernel_tensor_impl.h).
//
//   AscendC::LocalMemAllocator<AscendC::Hardware::UB> ubAllocator;
//   auto x = ubAllocator.Alloc<AscendC::TPosition::VECIN, float, 1024>();
//   auto y = ubAllocator.Alloc<float>(tileLength);
//
// As CANN's: the allocator starts at UB address 0 (A2/A3 have no static-array region before
// it), each Alloc hands out the next `tileSize * sizeof(T)` bytes at the current address
// (GetCurAddr) and moves it on by exactly that much; no rounding, so a tile whose bytes are
// not a multiple of 32 leaves the next tile misaligned, and the first DMA or vector
// instruction on that tile reports it (ub-alignment), naming the tile. Without a position the
// tile gets the hardware's default one (VECCALC for UB). There is no TPipe and no queue: the
// kernel syncs every hand-over between pipes itself (SetFlag/WaitFlag), as with
// LocalTensor(TPosition, address, length).
//
// The sim's checks, in the allocator's terms:
//   ub-capacity  an Alloc whose tile ends past UB (CANN: "should not exceed the remaining
//                space", i.e. UB size - GetCurAddr()); the tile is cut at UB's end;
//   api-misuse   a second LocalMemAllocator of one hardware position on one core in one
//                launch (CANN allows one per position for the operator's lifetime and its CPU
//                mode asserts it);
//   and afterwards every operand check names the tile: "LocalMemAllocator<UB> tile#1".
// The sim models the vector core's UB only: another Hardware does not compile.
#pragma once
#include <cstdint>

#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/kernel/call_site.h"
#include "ascendc_sim/kernel/enums.h"
#include "ascendc_sim/kernel/tensor.h"

namespace sim {
// Marks the core's UB allocator as created; reports a second one in this launch.
void NoteUbAllocator();
// The UbRef of one tile: `bytes` at `ubByteAddress`, named "LocalMemAllocator<UB> tile#n"
// (`api` names the Alloc form in the ub-capacity report).
UbRef AllocatorTileRef(uint8_t position, uint32_t ubByteAddress, uint64_t bytes, const char* api);
}  // namespace sim

namespace AscendC {

// The physical memory a TPosition lives in (GetPhyType), for the vector positions the sim models.
__aicore__ constexpr Hardware GetPhyType(TPosition pos) {
    return pos == TPosition::GM ? Hardware::GM
           : (pos == TPosition::VECIN || pos == TPosition::VECOUT || pos == TPosition::VECCALC) ? Hardware::UB
                                                                                               : Hardware::MAX;
}

__aicore__ constexpr TPosition GetDefaultPosition(Hardware hard) {
    return hard == Hardware::UB ? TPosition::VECCALC : TPosition::MAX;
}

template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
    static_assert(hard != Hardware::GM && hard != Hardware::MAX, "LocalMemAllocator: illegal hardware position GM or MAX");
    static_assert(hard == Hardware::UB,
                  "LocalMemAllocator: the sim models the vector core's UB only (L1/L0/BIAS/FIXBUF are cube memories)");

public:
    __aicore__ inline LocalMemAllocator() { sim::NoteUbAllocator(); }
    __aicore__ inline uint32_t GetCurAddr() const { return head_; }

    template <TPosition pos, class DataType, uint32_t tileSize>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE LocalTensor<DataType> Alloc() {
        static_assert(GetPhyType(pos) == hard, "LocalMemAllocator::Alloc: logic pos and hardware pos not matched");
        return Take<DataType>(pos, tileSize, "Alloc<pos, T, tileSize>()");
    }
    template <TPosition pos, class DataType>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE LocalTensor<DataType> Alloc(uint32_t tileSize) {
        static_assert(GetPhyType(pos) == hard, "LocalMemAllocator::Alloc: logic pos and hardware pos not matched");
        return Take<DataType>(pos, tileSize, "Alloc<pos, T>(tileSize)");
    }
    template <class DataType, uint32_t tileSize>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE LocalTensor<DataType> Alloc() {
        return Take<DataType>(GetDefaultPosition(hard), tileSize, "Alloc<T, tileSize>()");
    }
    template <class DataType>
    __aicore__ ASCEND_SIM_CALL_SITE_INLINE LocalTensor<DataType> Alloc(uint32_t tileSize) {
        return Take<DataType>(GetDefaultPosition(hard), tileSize, "Alloc<T>(tileSize)");
    }

private:
    template <class DataType>
    ASCEND_SIM_CALL_SITE_INLINE LocalTensor<DataType> Take(TPosition pos, uint32_t tileSize, const char* api) {
        const uint64_t bytes = static_cast<uint64_t>(tileSize) * sizeof(DataType);
        LocalTensor<DataType> tile(sim::AllocatorTileRef(static_cast<uint8_t>(pos), head_, bytes, api));
        head_ = static_cast<uint32_t>(head_ + bytes);
        return tile;
    }

    uint32_t head_ = 0;
};

}  // namespace AscendC
