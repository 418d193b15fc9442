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
#include <utility>
#include <vector>

#include "ascendc_sim/core/source_location.h"

namespace sim {

// The name of a UB buffer as the kernel knows it ("TQue<VECIN>#0 buffer 1", "TBuf<VECCALC>#2"),
// kept as static text and numbers: every core carves its buffers in every launch, and only a
// report needs the text.
struct BufferName {
    const char* kind = nullptr;      // static text: "TQue<VECIN>", "TBuf", "stack buffer (...)"
    const char* position = nullptr;  // static text, shown as "<VECCALC>" after kind; null: none
    int32_t number = -1;             // shown as "#number" when >= 0
    int32_t slot = -1;               // a queue's buffer, shown as " buffer slot" when >= 0
    std::string Text() const;
};

// What left bytes undefined, as text parts built only for a report: prefix, then the buffer's
// name (if any), then suffix ("InitBuffer of " + "TBuf<VECCALC>#0", "DataCopyPad" + " padding").
struct OriginText {
    const char* prefix = "";  // static text
    BufferName buffer;        // buffer.kind null: no buffer named
    const char* suffix = "";  // static text
    std::string Text() const;
};

class UndefinedOrigins {
public:
    // The origin of bytes left undefined by a call at the kernel's call site `site` (a return
    // address); 0 when `site` is null. `what()` (an OriginText: "AllocTensor of TQue<VECOUT>#1")
    // is called only for a site not seen before. `method`, when not null, is the kernel's method call
    // on that line whose object names the member ("AllocTensor").
    template <typename What>
    uint32_t ForCallSite(const void* site, const char* method, What&& what) {
        if (site == nullptr) return 0;
        // A kernel has a handful of such call sites: a linear search, no node per site.
        for (const SiteOrigin& known : bySite_) {
            if (known.site == site) return known.id;
        }
        const uint32_t id = Add(what(), site, method);
        bySite_.push_back(SiteOrigin{site, id});
        return id;
    }
    // The origin of a new buffer's bytes: its InitBuffer at the kernel's call site `site`.
    uint32_t ForBuffer(const BufferName& name, const void* site);
    // Forgets every origin and tag (a new launch), keeping the storage.
    void Clear();
    // UB [offset, offset + bytes) is now undefined with origin `id` (0: unknown).
    void Tag(uint32_t offset, uint64_t bytes, uint32_t id);
    uint32_t At(uint32_t offset) const;  // the origin of an undefined byte (0: unknown)
    // An instruction reads undefined bytes of `id`: the first one's stack is kept.
    void NoteRead(uint32_t id);
    // "undefined since AllocTensor of ... at kernel.h:180 in K::Compute; first read at kernel.h:286 in K::AccumulateBias"
    std::string Describe(uint32_t id) const;

private:
    struct Origin {
        OriginText what;
        const void* site;    // a return address into the kernel
        const char* method;  // nullptr: an InitBuffer (the member is InitBuffer's first argument)
        bool read = false;
        std::unique_ptr<CallStack> firstRead;  // allocated only when read
    };
    uint32_t Add(const OriginText& what, const void* site, const char* method);

    struct SiteOrigin {
        const void* site;
        uint32_t id;
    };
    std::vector<Origin> origins_;  // id - 1
    std::vector<SiteOrigin> bySite_;
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
