// gert::TilingParseContext: what a TilingParse<CompileInfo>(fn) function receives (ops-nn
// style registration): the platform and the compile-info object to fill, which the sim
// then hands to the tiling function through TilingContext::GetCompileInfo<T>().
#pragma once
#include "platform/platform_infos_def.h"

namespace sim::host {
struct ContextFactory;
}  // namespace sim::host

namespace gert {

class TilingParseContext {
public:
    template <typename T>
    T* GetCompiledInfo() { return static_cast<T*>(compiledInfo_); }
    fe::PlatFormInfos* GetPlatformInfo() const { return platform_; }
    // The compile-time JSON CANN's op compiler produces; there is none in the sim.
    const char* GetCompiledJson() const { return "{}"; }

    TilingParseContext(const TilingParseContext&) = delete;
    TilingParseContext& operator=(const TilingParseContext&) = delete;

private:
    friend struct ::sim::host::ContextFactory;
    TilingParseContext(void* compiledInfo, fe::PlatFormInfos* platform)
        : compiledInfo_(compiledInfo), platform_(platform) {}

    void* compiledInfo_;
    fe::PlatFormInfos* platform_;
};

}  // namespace gert
