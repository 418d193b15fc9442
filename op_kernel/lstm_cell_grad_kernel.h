// The LSTM-cell backward kernel: the gate pass (lstm_cell_grad_gate_pass.h), then, when the
// batch has several bias chunks, the final gradBias pass (lstm_cell_grad_bias.h) once every
// core has written its partial sums.
#ifndef LSTM_CELL_GRAD_KERNEL_H
#define LSTM_CELL_GRAD_KERNEL_H

#include "kernel_operator.h"
#include "lstm_cell_grad_bias.h"
#include "lstm_cell_grad_gate_pass.h"

namespace lstm_cell_grad {

using namespace AscendC;

// TilingData is the struct GET_TILING_DATA declares: CANN's kernel build generates it at
// global scope, the sim keeps the host's class, so the kernel never names it.
template <typename TilingData, typename T, bool kHasHy, bool kHasC, bool kHasBias>
class LstmCellGradKernel {
public:
    __aicore__ inline void Init(const GmArgs& gm, const TilingData& tiling, TPipe* pipe) {
        gm_ = gm;
        tiling_ = tiling;
        pipe_ = pipe;
        gatePass_.Init(gm, tiling, pipe);
    }

    __aicore__ inline void Process() {
        if (kHasBias && tiling_.batch == 0) {
            gatePass_.WriteZeroBias();
            return;
        }
        gatePass_.Process();
        if (kHasBias && tiling_.biasChunks > 1) {
            SyncAll();  // every chunk's partial sums are in the workspace
            pipe_->Reset();
            BiasFinalPass<T> finalPass;
            finalPass.Init(gm_.gradBias, gm_.workspace, tiling_, pipe_);
            finalPass.Process();
        }
    }

private:
    GmArgs gm_;
    TilingData tiling_;
    TPipe* pipe_ = nullptr;
    GatePass<T, kHasHy, kHasC, kHasBias> gatePass_;
};

}  // namespace lstm_cell_grad

#endif  // LSTM_CELL_GRAD_KERNEL_H
