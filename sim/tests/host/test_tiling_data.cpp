// Tiling data bytes: SaveToBuffer writes exactly CANN's layout (fields in order, each at a
// multiple of its element size, nested structs at multiples of 8, total rounded up to 8),
// and copying those bytes into the kernel's view of the struct reproduces every field:
//  - into a hand-written POD with explicit padding, the shape of CANN's generated kernel
//    struct, and
//  - into the class's kernel form through ascendc_sim_tiling::Default, as the sim's
//    GET_TILING_DATA does (tiling_data_kernel_side.cpp).
// The host form owns its buffer as CANN's does (tiling_copy_abuse.cpp shows what a copy does).
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <vector>

#include "host_check.h"
#include "sim_test_tiling_classes.h"

namespace {

// CANN's placement rule, computed independently of the C++ layout: a field of element
// size s goes at the next multiple of s (8 for a nested struct); the total is rounded to 8.
struct FieldRule {
    const char* name;
    size_t elementBytes;
    size_t count;
    bool isStruct;
};
std::vector<size_t> CannOffsets(const std::vector<FieldRule>& fields, size_t* total) {
    std::vector<size_t> offsets;
    size_t at = 0;
    for (const FieldRule& f : fields) {
        const size_t align = f.isStruct ? 8 : f.elementBytes;
        at = (at + align - 1) / align * align;
        offsets.push_back(at);
        at += f.elementBytes * f.count;
    }
    *total = (at + 7) / 8 * 8;
    return offsets;
}

// The kernel-side struct CANN's build generates for SimTestTilingData: packed, with the
// padding spelled out as placeholder bytes.
#pragma pack(push, 1)
struct KernelInner {
    uint8_t code;
    uint8_t codePH[3];
    uint32_t count;
};
struct KernelTiling {
    uint8_t flag;
    uint8_t flagPH[7];
    int64_t total;
    uint16_t half;
    uint8_t halfPH[2];
    uint32_t splits[3];
    KernelInner inner;
    float scale;
    int8_t tail;
    uint8_t tailPH[3];
};
#pragma pack(pop)

// (Filled in place: the host form must not be copied.)
void Fill(optiling::SimTestTilingData* tiling) {
    tiling->set_flag(0xA5);
    tiling->set_total(-1234567890123LL);
    tiling->set_half(0xBEEF);
    const uint32_t splits[3] = {7, 0x80000001u, 42};
    tiling->set_splits(splits);
    tiling->inner.set_code(9);
    tiling->inner.set_count(77777);
    tiling->set_scale(-0.375f);
    tiling->set_tail(-3);
}

// The saved bytes sit at CANN's offsets: read through the packed kernel struct whose
// padding was computed by the rule, independently of the sim's class.
void CheckLayoutMatchesCannRule() {
    size_t innerTotal = 0;
    const std::vector<size_t> innerOffsets = CannOffsets({{"code", 1, 1, false}, {"count", 4, 1, false}}, &innerTotal);
    CHECK_EQ(optiling::SimTestInnerTiling().GetDataSize(), innerTotal);
    CHECK_EQ(offsetof(KernelInner, count), innerOffsets[1]);

    size_t total = 0;
    const std::vector<size_t> offsets = CannOffsets({{"flag", 1, 1, false},
                                                     {"total", 8, 1, false},
                                                     {"half", 2, 1, false},
                                                     {"splits", 4, 3, false},
                                                     {"inner", innerTotal, 1, true},
                                                     {"scale", 4, 1, false},
                                                     {"tail", 1, 1, false}},
                                                    &total);
    CHECK_EQ(total, 48u);
    CHECK_EQ(optiling::SimTestTilingData().GetDataSize(), total);
    CHECK_EQ(sizeof(KernelTiling), total);
    CHECK_EQ(offsetof(KernelTiling, total), offsets[1]);
    CHECK_EQ(offsetof(KernelTiling, half), offsets[2]);
    CHECK_EQ(offsetof(KernelTiling, splits), offsets[3]);
    CHECK_EQ(offsetof(KernelTiling, inner), offsets[4]);
    CHECK_EQ(offsetof(KernelTiling, scale), offsets[5]);
    CHECK_EQ(offsetof(KernelTiling, tail), offsets[6]);
    // CANN's ownership: copying shares the buffer, so the class must not be trivially copyable.
    CHECK(!std::is_trivially_copyable<optiling::SimTestTilingData>::value);
}

void CheckGettersAndDefaults() {
    optiling::SimTestTilingData zero;
    CHECK_EQ(zero.get_total(), 0);
    CHECK_EQ(zero.inner.get_count(), 0u);
    CHECK_EQ(zero.get_splits()[2], 0u);
    optiling::SimTestTilingData tiling;
    Fill(&tiling);
    CHECK_EQ(tiling.get_flag(), 0xA5);
    CHECK_EQ(tiling.get_total(), -1234567890123LL);
    CHECK_EQ(tiling.get_splits()[1], 0x80000001u);
    CHECK_EQ(tiling.inner.get_code(), 9);
    CHECK_EQ(tiling.get_scale(), -0.375f);
    CHECK_EQ(std::string(tiling.GetTilingClassName()), std::string("SimTestTilingData"));
}

void CheckSavedBytesReadByKernel() {
    optiling::SimTestTilingData tiling;
    Fill(&tiling);
    std::vector<uint8_t> buffer(256, 0xCC);
    tiling.SaveToBuffer(buffer.data(), buffer.size());
    CHECK_EQ(static_cast<int>(buffer[tiling.GetDataSize()]), 0xCC);  // nothing past GetDataSize()

    KernelTiling kernel;
    std::memcpy(&kernel, buffer.data(), sizeof(kernel));
    CHECK_EQ(kernel.flag, 0xA5);
    CHECK_EQ(kernel.flagPH[0], 0);  // padding is zero: the buffer starts zeroed
    CHECK_EQ(kernel.total, -1234567890123LL);
    CHECK_EQ(kernel.half, 0xBEEF);
    CHECK_EQ(kernel.splits[0], 7u);
    CHECK_EQ(kernel.splits[1], 0x80000001u);
    CHECK_EQ(kernel.splits[2], 42u);
    CHECK_EQ(kernel.inner.code, 9);
    CHECK_EQ(kernel.inner.count, 77777u);
    CHECK_EQ(kernel.scale, -0.375f);
    CHECK_EQ(kernel.tail, -3);

    // The kernel form of the same header, as the sim's GET_TILING_DATA fills it.
    const SimTestKernelView view = SimTestReadAsKernel(buffer.data());
    CHECK_EQ(view.bytes, tiling.GetDataSize());
    CHECK_EQ(view.flag, 0xA5);
    CHECK_EQ(view.total, -1234567890123LL);
    CHECK_EQ(view.half, 0xBEEF);
    CHECK_EQ(view.splits[1], 0x80000001u);
    CHECK_EQ(view.innerCode, 9);
    CHECK_EQ(view.innerCount, 77777u);
    CHECK_EQ(view.scale, -0.375f);
    CHECK_EQ(view.tail, -3);
}

// SetDataPtr: the object writes into the given buffer, and SaveToBuffer has nothing to do (CANN).
void CheckSetDataPtr() {
    std::vector<uint8_t> external(48, 0);
    optiling::SimTestTilingData tiling;
    tiling.SetDataPtr(external.data());
    tiling.set_total(5);
    tiling.inner.set_count(6);
    CHECK_EQ(external[8], 5);
    CHECK_EQ(external[36], 6);
    std::vector<uint8_t> other(48, 0xCC);
    tiling.SaveToBuffer(other.data(), other.size());
    CHECK_EQ(static_cast<int>(other[8]), 0xCC);
}

void CheckTooSmallBuffer() {
    optiling::SimTestTilingData tiling;
    Fill(&tiling);
    std::vector<uint8_t> buffer(tiling.GetDataSize() - 1, 0xCC);
    tiling.SaveToBuffer(buffer.data(), buffer.size());  // reports on stderr, writes nothing
    bool untouched = true;
    for (uint8_t b : buffer) untouched = untouched && b == 0xCC;
    CHECK(untouched);
}

}  // namespace

int main() {
    CheckLayoutMatchesCannRule();
    CheckGettersAndDefaults();
    CheckSavedBytesReadByKernel();
    CheckSetDataPtr();
    CheckTooSmallBuffer();
    return host_test::Finish("test_tiling_data");
}
