// Temp size of the high-level TransData (formulas, checks and their source in tiling/transdata_tiling.h).
#include "tiling/transdata_tiling.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace AscendC {
namespace {

bool Fail(const char* what) {
    std::fprintf(stderr, "[ascendc_sim] [TransData][GetTransDataMaxMinTmpSize] %s\n", what);
    return false;
}

int64_t Ceil16(int64_t v) { return (v + 15) / 16; }

struct Ncdhw {
    int64_t n, c, d, h, w;
};

// The NCDHW dims, checked against the other shape (rank 6: NDC1HWC0, rank 7: FRACTAL_Z_3D).
bool Dims(const std::vector<int64_t>& ncdhw, const std::vector<int64_t>& other, DataFormat otherFormat, Ncdhw* out) {
    const size_t rank = otherFormat == DataFormat::NDC1HWC0 ? 6 : 7;
    if (ncdhw.size() != 5 || other.size() != rank) return Fail("input shapes are not matched with DataFormat.");
    *out = {ncdhw[0], ncdhw[1], ncdhw[2], ncdhw[3], ncdhw[4]};
    if (otherFormat == DataFormat::NDC1HWC0) {
        if (out->n != other[0] || out->d != other[1] || out->h != other[3] || out->w != other[4]) {
            return Fail("shapeInfo n,d,h,w is not matched.");
        }
        if (other[5] != 16 || other[2] != Ceil16(out->c)) return Fail("c0, c1 is not able to be converted to c.");
        return true;
    }
    if (out->d != other[0] || out->h != other[2] || out->w != other[3]) return Fail("shapeInfo d,h,w is not matched.");
    if (other[6] != 16 || other[1] != Ceil16(out->c)) return Fail("c0, c1 is not able to be converted to c.");
    if (other[5] != 16 || other[4] != Ceil16(out->n)) return Fail("n0, n1 is not able to be converted to n.");
    return true;
}

}  // namespace

bool GetTransDataMaxMinTmpSize(const platform_ascendc::PlatformAscendC& /*platform*/, const TensorShape& srcShape,
                               const TensorShape& dstShape, const TensorDataType dataType,
                               const TransDataConfig& config, uint32_t& maxValue, uint32_t& minValue) {
    if (dataType != ge::DT_FLOAT16 && dataType != ge::DT_BF16 && dataType != ge::DT_UINT16 &&
        dataType != ge::DT_INT16) {
        return Fail("it only supports DT_FLOAT16/DT_BF16/DT_UINT16/DT_INT16 data type");
    }
    const DataFormat from = config.srcFormat, to = config.dstFormat;
    const bool toNcdhw = to == DataFormat::NCDHW;
    const DataFormat other = toNcdhw ? from : to;
    const bool known = (from == DataFormat::NCDHW && (to == DataFormat::FRACTAL_Z_3D || to == DataFormat::NDC1HWC0)) ||
                       (toNcdhw && (from == DataFormat::FRACTAL_Z_3D || from == DataFormat::NDC1HWC0));
    if (!known) {
        return Fail("The parameter config srcFormat/dstFormat only supports "
                    "(NCDHW, FRACTAL_Z_3D)/(FRACTAL_Z_3D, NCDHW)/(NCDHW, NDC1HWC0)/(NDC1HWC0, NCDHW)!");
    }
    Ncdhw g{};
    if (!Dims(toNcdhw ? dstShape.GetDims() : srcShape.GetDims(), toNcdhw ? srcShape.GetDims() : dstShape.GetDims(),
              other, &g)) {
        return Fail("failed to validate inputs informations.");
    }
    const int64_t c1 = Ceil16(g.c), n1 = Ceil16(g.n), hw = Ceil16(g.h * g.w) * 16;
    const int64_t work = g.d * c1 * 16 * hw * 2;
    int64_t bytes = 0;
    if (other == DataFormat::NDC1HWC0) {
        bytes = toNcdhw ? work + 512 : g.d * hw * 2 + work;
    } else if (!toNcdhw) {
        bytes = std::max(g.c * g.d * hw * 2, g.d * g.h * g.w * n1 * 16 * 2) + n1 * 16 * work;
    } else {
        bytes = n1 * 16 * work * ((g.n == n1 * 16 && g.c == c1 * 16) ? 1 : 2);
    }
    maxValue = minValue = static_cast<uint32_t>(bytes);
    return true;
}

}  // namespace AscendC
