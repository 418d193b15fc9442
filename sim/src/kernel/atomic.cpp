#include "ascendc_sim/kernel/atomic.h"

#include <cstring>
#include <mutex>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/numeric/round.h"

namespace sim::atomic {
namespace {

// Cores run on several host threads at once: one lock makes each row's read-modify-write atomic
// against every other core's, as the hardware's atomic unit does per element.
std::mutex& AddLock() {
    static std::mutex lock;
    return lock;
}

uint32_t ElementBytes(ElementType type) {
    switch (type) {
        case ElementType::Int8: return 1;
        case ElementType::Int16: case ElementType::Half: case ElementType::Bf16: return 2;
        default: return 4;
    }
}

const char* TypeText(ElementType type) {
    switch (type) {
        case ElementType::Int8: return "int8_t";
        case ElementType::Int16: return "int16_t";
        case ElementType::Half: return "half";
        case ElementType::Bf16: return "bfloat16_t";
        case ElementType::Int32: return "int32_t";
        default: return "float";
    }
}

const char* SetterName(Operation op) {
    switch (op) {
        case Operation::Max: return "SetAtomicMax";
        case Operation::Min: return "SetAtomicMin";
        default: return "SetAtomicAdd";
    }
}

// GM keeps its value unless UB's compares greater (Max) or less (Min); see atomic.h.
template <class T>
void Extreme(uint8_t* gm, const uint8_t* ub, uint64_t n, Operation op) {
    for (uint64_t i = 0; i < n; ++i) {
        T a, b;
        std::memcpy(&a, gm + i * sizeof(T), sizeof(T));
        std::memcpy(&b, ub + i * sizeof(T), sizeof(T));
        bool replace;
        if constexpr (std::is_integral_v<T>) {
            replace = op == Operation::Max ? b > a : b < a;
        } else {
            const float fa = static_cast<float>(a), fb = static_cast<float>(b);  // half/bf16 widen exactly
            replace = op == Operation::Max ? fb > fa : fb < fa;
        }
        if (replace) std::memcpy(gm + i * sizeof(T), &b, sizeof(T));
    }
}

template <class T>
void AddInts(uint8_t* gm, const uint8_t* ub, uint64_t n) {
    using U = std::make_unsigned_t<T>;
    for (uint64_t i = 0; i < n; ++i) {
        T a, b;
        std::memcpy(&a, gm + i * sizeof(T), sizeof(T));
        std::memcpy(&b, ub + i * sizeof(T), sizeof(T));
        const T sum = static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));  // wraps
        std::memcpy(gm + i * sizeof(T), &sum, sizeof(T));
    }
}

template <class T>
void AddFloats(uint8_t* gm, const uint8_t* ub, uint64_t n) {
    for (uint64_t i = 0; i < n; ++i) {
        T a, b;
        std::memcpy(&a, gm + i * sizeof(T), sizeof(T));
        std::memcpy(&b, ub + i * sizeof(T), sizeof(T));
        T sum;
        if constexpr (std::is_same_v<T, float>) {
            sum = a + b;
        } else {
            // The double sum is exact for half; for bfloat16_t it is exact unless one addend lies
            // below half an ulp of the other, which then rounds the same. Rounded once to T.
            const double wide = static_cast<double>(static_cast<float>(a)) + static_cast<double>(static_cast<float>(b));
            sum = T::FromBits(std::is_same_v<T, half> ? num::DoubleToHalfBits(wide, num::Rounding::NearestEven)
                                                      : num::DoubleToBf16Bits(wide, num::Rounding::NearestEven));
        }
        std::memcpy(gm + i * sizeof(T), &sum, sizeof(T));
    }
}

}  // namespace

bool ApplyRow(CoreState& core, uint8_t* gm, const uint8_t* ub, uint64_t bytes) {
    const auto type = static_cast<ElementType>(core.atomicRegister.type);
    const auto op = static_cast<Operation>(core.atomicRegister.op);
    const uint32_t size = ElementBytes(type);
    if (bytes % size != 0) {
        Violation(Check::ApiMisuse, std::string("DataCopy (UB->GM) with ") + SetterName(op) + "<" + TypeText(type) +
                                        ">: a row of " + std::to_string(bytes) + " bytes is not whole " +
                                        TypeText(type) + " elements (" + std::to_string(size) + " bytes each)");
        return false;
    }
    const uint64_t n = bytes / size;
    std::lock_guard<std::mutex> hold(AddLock());
    if (op != Operation::Add) {
        switch (type) {
            case ElementType::Int8: Extreme<int8_t>(gm, ub, n, op); break;
            case ElementType::Int16: Extreme<int16_t>(gm, ub, n, op); break;
            case ElementType::Int32: Extreme<int32_t>(gm, ub, n, op); break;
            case ElementType::Half: Extreme<half>(gm, ub, n, op); break;
            case ElementType::Bf16: Extreme<bfloat16_t>(gm, ub, n, op); break;
            case ElementType::Float: Extreme<float>(gm, ub, n, op); break;
        }
        return true;
    }
    switch (type) {
        case ElementType::Int8: AddInts<int8_t>(gm, ub, n); break;
        case ElementType::Int16: AddInts<int16_t>(gm, ub, n); break;
        case ElementType::Int32: AddInts<int32_t>(gm, ub, n); break;
        case ElementType::Half: AddFloats<half>(gm, ub, n); break;
        case ElementType::Bf16: AddFloats<bfloat16_t>(gm, ub, n); break;
        case ElementType::Float: AddFloats<float>(gm, ub, n); break;
    }
    return true;
}

void SetRegister(bool enabled, ElementType type, Operation op, const char* api) {
    CoreState& core = Core();
    core.Issue(Event{EventKind::Scalar, Pipe::S, Pipe::S, api, 0});
    core.atomicRegister.enabled = enabled;
    core.atomicRegister.type = static_cast<uint8_t>(type);
    core.atomicRegister.op = static_cast<uint8_t>(op);
}

void ReadRegister(uint16_t* atomicType, uint16_t* atomicOp, const char* api) {
    CoreState& core = Core();
    core.Issue(Event{EventKind::Scalar, Pipe::S, Pipe::S, api, 0});
    // GetStoreAtomicConfig's type codes, indexed by ElementType (Int8, Int16, Half, Bf16, Int32, Float).
    constexpr uint16_t kTypeCode[] = {5, 3, 2, 6, 4, 1};
    const AtomicRegister& r = core.atomicRegister;
    *atomicType = r.enabled ? kTypeCode[r.type] : 0;
    *atomicOp = r.enabled ? static_cast<uint16_t>(r.op) : 0;
}

void NoteCacheMaintenance(bool tensorSet, const char* api) {
    Core().Issue(Event{EventKind::Scalar, Pipe::S, Pipe::S, api, 0});
    if (!tensorSet) {
        Violation(Check::ApiMisuse, std::string(api) + ": the tensor was never given a buffer "
                                                       "(SetGlobalBuffer / AllocTensor / TBuf::Get)");
    }
}

}  // namespace sim::atomic
