// Compare/Compares and Select argument checks and the CMPMASK register moves
// (kernel/vector_compare.h, vector_select.h):
// out of line, as a report is built only when a check fails.
#include <cstring>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_compare.h"
#include "ascendc_sim/kernel/vector_select.h"

namespace sim::vec {

bool CheckCompareMode(const ApiName& api, AscendC::CMPMODE mode, bool eqOnly) {
    const auto value = static_cast<int>(mode);
    if (value > static_cast<int>(AscendC::CMPMODE::NE)) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": cmpMode " + std::to_string(value) +
                                        " is not a CMPMODE (LT, GT, EQ, LE, GE or NE)");
        return false;
    }
    if (eqOnly && mode != AscendC::CMPMODE::EQ) {
        Violation(Check::ApiMisuse, std::string(api.text) + ": cmpMode " + std::to_string(value) +
                                        " on int32_t sources; Atlas A2/A3 compare int32_t with CMPMODE::EQ only");
        return false;
    }
    return true;
}

void CheckCompareCount(const ApiName& api, uint64_t count, uint32_t elementBytes) {
    const uint64_t bytes = count * elementBytes;
    if (bytes % kRepeatBytes == 0) return;
    Violation(Check::ApiMisuse, std::string(api.text) + ": count " + std::to_string(count) + " elements (" +
                                    std::to_string(bytes) + " bytes) is not a multiple of 256 bytes; the last " +
                                    std::to_string(bytes % kRepeatBytes / elementBytes) +
                                    " elements would not be compared on Atlas A2/A3");
}

namespace {

// One 16-B move between the register and UB: a PIPE_V instruction of its own.
uint8_t* RegisterOperand(const ApiName& api, const char* operand, const UbRef& ref, Access access) {
    CoreState& core = Core();
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, kCmpMaskBytes, 0, 0, 0, 1};
    event.elementBytes = event.srcElementBytes = 1;
    event.sources = access == Access::Read ? 1 : 0;
    event.ubDst = event.ubSrc0 = ref.offset;
    const uint64_t seq = core.Issue(event);
    if (!CheckFits(api, operand, ref, kCmpMaskBytes)) return nullptr;
    uint8_t* p = core.Operand(api.text, operand, ref, 0, kCmpMaskBytes, Pipe::V, seq, access,
                              /*requireAligned=*/false);
    if (p == nullptr) return nullptr;
    CheckAlignment(api, operand, ref, kCmpMaskBytes);
    CheckPosition(api, operand, ref);
    return p;
}

}  // namespace

void StoreCmpMask(const ApiName& api, const UbRef& dst) {
    uint8_t* p = RegisterOperand(api, "dst", dst, Access::Overwrite);
    if (p == nullptr) return;
    std::memcpy(p, Core().cmpMask.bits, kCmpMaskBytes);
    Core().MarkDefined(dst.offset, kCmpMaskBytes, true);
}

void LoadCmpMask(const ApiName& api, const UbRef& src) {
    const uint8_t* p = RegisterOperand(api, "src", src, Access::Read);
    if (p == nullptr) return;
    Core().RequireDefined(api.text, "src", src, 0, kCmpMaskBytes, "loads into the CMPMASK register");
    std::memcpy(Core().cmpMask.bits, p, kCmpMaskBytes);
}

}  // namespace sim::vec

// ---- Select (kernel/vector_select.h) ----
namespace sim::vec {

bool CheckSelectMode(const ApiName& api, AscendC::SELMODE mode, bool scalarForm) {
    const auto value = static_cast<int>(mode);
    std::string problem;
    if (value > static_cast<int>(AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE)) {
        problem = "selMode " + std::to_string(value) +
                  " is not a SELMODE (VSEL_CMPMASK_SPR, VSEL_TENSOR_SCALAR_MODE or VSEL_TENSOR_TENSOR_MODE)";
    } else if (scalarForm && mode != AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        problem = "selMode " + std::to_string(value) +
                  " with a scalar src1; a scalar src1 takes SELMODE::VSEL_TENSOR_SCALAR_MODE";
    } else if (!scalarForm && mode == AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE) {
        problem = "SELMODE::VSEL_TENSOR_SCALAR_MODE with a src1 tensor; that mode takes src1 as a scalar "
                  "(CANN's implementation does nothing for this call)";
    }
    if (problem.empty()) return true;
    Violation(Check::ApiMisuse, std::string(api.text) + ": " + problem);
    return false;
}

const uint8_t* SelMaskOperand(const ApiName& api, const UbRef& selMask, uint32_t lanes, const LaneSchedule& schedule,
                              uint64_t seq) {
    uint32_t lastLane = 0;
    for (uint32_t l = 0; l < lanes; ++l) {
        if (schedule.tail.Has(l)) lastLane = l;
    }
    const uint64_t bits = (schedule.repeats - 1) * lanes + lastLane + 1;
    const uint64_t bytes = (bits + 7) / 8;
    if (!CheckFits(api, "selMask", selMask, bytes)) return nullptr;
    CoreState& core = Core();
    const uint8_t* p = core.Operand(api.text, "selMask", selMask, 0, bytes, Pipe::V, seq, Access::Read);
    if (p == nullptr) return nullptr;
    CheckPosition(api, "selMask", selMask);
    core.RequireDefined(api.text, "selMask", selMask, 0, bytes, "selects by");
    return p;
}

bool SelMaskAtRegisterAddress(const ApiName& api, UbRef* out) {
    CoreState& core = Core();
    const uint32_t address = static_cast<uint32_t>(core.cmpMask.bits[0]);
    for (size_t i = core.buffers.size(); i-- > 0;) {
        const UbBuffer& b = core.buffers[i];
        if (address >= b.offset && address < b.offset + b.bytes) {
            out->offset = address;
            out->bytes = b.offset + b.bytes - address;
            out->buffer = static_cast<int32_t>(i);
            out->position = static_cast<uint8_t>(AscendC::TPosition::VECCALC);
            return true;
        }
    }
    Violation(Check::ApiMisuse, std::string(api.text) + ": VSEL_TENSOR_TENSOR_MODE without selMask reads the selMask "
                                    "address from the CMPMASK register, which holds " + std::to_string(address) +
                                    ": no UB buffer of this core holds that address (SetCmpMask a tensor holding "
                                    "selMask's GetPhyAddr() first)");
    return false;
}

void WriteCmpMaskStep(const ApiName& api, const void* value, uint32_t bytes) {
    CoreState& core = Core();
    Event event{EventKind::Vector, Pipe::V, Pipe::V, api.kind, kCmpMaskBytes, 0, 0, 0, 1};
    event.elementBytes = event.srcElementBytes = 1;
    core.Issue(event);
    CmpMaskRegister reg;
    std::memcpy(reg.bits, value, bytes < kCmpMaskBytes ? bytes : kCmpMaskBytes);
    core.cmpMask = reg;
}

}  // namespace sim::vec
