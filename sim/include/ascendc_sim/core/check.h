// Check kinds, their severities, and how a violation is reported.
//
// Every rule the sim enforces has one kind. A kind is an error (default: the launch
// stops, the caller gets an error status), a warning (reported once per launch with a
// count, the kernel continues) or off. Memory-unsafe instructions (a DMA outside its
// GM allocation, a UB access outside the UB array) are dropped, never executed, when
// their kind is downgraded: the host process must survive whatever the kernel does.
#pragma once
#include <cstdint>
#include <exception>
#include <string>

namespace sim {

enum class Check : int {
    GmAllocation,       // DMA or scalar GM access outside the allocation it falls in
    GmDeclaredSize,     // access beyond the size given to GlobalTensor::SetGlobalBuffer
    UbCapacity,         // InitBuffer past the UB size, or more than 64 buffers per TPipe
    UbAlignment,        // a UB operand whose start is not 32-byte aligned
    DataCopyLength,     // DataCopy(count): count * sizeof(T) not a multiple of 32
    DmaParams,          // blockCount > 4095, padding > 32 bytes, blockLen % sizeof(T), ...
    OperandBounds,      // a vector/DMA operand reaching outside its LocalTensor
    QueueCapacity,      // too many live buffers at one position, EnQue past depth, no free buffer
    QueueEmpty,         // DeQue on an empty queue
    UninitializedRead,  // UB bytes never written since allocation reach GM, a scalar or a reduction
    PipeHazard,         // a pipe touches UB another pipe wrote/reads without a sync in between
    SyncMisuse,         // SetFlag twice without WaitFlag, WaitFlag with nothing set, bad SyncAll
    ApiMisuse,          // arguments CANN rejects (count 0 where forbidden, bad position, ...)
    KernelAssert,       // ascendc_assert failed
    GmRace,             // two cores touch the same GM bytes (one writing) with no SyncAll between
    UnwrittenOutput,    // after a launch: bytes of a declared output no core wrote
    QueueLeak,          // a queue buffer still allocated or queued when the kernel returns
    kCount
};

enum class Severity : int { Error = 0, Warn = 1, Off = 2 };

const char* CheckName(Check kind);             // "gm-allocation", "uninitialized-read", ...
bool ParseCheckName(const std::string& name, Check* out);
const char* SeverityName(Severity severity);   // "error", "warn", "off"

// Process-wide settings. ASCEND_SIM_CHECKS="gm-declared-size=warn,pipe-hazard=off" (or
// "all=warn") is read once at start-up; SetSeverity overrides it.
void SetSeverity(Check kind, Severity severity);
Severity GetSeverity(Check kind);
// Applies a spec in the ASCEND_SIM_CHECKS syntax; returns false (and sets *error) if malformed.
bool ApplySeverities(const std::string& spec, std::string* error);
void ResetSeverities();  // all kinds back to their defaults, then ASCEND_SIM_CHECKS
Severity DefaultSeverity(Check kind);

// Thrown inside a core thread when a check at severity Error fails; the launch catches it.
struct KernelFault : std::exception {
    Check kind;
    std::string message;
    KernelFault(Check k, std::string m) : kind(k), message(std::move(m)) {}
    const char* what() const noexcept override { return message.c_str(); }
};

// Reports a violation of `kind` on the calling core. Prefixes "core i/n: ". Returns
// false when the violation was reported at warn/off (the caller decides whether the
// instruction can still run safely); throws KernelFault at error.
bool Violation(Check kind, const std::string& message);

}  // namespace sim
