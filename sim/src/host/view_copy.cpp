#include "view_copy.h"

#include <algorithm>
#include <cstdint>

#include "kernel_operator.h"

namespace sim::aclnn {
namespace {

using namespace AscendC;

constexpr uint32_t kChunkBytes = 32 * 1024;  // bytes staged in UB per copy
constexpr uint32_t kMaxCores = 8;            // a copy needs few cores to reach its bandwidth
// Strided elements per DMA: each takes a 32-byte UB block, so a chunk holds this many.
constexpr int64_t kStridedBurst = kChunkBytes / 32;

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
            // Elements lastStride apart: one DMA moves up to kStridedBurst elements, one element
            // per burst (each lands in its own 32-byte UB block), the GM gap as the burst stride.
            // A gap DataCopyPad cannot express (stride 0, or beyond 4 GiB) takes one DMA per element.
            const uint64_t gap = lastStride >= 1 ? static_cast<uint64_t>(lastStride - 1) * s : 0;
            const bool batched = lastStride >= 1 && gap <= UINT32_MAX;
            const int64_t perDma = batched ? kStridedBurst : 1;
            const uint32_t gapBytes = batched ? static_cast<uint32_t>(gap) : 0;
            for (int64_t e = 0; e < rowLength; e += perDma) {
                const auto count = static_cast<uint16_t>(std::min<int64_t>(rowLength - e, perDma));
                GlobalTensor<uint8_t> stridedAt = strided[(offset + e * lastStride) * s];
                GlobalTensor<uint8_t> denseAt = dense[(denseRow + e) * s];
                LocalTensor<uint8_t> stage = queue.AllocTensor<uint8_t>();
                const DataCopyPadExtParams<uint8_t> noPad{false, 0, 0, 0};
                if (gather) {
                    DataCopyPad(stage, stridedAt, DataCopyExtParams{count, s, gapBytes, 0, 0}, noPad);
                } else {
                    DataCopyPad(stage, denseAt, DataCopyExtParams{count, s, 0, 0, 0}, noPad);
                }
                queue.EnQue(stage);
                stage = queue.DeQue<uint8_t>();
                if (gather) {
                    DataCopyPad(denseAt, stage, DataCopyExtParams{count, s, 0, 0, 0});
                } else {
                    DataCopyPad(stridedAt, stage, DataCopyExtParams{count, s, 0, gapBytes, 0});
                }
                queue.FreeTensor(stage);
            }
        }
    }
}

LaunchResult Run(const ViewLayout& view, const uint8_t* src, uint8_t* dst, bool gather) {
    LaunchConfig config;
    config.kernelName = gather ? "sim_view_gather" : "sim_view_scatter";
    config.checkGmRaces = false;  // each core copies its own rows
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
