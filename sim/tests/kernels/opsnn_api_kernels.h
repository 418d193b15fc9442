// Kernels for test_opsnn_apis.py: APIs ops-nn's kernels use.
//   init_output_fill:      InitOutput(z, n, 2.5f) on core 0, n and z's capacity from x[0..1];
//   init_output_default:   InitOutput<half>(z, n) (the default value 0);
#pragma once
#include <cstring>

#include "kernel_operator.h"

namespace opsnn_api_kernels {
inline void Counts(GM_ADDR n, uint32_t* elements, uint32_t* capacity) {
    AscendC::GlobalTensor<int32_t> count;
    count.SetGlobalBuffer((__gm__ int32_t*)n, 2);
    *elements = static_cast<uint32_t>(count.GetValue(0));
    *capacity = static_cast<uint32_t>(count.GetValue(1));
}
}  // namespace opsnn_api_kernels

extern "C" __global__ __aicore__ void init_output_fill(GM_ADDR n, GM_ADDR z) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> scratch;
    pipe.InitBuffer(scratch, 1024);  // the fill takes the UB after it
    uint32_t elements, capacity;
    opsnn_api_kernels::Counts(n, &elements, &capacity);
    AscendC::GlobalTensor<float> zGm;
    zGm.SetGlobalBuffer((__gm__ float*)z, capacity);
    if (AscendC::GetBlockIdx() == 0) AscendC::InitOutput<float>(zGm, elements, 2.5);
}
extern "C" __global__ __aicore__ void init_output_default(GM_ADDR n, GM_ADDR z) {
    AscendC::TPipe pipe;
    uint32_t elements, capacity;
    opsnn_api_kernels::Counts(n, &elements, &capacity);
    AscendC::GlobalTensor<half> zGm;
    zGm.SetGlobalBuffer((__gm__ half*)z, capacity);
    AscendC::InitOutput<half>(zGm, elements);
}
// to_float_scalars: z[i] = ToFloat(x[i]) for 64 bfloat16 x (scalar GM reads and writes).
extern "C" __global__ __aicore__ void to_float_scalars(GM_ADDR x, GM_ADDR z) {
    AscendC::GlobalTensor<bfloat16_t> xGm;
    AscendC::GlobalTensor<float> zGm;
    xGm.SetGlobalBuffer((__gm__ bfloat16_t*)x, 64);
    zGm.SetGlobalBuffer((__gm__ float*)z, 64);
    for (uint32_t i = 0; i < 64; ++i) zGm.SetValue(i, AscendC::ToFloat(xGm.GetValue(i)));
}
// pipe_assigned_member: a kernel class holding a TPipe by value, assigned from the kernel's pipe
// after one TBuf was carved (as ops-nn's layer_norm_grad_v3 does); its queue comes after that
// TBuf (UB from 1024 on); z = x + 1 (64 floats).
namespace opsnn_api_kernels {
class PipeMember {
public:
    __aicore__ inline void Init(GM_ADDR x, GM_ADDR z, AscendC::TPipe& pipeIn) {
        pipe = pipeIn;
        pipe.InitBuffer(inQueue, 1, 64 * sizeof(float));
        pipe.InitBuffer(outQueue, 1, 64 * sizeof(float));
        xGm.SetGlobalBuffer((__gm__ float*)x, 64);
        zGm.SetGlobalBuffer((__gm__ float*)z, 64);
    }
    __aicore__ inline void Process() {
        AscendC::LocalTensor<float> in = inQueue.AllocTensor<float>();
        AscendC::DataCopy(in, xGm, 64);
        inQueue.EnQue(in);
        in = inQueue.DeQue<float>();
        AscendC::LocalTensor<float> out = outQueue.AllocTensor<float>();
        AscendC::Adds(out, in, 1.0f, 64);
        outQueue.EnQue(out);
        inQueue.FreeTensor(in);
        out = outQueue.DeQue<float>();
        AscendC::DataCopy(zGm, out, 64);
        outQueue.FreeTensor(out);
    }
private:
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> inQueue;
    AscendC::TQue<AscendC::TPosition::VECOUT, 1> outQueue;
    AscendC::GlobalTensor<float> xGm, zGm;
};
}  // namespace opsnn_api_kernels
extern "C" __global__ __aicore__ void pipe_assigned_member(GM_ADDR x, GM_ADDR z) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> first;
    pipe.InitBuffer(first, 1024);
    opsnn_api_kernels::PipeMember op;
    op.Init(x, z, pipe);
    op.Process();
}
// arange_<T>: z[0..count) = Arange(first, diff, count), count/first/diff from x (int32 count,
// then float first, float diff); the UB tensor holds 1024 elements.
template <class T>
__aicore__ inline void ArangeKernel(GM_ADDR x, GM_ADDR z) {
    AscendC::GlobalTensor<int32_t> args;
    args.SetGlobalBuffer((__gm__ int32_t*)x, 3);
    const int32_t count = args.GetValue(0);
    int32_t firstBits = args.GetValue(1), diffBits = args.GetValue(2);
    float first, diff;
    std::memcpy(&first, &firstBits, 4);
    std::memcpy(&diff, &diffBits, 4);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 1024 * sizeof(T));
    AscendC::LocalTensor<T> t = buf.Get<T>();
    AscendC::ArithProgression<T>(t, static_cast<T>(first), static_cast<T>(diff), count);
    AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
    AscendC::GlobalTensor<T> zGm;
    zGm.SetGlobalBuffer((__gm__ T*)z, 1024);
    AscendC::DataCopyPad(zGm, t, AscendC::DataCopyExtParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0});
}
extern "C" __global__ __aicore__ void arange_float(GM_ADDR x, GM_ADDR z) { ArangeKernel<float>(x, z); }
extern "C" __global__ __aicore__ void arange_half(GM_ADDR x, GM_ADDR z) { ArangeKernel<half>(x, z); }
extern "C" __global__ __aicore__ void arange_int32(GM_ADDR x, GM_ADDR z) { ArangeKernel<int32_t>(x, z); }
extern "C" __global__ __aicore__ void arange_int16(GM_ADDR x, GM_ADDR z) { ArangeKernel<int16_t>(x, z); }
