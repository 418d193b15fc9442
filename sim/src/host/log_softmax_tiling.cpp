// LogSoftMax's host tiling: SoftMax's (tiling/log_softmax_tiling.h).
#include "tiling/log_softmax_tiling.h"

#include "tiling/softmax_tiling.h"

namespace AscendC {

uint32_t GetLogSoftMaxMaxTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
    return GetSoftMaxMaxTmpSize(srcShape, dataTypeSize, isReuseSource);
}

uint32_t GetLogSoftMaxMinTmpSize(const ge::Shape srcShape, const uint32_t dataTypeSize, const bool isReuseSource) {
    return GetSoftMaxMinTmpSize(srcShape, dataTypeSize, isReuseSource);
}

void LogSoftMaxTilingFunc(const ge::Shape srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                          optiling::LogSoftMaxTiling& t) {
    optiling::SoftMaxTiling s;
    SoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, s);
    t.set_srcM(s.get_srcM());
    t.set_srcK(s.get_srcK());
    t.set_srcSize(s.get_srcSize());
    t.set_outMaxM(s.get_outMaxM());
    t.set_outMaxK(s.get_outMaxK());
    t.set_outMaxSize(s.get_outMaxSize());
    t.set_splitM(s.get_splitM());
    t.set_splitK(s.get_splitK());
    t.set_splitSize(s.get_splitSize());
    t.set_reduceM(s.get_reduceM());
    t.set_reduceK(s.get_reduceK());
    t.set_reduceSize(s.get_reduceSize());
    t.set_rangeM(s.get_rangeM());
    t.set_tailM(s.get_tailM());
    t.set_tailSplitSize(s.get_tailSplitSize());
    t.set_tailReduceSize(s.get_tailReduceSize());
}

void LogSoftMaxTilingFunc(const ge::Shape srcShape, const uint32_t dataTypeSize, const uint32_t localWorkSpaceSize,
                          AscendC::tiling::LogSoftMaxTiling& softmaxTiling) {
    tiling::SoftMaxTiling s;
    SoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, s);
    softmaxTiling = tiling::LogSoftMaxTiling{s.srcM,       s.srcK,       s.srcSize,   s.outMaxM,   s.outMaxK,
                                             s.outMaxSize, s.splitM,     s.splitK,    s.splitSize, s.reduceM,
                                             s.reduceK,    s.reduceSize, s.rangeM,    s.tailM,     s.tailSplitSize,
                                             s.tailReduceSize};
}

}  // namespace AscendC
