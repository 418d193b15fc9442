#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/kernel/vector_transpose.h"

namespace sim::vec {

bool RefForAddress(const ApiName& api, const char* operand, uint64_t address, UbRef* out) {
    const CoreState& core = Core();
    for (size_t i = 0; i < core.buffers.size(); ++i) {
        const UbBuffer& buffer = core.buffers[i];
        if (address >= buffer.offset && address < uint64_t{buffer.offset} + buffer.bytes) {
            out->offset = static_cast<uint32_t>(address);
            out->bytes = static_cast<uint32_t>(buffer.offset + buffer.bytes - address);
            out->buffer = static_cast<int32_t>(i);
            out->position = static_cast<uint8_t>(AscendC::TPosition::VECCALC);  // not known from an address
            return true;
        }
    }
    Violation(Check::OperandBounds, std::string(api.text) + ": " + operand + " = UB address " +
                                        std::to_string(address) + " lies in no buffer of this core");
    return false;
}

const char* ListName(bool dst, uint32_t index) {
    static const char* const kDst[16] = {"dstList[0]",  "dstList[1]",  "dstList[2]",  "dstList[3]",
                                         "dstList[4]",  "dstList[5]",  "dstList[6]",  "dstList[7]",
                                         "dstList[8]",  "dstList[9]",  "dstList[10]", "dstList[11]",
                                         "dstList[12]", "dstList[13]", "dstList[14]", "dstList[15]"};
    static const char* const kSrc[16] = {"srcList[0]",  "srcList[1]",  "srcList[2]",  "srcList[3]",
                                         "srcList[4]",  "srcList[5]",  "srcList[6]",  "srcList[7]",
                                         "srcList[8]",  "srcList[9]",  "srcList[10]", "srcList[11]",
                                         "srcList[12]", "srcList[13]", "srcList[14]", "srcList[15]"};
    return (dst ? kDst : kSrc)[index % 16];
}

bool RejectTranspose(const ApiName& api, const std::string& problem) {
    Violation(Check::ApiMisuse, std::string(api.text) + ": " + problem);
    return false;
}

bool CheckTransDataParams(const ApiName& api, const AscendC::TransDataTo5HDParams& p, bool byteType) {
    if (!byteType && (p.dstHighHalf || p.srcHighHalf)) {
        return RejectTranspose(api, std::string(p.dstHighHalf ? "dstHighHalf" : "srcHighHalf") +
                                        " is true; it is only valid for int8_t / uint8_t");
    }
    return true;
}

}  // namespace sim::vec
