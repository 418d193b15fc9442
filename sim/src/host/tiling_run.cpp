// RunTiling: runs an op's registered tiling function on a built context and checks what
// CANN's framework would only find out later (or never): tiling data past the buffer,
// more workspaces than supported, exceptions escaping the tiling function.
#include <cstdio>
#include <cstring>
#include <exception>
#include <memory>
#include <sstream>

#include "ascendc_sim/host/tiling_context_builder.h"
#include "context_factory.h"
#include "register/tilingdata_base.h"

namespace sim::host {
namespace {

// The context whose tiling function is running on this thread, for violations reported
// from inside it (SaveToBuffer overflow).
thread_local gert::TilingContext* t_runningContext = nullptr;

class RunningContextScope {
public:
    explicit RunningContextScope(gert::TilingContext* context) : previous_(t_runningContext) {
        t_runningContext = context;
    }
    ~RunningContextScope() { t_runningContext = previous_; }
    RunningContextScope(const RunningContextScope&) = delete;
    RunningContextScope& operator=(const RunningContextScope&) = delete;

private:
    gert::TilingContext* previous_;
};

std::string StatusText(uint32_t status) {
    char text[64];
    std::snprintf(text, sizeof(text), "%u (0x%X%s)", status, status, status == ge::GRAPH_FAILED ? ", GRAPH_FAILED" : "");
    return text;
}

// The compile-info object a TilingParse<T> registration asks for, filled by its parse
// function; nullptr (and no error) when the op registered none.
using CompileInfoPtr = std::unique_ptr<void, CompileInfoDeleter>;
CompileInfoPtr ParseCompileInfo(const OpInfo& op, fe::PlatFormInfos* platform, std::string* error) {
    if (op.tilingParse == nullptr || op.createCompileInfo == nullptr) return CompileInfoPtr(nullptr, nullptr);
    CompileInfoPtr info(op.createCompileInfo(), op.deleteCompileInfo);
    gert::TilingParseContext parseContext = ContextFactory::NewTilingParseContext(info.get(), platform);
    const uint32_t status = op.tilingParse(&parseContext);
    if (status != ge::GRAPH_SUCCESS) {
        *error = "the TilingParse function of " + op.opType + " returned " + StatusText(status);
    }
    return info;
}

}  // namespace

void SaveTilingBytes(const void* object, size_t bytes, void* data, size_t capacity, const char* className) {
    if (data != nullptr && bytes <= capacity) {
        std::memcpy(data, object, bytes);
        return;
    }
    std::ostringstream message;
    message << className << "::SaveToBuffer needs " << bytes << " bytes but the tiling buffer "
            << (data == nullptr ? "is null" : "holds " + std::to_string(capacity) + " bytes") << "; nothing was saved";
    if (t_runningContext != nullptr) {
        ContextFactory::Violations(*t_runningContext).push_back(message.str());
    } else {
        std::fprintf(stderr, "[ascendc_sim] %s\n", message.str().c_str());
    }
}

TilingResult RunTiling(const std::string& opType, gert::TilingContext& context) {
    return RunTiling(opType, context, TilingFunction());
}

TilingResult RunTiling(const std::string& opType, gert::TilingContext& context, const TilingFunction& substitute) {
    TilingResult result;
    std::string error;
    const std::optional<TilingFunc> registered = ResolveTilingFunc(opType, &error);
    if (!registered) {
        result.error = error;
        return result;
    }
    const TilingFunction tiling = substitute ? substitute : TilingFunction(*registered);
    const std::shared_ptr<const OpInfo> op = FindOpShared(opType);
    CompileInfoPtr compileInfo = ParseCompileInfo(*op, context.GetPlatformInfo(), &error);
    if (!error.empty()) {
        result.error = error;
        return result;
    }
    ContextFactory::CompileInfo(context) = compileInfo.get();

    try {
        RunningContextScope running(&context);
        result.status = tiling(&context);
    } catch (const std::exception& e) {
        result.error = "the tiling function of " + opType + " threw: " + e.what();
    } catch (...) {
        result.error = "the tiling function of " + opType + " threw a non-standard exception";
    }
    ContextFactory::CompileInfo(context) = nullptr;

    const gert::TilingData& tilingData = *context.GetRawTilingData();
    result.blockDim = context.GetBlockDim();
    result.tilingKey = context.GetTilingKey();
    result.scheduleMode = context.GetScheduleMode();
    result.needAtomic = context.NeedAtomic();
    result.localMemorySize = context.GetLocalMemorySize();
    // What the tiling function wrote: the scratch array if it asked for too many blocks.
    const std::vector<size_t>& overflowSizes = ContextFactory::OverflowWorkspaceSizes(context);
    const auto* sizes = reinterpret_cast<const gert::TypedContinuousVector<size_t>*>(
        ContextFactory::WorkspaceVector(context).get());
    if (!overflowSizes.empty()) result.workspaceSizes = overflowSizes;
    else result.workspaceSizes.assign(sizes->GetData(), sizes->GetData() + sizes->GetSize());
    const size_t dataSize = tilingData.GetDataSize() <= tilingData.GetCapacity() ? tilingData.GetDataSize() : 0;
    const auto* bytes = static_cast<const uint8_t*>(tilingData.GetData());
    result.tilingData.assign(bytes, bytes + dataSize);

    if (!result.error.empty()) return result;
    if (result.status != ge::GRAPH_SUCCESS) {
        result.error = "the tiling function of " + opType + " returned " + StatusText(result.status);
        return result;
    }
    std::vector<std::string> violations = ContextFactory::Violations(context);
    if (tilingData.GetDataSize() > tilingData.GetCapacity()) {
        violations.push_back("SetDataSize(" + std::to_string(tilingData.GetDataSize()) + ") is past the tiling buffer's " +
                             std::to_string(tilingData.GetCapacity()) + " bytes");
    }
    if (!violations.empty()) {
        result.error = "the tiling function of " + opType + " broke the framework contract: ";
        for (size_t i = 0; i < violations.size(); ++i) result.error += (i ? "; " : "") + violations[i];
        return result;
    }
    if (result.blockDim == 0) result.warnings.push_back("block dim is 0: SetBlockDim was not called");
    if (result.tilingData.empty()) result.warnings.push_back("no tiling data: SetDataSize was not called");
    result.ok = true;
    return result;
}

}  // namespace sim::host
