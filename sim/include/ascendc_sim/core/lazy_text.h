// Text that names an instruction in a report, built only when a report is made: checks run on
// every instruction, reports almost never, so the hot path must not format strings.
#pragma once
#include <string>

namespace sim {

class LazyText {
public:
    // A fixed name ("GlobalTensor::GetValue").
    LazyText(const char* literal) : literal_(literal) {}  // NOLINT: string literals convert
    // build(context) when the text is needed; `context` must outlive this object's uses.
    LazyText(const void* context, std::string (*build)(const void*)) : context_(context), build_(build) {}

    std::string Get() const { return literal_ != nullptr ? std::string(literal_) : build_(context_); }

private:
    const char* literal_ = nullptr;
    const void* context_ = nullptr;
    std::string (*build_)(const void*) = nullptr;
};

}  // namespace sim
