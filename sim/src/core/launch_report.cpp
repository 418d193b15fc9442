#include "ascendc_sim/core/launch_report.h"

namespace sim {

std::string LaunchReportText(const std::string& what, const char* file, int line, const LaunchResult& result) {
    std::string text = "[ascendc-sim] " + what;
    if (!result.soc.empty()) text += " on " + result.soc;
    if (result.ok && result.warnings.empty()) return text + ": ok\n";
    text += std::string(" at ") + file + ":" + std::to_string(line) + ": " +
            (result.ok ? "ok with warnings" : "FAILED") + "\n";
    if (!result.ok) text += std::string("[ERROR][") + CheckName(result.errorKind) + "] " + result.error + "\n";
    for (const auto& warning : result.warnings) {
        text += std::string("[WARNING][") + CheckName(warning.kind) + "] x" + std::to_string(warning.count) +
                " in this launch, first: " + warning.firstMessage + "\n";
    }
    return text;
}

}  // namespace sim
