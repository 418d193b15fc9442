// Kernel entry of ThnnFusedLstmCellBackward. Arguments in OpDef order (inputs, outputs),
// then workspace and tiling, as CANN launches an op-project kernel. One binary serves
// every dtype and every set of present gradients: the tiling key picks the variant.
#include "kernel_operator.h"
#include "lstm_cell_grad_kernel.h"

using lstm_cell_grad::GmArgs;
using lstm_cell_grad::LstmCellGradKernel;

// LSTM_CELL_GRAD_BUILT_KEYS (the sim's developer build, CMake's LSTM_CELL_GRAD_KEYS): a
// bitmask of the tiling keys this build instantiates, so an edit of one key compiles in
// seconds. A launch with a key left out stops with an error, never a wrong result. Unset
// (every other build): every key.
template <uint32_t kKey, typename T, bool kHasHy, bool kHasC, bool kHasBias, typename TilingData>
__aicore__ inline void RunVariant(const GmArgs& gm, const TilingData& tiling) {
#ifdef LSTM_CELL_GRAD_BUILT_KEYS
    if constexpr (((LSTM_CELL_GRAD_BUILT_KEYS) >> kKey & 1u) == 0) {
        ascendc_assert(false, "tiling key %u is not in this build (LSTM_CELL_GRAD_BUILT_KEYS 0x%x): "
                       "rebuild with every key (python3 build.py build)", kKey, (LSTM_CELL_GRAD_BUILT_KEYS));
    } else
#endif
    {
        AscendC::TPipe pipe;
        LstmCellGradKernel<TilingData, T, kHasHy, kHasC, kHasBias> kernel;
        kernel.Init(gm, tiling, &pipe);
        kernel.Process();
    }
}

// Key = 8*dtype + 4*hasBias + 2*hasGradC + hasGradHy (lstm_cell_grad::TilingKey; dtype 0 float,
// 1 half, 2 bfloat16_t, an extension beyond the op's aclnn API page (float32, float16) with the
// same fp32 math as half).
#define LSTM_CELL_GRAD_VARIANT(key, T, hasHy, hasC, hasBias)      \
    if (TILING_KEY_IS(key)) {                                     \
        RunVariant<key, T, hasHy, hasC, hasBias>(gm, tilingData); \
        return;                                                   \
    }

extern "C" __global__ __aicore__ void thnn_fused_lstm_cell_backward(GM_ADDR gradHy, GM_ADDR gradC, GM_ADDR cx,
                                                                   GM_ADDR cy, GM_ADDR storage, GM_ADDR gradGates,
                                                                   GM_ADDR gradCx, GM_ADDR gradBias,
                                                                   GM_ADDR workspace, GM_ADDR tiling) {
    // SyncAll (final gradBias pass) needs a MIX kernel type on A2/A3.
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    GET_TILING_DATA(tilingData, tiling);
    // The entry's parameters carry the argument list's names (lstm_cell_grad_args.h).
#define LSTM_CELL_GRAD_GM_VALUE(index, name, kind) name,
    const GmArgs gm{LSTM_CELL_GRAD_INPUTS(LSTM_CELL_GRAD_GM_VALUE) LSTM_CELL_GRAD_OUTPUTS(LSTM_CELL_GRAD_GM_VALUE) workspace};
#undef LSTM_CELL_GRAD_GM_VALUE
    LSTM_CELL_GRAD_VARIANT(0, float, false, false, false)
    LSTM_CELL_GRAD_VARIANT(1, float, true, false, false)
    LSTM_CELL_GRAD_VARIANT(2, float, false, true, false)
    LSTM_CELL_GRAD_VARIANT(3, float, true, true, false)
    LSTM_CELL_GRAD_VARIANT(4, float, false, false, true)
    LSTM_CELL_GRAD_VARIANT(5, float, true, false, true)
    LSTM_CELL_GRAD_VARIANT(6, float, false, true, true)
    LSTM_CELL_GRAD_VARIANT(7, float, true, true, true)
    LSTM_CELL_GRAD_VARIANT(8, half, false, false, false)
    LSTM_CELL_GRAD_VARIANT(9, half, true, false, false)
    LSTM_CELL_GRAD_VARIANT(10, half, false, true, false)
    LSTM_CELL_GRAD_VARIANT(11, half, true, true, false)
    LSTM_CELL_GRAD_VARIANT(12, half, false, false, true)
    LSTM_CELL_GRAD_VARIANT(13, half, true, false, true)
    LSTM_CELL_GRAD_VARIANT(14, half, false, true, true)
    LSTM_CELL_GRAD_VARIANT(15, half, true, true, true)
    LSTM_CELL_GRAD_VARIANT(16, bfloat16_t, false, false, false)
    LSTM_CELL_GRAD_VARIANT(17, bfloat16_t, true, false, false)
    LSTM_CELL_GRAD_VARIANT(18, bfloat16_t, false, true, false)
    LSTM_CELL_GRAD_VARIANT(19, bfloat16_t, true, true, false)
    LSTM_CELL_GRAD_VARIANT(20, bfloat16_t, false, false, true)
    LSTM_CELL_GRAD_VARIANT(21, bfloat16_t, true, false, true)
    LSTM_CELL_GRAD_VARIANT(22, bfloat16_t, false, true, true)
    LSTM_CELL_GRAD_VARIANT(23, bfloat16_t, true, true, true)
}
