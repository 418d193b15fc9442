// Where undefined UB bytes came from, as memory checkers report origins.
//
// Bytes become undefined at a call site of the kernel (an InitBuffer, an AllocTensor, a
// DataCopyPad whose padding holds no data): one origin record per call site, found by the
// return address the sim's out-of-line entry point sees, so keeping it costs a map lookup.
// Poisoned UB intervals carry their origin's id (not per byte); vector instructions pass
// the id on to the undefined elements they compute, and the first instruction that reads
// bytes of an origin has its stack kept (once per origin). When undefined bytes finally
// escape (to GM, a scalar, a reduction) the report names both places.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "ascendc_sim/core/source_location.h"

namespace sim {

class UndefinedOrigins {
public:
    // The origin of bytes left undefined by `what` ("AllocTensor of TQue<VECOUT>#1") at the
    // kernel's call site `site` (a return address); 0 when `site` is null.
    uint32_t ForCallSite(const void* site, const std::string& what);
    // UB [offset, offset + bytes) is now undefined with origin `id` (0: unknown).
    void Tag(uint32_t offset, uint64_t bytes, uint32_t id);
    uint32_t At(uint32_t offset) const;  // the origin of an undefined byte (0: unknown)
    // An instruction reads undefined bytes of `id`: the first one's stack is kept.
    void NoteRead(uint32_t id);
    // "undefined since AllocTensor of ... at kernel.h:180 in K::Compute; first read at kernel.h:286 in K::AccumulateBias"
    std::string Describe(uint32_t id) const;

private:
    struct Origin {
        std::string what;
        const void* site;
        CallStack firstRead;
        bool read = false;
    };
    std::vector<Origin> origins_;                           // id - 1
    std::unordered_map<const void*, uint32_t> bySite_;
    std::map<uint32_t, std::pair<uint32_t, uint32_t>> intervals_;  // start -> (end, id), disjoint
};

}  // namespace sim
