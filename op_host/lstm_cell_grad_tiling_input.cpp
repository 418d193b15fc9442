#include "lstm_cell_grad_tiling_input.h"

#include <cstdint>
#include <string>

namespace lstm_cell_grad {

bool CheckSizeLimits(int64_t batch, int64_t hidden, uint32_t dtypeBytes, bool hasBias, std::string* error) {
    if (batch < 0 || hidden < 0) {
        *error = "batch and hidden must be non-negative";
        return false;
    }
    if (dtypeBytes != 4 && dtypeBytes != 2) {
        *error = "element size must be 4 (float32) or 2 (float16, bfloat16)";
        return false;
    }
    // The bytes of a [batch, 4 * hidden] tensor must fit int64 (every offset and the
    // workspace are below it), and the gradBias chunk count uint32 (tiling data): refused
    // here rather than wrapped (a wrapped chunk count once made rowUnit 0, then a division).
    int64_t rowBytes = 0, tensorBytes = 0;
    if (__builtin_mul_overflow(hidden, static_cast<int64_t>(kGates) * dtypeBytes, &rowBytes) ||
        __builtin_mul_overflow(rowBytes, batch, &tensorBytes)) {
        *error = "batch " + std::to_string(batch) + " x 4 * hidden_size " + std::to_string(hidden) +
                 " elements need more than 2^63 bytes";
        return false;
    }
    if (hasBias && hidden > 0 && CeilDiv(batch, kBiasChunkRows) > static_cast<int64_t>(UINT32_MAX)) {
        *error = "batch " + std::to_string(batch) + " needs more than 2^32 - 1 gradBias chunks of " +
                 std::to_string(kBiasChunkRows) + " rows";
        return false;
    }
    return true;
}

bool CheckTilingInput(const TilingInput& input, CheckedTilingInput* checked, std::string* error) {
    if (!CheckSizeLimits(input.batch, input.hidden, IoBytes(input.dtype), input.hasBias, error)) return false;
    checked->input_ = input;
    return true;
}

}  // namespace lstm_cell_grad
