#include "view_copy.h"

#include <algorithm>

#include "kernel_operator.h"

namespace sim::aclnn {
namespace {

using namespace AscendC;

constexpr uint32_t kChunkBytes = 32 * 1024;  // bytes staged in UB per copy
constexpr uint32_t kMaxCores = 8;            // a copy needs few cores to reach its bandwidth

// One core's share of the rows (all dims but the last) of the view.
void CopyRows(const ViewLayout& view, const uint8_t* srcBase, uint8_t* dstBase, bool gather) {
    const int64_t rank = static_cast<int64_t>(view.shape.size());
    const int64_t rowLength = rank == 0 ? 1 : view.shape.back();
    const int64_t lastStride = rank == 0 ? 1 : view.strides.back();
    const int64_t rows = rowLength == 0 ? 0 : view.Elements() / rowLength;
    const int64_t block = GetBlockIdx(), blocks = GetBlockNum();
    const int64_t begin = rows * block / blocks, end = rows * (block + 1) / blocks;
    const uint32_t s = view.elementBytes;

    GlobalTensor<uint8_t> strided, dense;
    strided.SetGlobalBuffer(const_cast<uint8_t*>(gather ? srcBase : dstBase));
    dense.SetGlobalBuffer(const_cast<uint8_t*>(gather ? dstBase : srcBase));
    TPipe pipe;
    TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> queue;
    pipe.InitBuffer(queue, 1, kChunkBytes);

    for (int64_t row = begin; row < end; ++row) {
        // Element offset of the row's first element in the storage.
        int64_t offset = view.offset, rest = row;
        for (int64_t d = rank - 2; d >= 0; --d) {
            offset += (rest % view.shape[d]) * view.strides[d];
            rest /= view.shape[d];
        }
        const int64_t denseRow = row * rowLength;
        if (lastStride == 1) {
            // A contiguous run: staged through UB in chunks with DataCopyPad.
            for (int64_t e = 0; e < rowLength; e += kChunkBytes / s) {
                const uint32_t bytes = static_cast<uint32_t>(std::min<int64_t>(rowLength - e, kChunkBytes / s) * s);
                GlobalTensor<uint8_t> from = gather ? strided[(offset + e) * s] : dense[(denseRow + e) * s];
                GlobalTensor<uint8_t> to = gather ? dense[(denseRow + e) * s] : strided[(offset + e) * s];
                LocalTensor<uint8_t> stage = queue.AllocTensor<uint8_t>();
                DataCopyPad(stage, from, DataCopyExtParams{1, bytes, 0, 0, 0}, DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
                queue.EnQue(stage);
                stage = queue.DeQue<uint8_t>();
                DataCopyPad(to, stage, DataCopyExtParams{1, bytes, 0, 0, 0});
                queue.FreeTensor(stage);
            }
        } else {
            // Elements far apart: scalar moves, byte by byte of each element.
            for (int64_t e = 0; e < rowLength; ++e) {
                const int64_t stridedByte = (offset + e * lastStride) * s, denseByte = (denseRow + e) * s;
                for (uint32_t b = 0; b < s; ++b) {
                    if (gather) {
                        dense.SetValue(denseByte + b, strided.GetValue(stridedByte + b));
                    } else {
                        strided.SetValue(stridedByte + b, dense.GetValue(denseByte + b));
                    }
                }
            }
        }
    }
}

LaunchResult Run(const ViewLayout& view, const uint8_t* src, uint8_t* dst, bool gather) {
    LaunchConfig config;
    config.kernelName = gather ? "sim_view_gather" : "sim_view_scatter";
    const int64_t rowLength = view.shape.empty() ? 1 : view.shape.back();
    const int64_t rows = rowLength == 0 ? 0 : view.Elements() / rowLength;
    config.blockDim = static_cast<uint32_t>(std::max<int64_t>(1, std::min<int64_t>({rows, kMaxCores, CurrentAivCores()})));
    config.args = {{src, gather ? "view" : "contiguous"}, {dst, gather ? "contiguous" : "view"}};
    return RunKernel(config, [&] { CopyRows(view, src, dst, gather); });
}

}  // namespace

int64_t ViewLayout::Elements() const {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

bool IsContiguous(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides) {
    int64_t expected = 1;
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
        if (shape[d] != 1 && strides[d] != expected) return false;
        expected *= shape[d];
    }
    return true;
}

LaunchResult GatherView(const ViewLayout& view, const uint8_t* storageBase, uint8_t* contiguous) {
    return Run(view, storageBase, contiguous, true);
}

LaunchResult ScatterView(const ViewLayout& view, const uint8_t* contiguous, uint8_t* storageBase) {
    return Run(view, contiguous, storageBase, false);
}

}  // namespace sim::aclnn
