// Positions, pipes and events with CANN's names (values follow CANN's declaration order).
#pragma once
#include <cstdint>

#include "ascendc_sim/core/counters.h"

enum pipe_t : uint8_t { PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_MTE4, PIPE_MTE5, PIPE_V2, PIPE_FIX };
enum event_t : uint8_t { EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7 };

namespace AscendC {
enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };  // Compare's modes

enum class TPosition : uint8_t {
    GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM,
    C2PIPE2GM, C2PIPE2LOCAL, MAX
};
using QuePosition = TPosition;

// The physical memories (CANN's impl/utils/common_types.h order).
enum class Hardware : uint8_t { GM, UB, L1, L0A, L0B, L0C, BIAS, FIXBUF, MAX };

enum class HardEvent : uint8_t {
    MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V, MTE3_MTE1, MTE1_MTE3,
    MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S,
    MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX, MAX
};

enum class RoundMode : uint8_t {
    CAST_NONE = 0, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD, CAST_HYBRID
};

enum class CacheMode : uint8_t { CACHE_MODE_NORMAL = 0, CACHE_MODE_DISABLE, CACHE_MODE_LAST, CACHE_MODE_PERSISTENT };

using TEventID = int8_t;

}  // namespace AscendC

namespace sim {

inline const char* PositionName(AscendC::TPosition pos) {
    switch (pos) {
        case AscendC::TPosition::VECIN: return "VECIN";
        case AscendC::TPosition::VECOUT: return "VECOUT";
        case AscendC::TPosition::VECCALC: return "VECCALC";
        case AscendC::TPosition::GM: return "GM";
        default: return "non-vector position";
    }
}

// The two AIV pipes an event joins; false for events that involve cube/fixpipe units.
inline bool EventPipes(AscendC::HardEvent event, Pipe* from, Pipe* to) {
    using E = AscendC::HardEvent;
    switch (event) {
        case E::MTE2_V: *from = Pipe::MTE2; *to = Pipe::V; return true;
        case E::V_MTE2: *from = Pipe::V; *to = Pipe::MTE2; return true;
        case E::MTE3_V: *from = Pipe::MTE3; *to = Pipe::V; return true;
        case E::V_MTE3: *from = Pipe::V; *to = Pipe::MTE3; return true;
        case E::V_V: *from = Pipe::V; *to = Pipe::V; return true;
        case E::MTE3_MTE2: *from = Pipe::MTE3; *to = Pipe::MTE2; return true;
        case E::MTE2_MTE3: *from = Pipe::MTE2; *to = Pipe::MTE3; return true;
        case E::S_V: *from = Pipe::S; *to = Pipe::V; return true;
        case E::V_S: *from = Pipe::V; *to = Pipe::S; return true;
        case E::S_MTE2: *from = Pipe::S; *to = Pipe::MTE2; return true;
        case E::MTE2_S: *from = Pipe::MTE2; *to = Pipe::S; return true;
        case E::S_MTE3: *from = Pipe::S; *to = Pipe::MTE3; return true;
        case E::MTE3_S: *from = Pipe::MTE3; *to = Pipe::S; return true;
        default: return false;
    }
}

}  // namespace sim
