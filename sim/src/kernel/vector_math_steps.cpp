// StepText of vector_math_steps.h: the interned "api (step step)" texts.
#include "ascendc_sim/kernel/vector_math_steps.h"

#include <mutex>
#include <string>
#include <unordered_set>

namespace sim::vec {

const char* StepText(const char* api, const char* step) {
    static std::mutex mutex;
    static std::unordered_set<std::string> texts;  // node-based: an element's c_str() stays put
    std::string text = std::string(api) + " (" + step + " step)";
    const std::lock_guard<std::mutex> lock(mutex);
    return texts.insert(std::move(text)).first->c_str();
}

}  // namespace sim::vec
