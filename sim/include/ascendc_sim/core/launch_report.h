// The text a CPU-debug launch (ICPU_RUN_KF, a `<<<>>>` launch) prints about itself.
#pragma once
#include <string>

#include "ascendc_sim/core/launch.h"

namespace sim {

// "[ascendc-sim] <what> on <soc>: ok", or "... at file:line: FAILED" / "ok with warnings"
// followed by the error and one line per warning kind: one text, so both launch forms read alike.
std::string LaunchReportText(const std::string& what, const char* file, int line, const LaunchResult& result);

}  // namespace sim
