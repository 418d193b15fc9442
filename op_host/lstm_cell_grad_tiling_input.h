// What the tiling is computed from (TilingInput) and the one check of its sizes: a
// CheckedTilingInput is a TilingInput that passed it. Apart from the tiling itself so that
// the argument checks (lstm_cell_grad_check.h) can hand one on without the tiling-data class.
#pragma once
#include <cstdint>
#include <string>

#include "lstm_cell_grad_layout.h"

namespace lstm_cell_grad {

struct TilingInput {
    int64_t batch;
    int64_t hidden;
    IoDtype dtype;
    bool hasGradHy;
    bool hasGradC;
    bool hasBias;
};

// The sizes the op can take: non-negative, a [batch, 4 * hidden] tensor below 2^63 bytes,
// at most 2^32 - 1 gradBias chunks. Run once per call, by CheckTilingInput.
bool CheckSizeLimits(int64_t batch, int64_t hidden, uint32_t dtypeBytes, bool hasBias, std::string* error);

// A TilingInput whose sizes CheckSizeLimits accepted. Only CheckTilingInput makes one (the
// argument checks do, once per call, and hand it on), so ComputeTiling can take it without
// checking the sizes again.
class CheckedTilingInput {
public:
    CheckedTilingInput() : input_() {}  // batch 0, hidden 0: in range
    const TilingInput& get() const { return input_; }

private:
    TilingInput input_;
    friend bool CheckTilingInput(const TilingInput& input, CheckedTilingInput* checked, std::string* error);
};

// *checked = input if its sizes are in range (CheckSizeLimits), else false with *error set.
bool CheckTilingInput(const TilingInput& input, CheckedTilingInput* checked, std::string* error);

}  // namespace lstm_cell_grad
