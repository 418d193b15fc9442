// The sim's environment variables, read once into a snapshot instead of with getenv on every
// call: getenv walks `environ`, which another thread's setenv/putenv may be reallocating at
// that moment (Python's os.environ writes while a call runs with the GIL released), and a
// read of the freed array crashes.
//
// The snapshot is taken when the library is loaded; ReloadEnvironment takes it again. Every
// reader gets the snapshot through one atomic load, so the hot path makes no syscall, takes
// no lock and never calls getenv.
#pragma once
#include <cstdint>
#include <string>

namespace sim {

struct EnvironmentSnapshot {
    std::string soc;              // ASCEND_SIM_SOC ("" = unset)
    std::string maxCores;         // ASCEND_SIM_MAX_CORES, as written (soc.cpp parses it)
    std::string checks;           // ASCEND_SIM_CHECKS
    std::string profilePath;      // ASCEND_SIM_PROFILE ("" = no profile file)
    std::string tracePath;        // ASCEND_SIM_TRACE: each launch's trace (JSON, Perfetto) to this file
    bool traceAllCores = false;   // ASCEND_SIM_TRACE_CORES=all: every core in full, not only the busiest
    std::string linesPath;        // ASCEND_SIM_LINES: each launch's code-line table (CSV) to this file,
                                  // its instruction table beside it (.instr.csv)
    bool scalarAutoSync = true;   // ASCEND_SIM_AUTO_SYNC=off: no compiler-inserted S<->V/MTE2/MTE3 syncs
                                  // around LocalTensor scalar access (CANN's --cce-auto-sync=off)
    bool workspaceCapped = false; // ASCEND_SIM_MAX_WORKSPACE_BYTES set and non-empty
    uint64_t workspaceCapBytes = 0;
    std::string workspaceCapError;  // "" unless the cap is malformed (every aclnn call then fails)
};

// The snapshot in force (never null; lives until the process ends).
const EnvironmentSnapshot& Environment();

// Reads the variables again and applies them: the SoC and core cap become the process
// default again (as at start, replacing SetDefaultSoc), check severities are reset to error
// and ASCEND_SIM_CHECKS applied, and the profile file and workspace cap hold from the next
// call. The caller must make sure no thread edits the environment meanwhile (from Python:
// call it with the GIL held, as the bindings do).
void ReloadEnvironment();

// `text` as a whole number in [min, max]: digits only (no sign, space or suffix), no overflow
// (strtoull takes "-5" as 2^64 - 5, saturates past 2^64 and stops silently at "8x"). False
// otherwise; the caller names the variable in its message.
bool ParseWholeNumber(const std::string& text, uint64_t min, uint64_t max, uint64_t* value);

namespace detail {
// Called by ReloadEnvironment (soc.cpp, check.cpp).
void ReapplySocEnvironment();
void ReapplyCheckEnvironment();
}  // namespace detail

}  // namespace sim
