// Where undefined UB bytes came from, as memory checkers report origins.
//
// Bytes become undefined at a call site of the kernel: an InitBuffer (one origin per buffer,
// located by the stack its creation kept), an AllocTensor or a DataCopyPad whose padding
// holds no data (one origin per call site, found by the return address the sim's
// out-of-line entry point sees, so keeping it costs a lookup; its text is built only the
// first time). Poisoned UB intervals carry their origin's id (not per byte); vector
// instructions pass the id on to the undefined elements they compute, and the first
// instruction that reads bytes of an origin has its stack kept (once per origin). When
// undefined bytes finally escape (to GM, a scalar, a reduction) the report names both places.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ascendc_sim/core/source_location.h"

namespace sim {

class UndefinedOrigins {
public:
    // The origin of bytes left undefined by a call at the kernel's call site `site` (a return
    // address); 0 when `site` is null. `what()` ("AllocTensor of TQue<VECOUT>#1") is called
    // only for a site not seen before. `method`, when not null, is the kernel's method call
    // on that line whose object names the member ("AllocTensor").
    template <typename What>
    uint32_t ForCallSite(const void* site, const char* method, What&& what) {
        if (site == nullptr) return 0;
        auto it = bySite_.find(site);
        if (it != bySite_.end()) return it->second;
        const uint32_t id = Add(what(), site, method);
        bySite_.emplace(site, id);
        return id;
    }
    // The origin of a new buffer's bytes: its InitBuffer at the kernel's call site `site`.
    uint32_t ForBuffer(const std::string& name, const void* site);
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
        const void* site;    // a return address into the kernel
        const char* method;  // nullptr: an InitBuffer (the member is InitBuffer's first argument)
        bool read = false;
        std::unique_ptr<CallStack> firstRead;  // allocated only when read
    };
    uint32_t Add(std::string what, const void* site, const char* method);

    std::vector<Origin> origins_;                           // id - 1
    std::unordered_map<const void*, uint32_t> bySite_;
    struct Interval {
        uint32_t begin, end, id;  // id != 0
    };
    // Sorted, disjoint. A vector, not a node tree: a tile re-tags its padding row by row, and
    // nodes allocated and freed per row cost more than the short moves of a vector.
    std::vector<Interval> intervals_;
    // The first interval that ends after `offset`.
    std::vector<Interval>::const_iterator FirstEndingAfter(uint32_t offset) const;
};

}  // namespace sim
