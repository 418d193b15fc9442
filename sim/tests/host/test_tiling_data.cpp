// Tiling data bytes: SaveToBuffer writes exactly CANN's layout (fields in order, each at a
// multiple of its element size, nested structs at multiples of 8, total rounded up to 8),
// and copying those bytes into the kernel's view of the struct reproduces every field:
//  - into a hand-written POD with explicit padding, the shape of CANN's generated kernel
//    struct, and
//  - into the same class through ascendc_sim_tiling::Default, as the sim's GET_TILING_DATA does.
#include <cstddef>
#include <cstring>
#include <type_traits>
#include <vector>

#include "host_check.h"
#include "register/tilingdata_base.h"

namespace optiling {

BEGIN_TILING_DATA_DEF(SimTestInnerTiling)
    TILING_DATA_FIELD_DEF(uint8_t, code);
    TILING_DATA_FIELD_DEF(uint32_t, count);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(SimTestTilingData)
    TILING_DATA_FIELD_DEF(uint8_t, flag);
    TILING_DATA_FIELD_DEF(int64_t, total);
    TILING_DATA_FIELD_DEF(uint16_t, half);
    TILING_DATA_FIELD_DEF_ARR(uint32_t, 3, splits);
    TILING_DATA_FIELD_DEF_STRUCT(SimTestInnerTiling, inner);
    TILING_DATA_FIELD_DEF(float, scale);
    TILING_DATA_FIELD_DEF(int8_t, tail);
END_TILING_DATA_DEF;

REGISTER_TILING_DATA_CLASS(SimTestTilingOp, SimTestTilingData)

}  // namespace optiling

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

optiling::SimTestTilingData Filled() {
    optiling::SimTestTilingData tiling;
    tiling.set_flag(0xA5);
    tiling.set_total(-1234567890123LL);
    tiling.set_half(0xBEEF);
    const uint32_t splits[3] = {7, 0x80000001u, 42};
    tiling.set_splits(splits);
    tiling.inner.set_code(9);
    tiling.inner.set_count(77777);
    tiling.set_scale(-0.375f);
    tiling.set_tail(-3);
    return tiling;
}

void CheckLayoutMatchesCannRule() {
    size_t innerTotal = 0;
    const std::vector<size_t> innerOffsets = CannOffsets({{"code", 1, 1, false}, {"count", 4, 1, false}}, &innerTotal);
    CHECK_EQ(sizeof(optiling::SimTestInnerTiling), innerTotal);
    CHECK_EQ(offsetof(optiling::SimTestInnerTiling, code), innerOffsets[0]);
    CHECK_EQ(offsetof(optiling::SimTestInnerTiling, count), innerOffsets[1]);

    size_t total = 0;
    const std::vector<size_t> offsets = CannOffsets({{"flag", 1, 1, false},
                                                     {"total", 8, 1, false},
                                                     {"half", 2, 1, false},
                                                     {"splits", 4, 3, false},
                                                     {"inner", innerTotal, 1, true},
                                                     {"scale", 4, 1, false},
                                                     {"tail", 1, 1, false}},
                                                    &total);
    using T = optiling::SimTestTilingData;
    CHECK_EQ(total, 48u);
    CHECK_EQ(sizeof(T), total);
    CHECK_EQ(T().GetDataSize(), total);
    CHECK_EQ(offsetof(T, flag), offsets[0]);
    CHECK_EQ(offsetof(T, total), offsets[1]);
    CHECK_EQ(offsetof(T, half), offsets[2]);
    CHECK_EQ(offsetof(T, splits), offsets[3]);
    CHECK_EQ(offsetof(T, inner), offsets[4]);
    CHECK_EQ(offsetof(T, scale), offsets[5]);
    CHECK_EQ(offsetof(T, tail), offsets[6]);
    CHECK_EQ(sizeof(KernelTiling), total);
    CHECK(std::is_trivially_copyable<T>::value);
    CHECK(std::is_standard_layout<T>::value);
}

void CheckGettersAndDefaults() {
    const optiling::SimTestTilingData zero;
    CHECK_EQ(zero.get_total(), 0);
    CHECK_EQ(zero.inner.get_count(), 0u);
    optiling::SimTestTilingData tiling = Filled();
    CHECK_EQ(tiling.get_flag(), 0xA5);
    CHECK_EQ(tiling.get_total(), -1234567890123LL);
    CHECK_EQ(tiling.get_splits()[1], 0x80000001u);
    CHECK_EQ(tiling.inner.get_code(), 9);
    CHECK_EQ(tiling.get_scale(), -0.375f);
    CHECK_EQ(std::string(tiling.GetTilingClassName()), std::string("SimTestTilingData"));
}

void CheckSavedBytesReadByKernel() {
    const optiling::SimTestTilingData tiling = Filled();
    std::vector<uint8_t> buffer(256, 0xCC);
    tiling.SaveToBuffer(buffer.data(), buffer.size());
    CHECK_EQ(static_cast<int>(buffer[tiling.GetDataSize()]), 0xCC);  // nothing past GetDataSize()

    KernelTiling kernel;
    std::memcpy(&kernel, buffer.data(), sizeof(kernel));
    CHECK_EQ(kernel.flag, 0xA5);
    CHECK_EQ(kernel.total, -1234567890123LL);
    CHECK_EQ(kernel.half, 0xBEEF);
    CHECK_EQ(kernel.splits[0], 7u);
    CHECK_EQ(kernel.splits[1], 0x80000001u);
    CHECK_EQ(kernel.splits[2], 42u);
    CHECK_EQ(kernel.inner.code, 9);
    CHECK_EQ(kernel.inner.count, 77777u);
    CHECK_EQ(kernel.scale, -0.375f);
    CHECK_EQ(kernel.tail, -3);

    // What the sim's GET_TILING_DATA does: memcpy the bytes into ascendc_sim_tiling::Default.
    static_assert(std::is_same<::ascendc_sim_tiling::Default, optiling::SimTestTilingData>::value,
                  "REGISTER_TILING_DATA_CLASS inside namespace optiling is visible as ::ascendc_sim_tiling::Default");
    static_assert(std::is_same<::ascendc_sim_tiling::SimTestTilingOp, optiling::SimTestTilingData>::value,
                  "and under its op type");
    ::ascendc_sim_tiling::Default copy;
    std::memcpy(&copy, buffer.data(), sizeof(copy));
    CHECK(std::memcmp(&copy, &tiling, sizeof(copy)) == 0);
    CHECK_EQ(copy.total, tiling.get_total());
    CHECK_EQ(copy.inner.count, 77777u);
}

void CheckTooSmallBuffer() {
    const optiling::SimTestTilingData tiling = Filled();
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
    CheckTooSmallBuffer();
    return host_test::Finish("test_tiling_data");
}
