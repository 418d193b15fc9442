// A string as a JSON string literal (quotes, escapes): shared by the sim's JSON writers.
#pragma once
#include <string>

namespace sim {
std::string JsonQuote(const std::string& text);
}  // namespace sim
