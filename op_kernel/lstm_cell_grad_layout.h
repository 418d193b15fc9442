// Integer arithmetic shared by the host tiling and the kernel, so that both agree on
// who computes what and how UB is carved: one definition, no drift.
//
//   * the [B, H] problem is a grid of gridRows x gridCols core rectangles;
//   * rows are split in multiples of rowUnit (the bias chunk when partial sums are used,
//     so that gradBias sums every column in the same order whatever the core count);
//   * columns in multiples of colUnit (a 32-byte block of elements, or a 512-byte GM request
//     so that every core's bursts start aligned); UB rows are padded to 32-byte blocks.
#ifndef LSTM_CELL_GRAD_LAYOUT_H
#define LSTM_CELL_GRAD_LAYOUT_H

#include <stdint.h>

namespace lstm_cell_grad {

constexpr uint32_t kGates = 4;              // i, f, g, o blocks of storage and gradGates
constexpr uint32_t kOutputs = 5;            // four gate gradients and gradCx
constexpr uint32_t kBufferNum = 2;          // double buffering of the copy queues (the default)
constexpr uint32_t kMaxBufferNum = 2;       // deepest copy queue a tiling may ask for
constexpr uint32_t kBlockBytes = 32;        // UB DataBlock: rows and buffers align to it
constexpr uint32_t kFp32CalcTensors = 4;    // tanh(cy), gct, a gate's slope and its upstream (fp32)
constexpr uint32_t kFp32WideTensors = 1;    // fp16/bf16 only: the widened input in use (fp32 reads and
                                            // writes the queues in place)
constexpr uint32_t kFloatBytes = 4;         // the math's dtype, fp32
constexpr uint32_t kFloatsPerBlock = kBlockBytes / kFloatBytes;
constexpr uint32_t kMaxBlockCount = 4095;   // DataCopyPad blockCount limit
constexpr uint32_t kBiasChunkRows = 128;    // rows per partial gradBias sum unless the tiling
                                            // clearly prefers another height
constexpr uint32_t kBankGroupBytes = 256;   // UB bank group stride (A2/A3: 16 groups; asc-devkit
                                            // add_high_performance README)
constexpr uint32_t kBankGroups = 16;
// Tanh's temp is the slope and upstream tensors plus this tail: its algorithm works on chunks of at
// least 32 fp32 elements, more than a tiny tile's two.
constexpr uint32_t kTanhMinTmpElems = 32;
constexpr uint32_t kTanhMinTmpBytes = kTanhMinTmpElems * kFloatBytes;
// The calc buffer's tail after its working tensors: Tanh's, and 256 bytes so that the bias
// sums, carved right after it, start in bank class 1 (see SlotElems), apart from the results
// they add.
constexpr uint32_t kWorkTailBytes = 256;
static_assert(kWorkTailBytes >= kTanhMinTmpBytes, "the tail holds Tanh's minimum temp");

// The I/O dtype of a kernel variant (the math is fp32 for all three).
enum IoDtype : uint32_t { kIoFloat32 = 0, kIoFloat16 = 1, kIoBfloat16 = 2 };
// Bytes of one element of an I/O dtype: the one place the size follows from the dtype.
inline uint32_t IoBytes(IoDtype dtype) { return dtype == kIoFloat32 ? kFloatBytes : 2u; }

struct Range {
    int64_t begin;
    int64_t end;
};

// `units` split into `parts` consecutive ranges; the first `units % parts` get one more.
inline Range SplitEven(int64_t units, int64_t parts, int64_t part) {
    int64_t base = units / parts, extra = units % parts;
    int64_t begin = part * base + (part < extra ? part : extra);
    return Range{begin, begin + base + (part < extra ? 1 : 0)};
}

inline int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
inline int64_t AlignUp(int64_t a, int64_t b) { return CeilDiv(a, b) * b; }

// The rows and columns core `block` owns (empty ranges for a core without work).
inline Range CoreRows(int64_t batch, uint32_t rowUnit, uint32_t gridRows, uint32_t gridCols, int64_t block) {
    Range units = SplitEven(CeilDiv(batch, rowUnit), gridRows, block / gridCols);
    int64_t end = units.end * rowUnit;
    return Range{units.begin * rowUnit, end < batch ? end : batch};
}
inline Range CoreCols(int64_t hidden, uint32_t colUnit, uint32_t gridCols, int64_t block) {
    Range units = SplitEven(CeilDiv(hidden, colUnit), gridCols, block % gridCols);
    int64_t end = units.end * colUnit;
    return Range{units.begin * colUnit, end < hidden ? end : hidden};
}

// The kernel's inputs, in the order of their UB slots. A variant reads only what its
// gradients need (a null gradient is zero and is not read) and gives a slot only to what
// it reads. The gates come last, in storage order, so one DMA can load a row's gates.
enum Input : uint32_t { kGradHy, kCy, kGradC, kCx, kGateI, kGateF, kGateG, kGateO, kInputKinds };
// The kernel's results, in the order of their UB slots: gradGates' four gates, then gradCx.
enum Output : uint32_t { kGradI, kGradF, kGradG, kGradO, kGradCx };
static_assert(kGradCx + 1 == kOutputs, "one output slot per result");

// Which inputs a variant reads, and where each one's slot is: the one definition of the
// input slots, for the kernel's buffers and the tiling's UB sums alike.
struct InputSet {
    bool gradHy;  // also needs cy (for tanh) and the o gate
    bool gradC;
    constexpr bool Reads(uint32_t input) const {
        return input == kGradHy || input == kCy || input == kGateO ? gradHy
               : input == kGradC                                 ? gradC
                                                                 : gradHy || gradC;
    }
    // An input's slot: how many inputs read come before it.
    constexpr uint32_t Slot(uint32_t input) const {
        return input == 0 ? 0u : Slot(input - 1) + (Reads(input - 1) ? 1u : 0u);
    }
    constexpr uint32_t Count() const { return Slot(kInputKinds); }
};

// The fewest GM bytes a call can move: every input the variant reads once, every output
// written once (gradGates and gradCx, and gradBias's 4H row with a bias): with both gradients
// 13*B*H*s + 4*H*s. The GM-traffic tool, the profile and the tiling's traffic budget use it.
inline uint64_t MinGmBytes(int64_t batch, int64_t hidden, IoDtype dtype, InputSet inputs, bool hasBias) {
    const uint64_t s = IoBytes(dtype), tensor = static_cast<uint64_t>(batch) * static_cast<uint64_t>(hidden) * s;
    return (inputs.Count() + kOutputs) * tensor + (hasBias ? kGates * static_cast<uint64_t>(hidden) * s : 0);
}

// UB bank classes (A2/A3): a 256-byte vector repeat reads 8 of the 16 bank groups (one per
// 32 bytes), so two source operands read without conflict only when they start 256 bytes
// apart modulo 512 (8 groups); operands on 256-byte boundaries never conflict with the
// destination. Each tensor of the main phase starts on a 256-byte boundary in one of two
// classes, its address modulo 512: the copy queues' tensors (every input, every result) in
// class 0, the fp32 working tensors the formula pairs with them in class 1 (ShiftedWork),
// so that nearly every binary instruction reads one operand of each class.
constexpr uint32_t kBankClassBytes = 2 * kBankGroupBytes;

// Elements between consecutive tensors of one UB buffer: the tile rounded up to 512 bytes,
// so every tensor of a buffer is in the buffer's bank class.
inline uint32_t SlotElems(uint32_t tileElems, uint32_t elemBytes) {
    return (tileElems * elemBytes + kBankClassBytes - 1) / kBankClassBytes * kBankClassBytes / elemBytes;
}

// The fp32 working tensors' slots: room for the tile after a 256-byte shift into class 1.
inline uint32_t WorkSlotElems(uint32_t tileElems) {
    return SlotElems(tileElems + kBankGroupBytes / kFloatBytes, kFloatBytes);
}

// Elements between the copy queues' tensors in the I/O dtype: float's are the formula's vector
// operands (SlotElems); fp16/bf16's are only cast (and the NaN mask's operands), so they
// are packed, a 32-byte block apart.
inline uint32_t IoSlotElems(uint32_t tileElems, uint32_t elemBytes) {
    if (elemBytes == kFloatBytes) return SlotElems(tileElems, elemBytes);
    const uint32_t perBlock = kBlockBytes / elemBytes;
    return (tileElems + perBlock - 1) / perBlock * perBlock;
}

// fp32 working tensors of the main phase: the formula's four, and for fp16/bf16 the one a
// liveness schedule needs to widen each input right before its use (each result is narrowed
// at once; lstm_cell_grad_gate_pass.h), instead of fp32 copies of all inputs and results.
inline uint32_t Fp32SlotCount(uint32_t dtypeBytes) {
    return kFp32CalcTensors + (dtypeBytes != kFloatBytes ? kFp32WideTensors : 0);
}

// Tensors (slots) the main phase carves: copy queues and fp32 working tensors.
inline uint32_t UbSlotCount(uint32_t dtypeBytes, InputSet inputs, uint32_t bufferNum) {
    return bufferNum * (inputs.Count() + kOutputs) + Fp32SlotCount(dtypeBytes);
}
// The most bytes a slot adds to its tile: up to 512 to align, 256 for a working tensor's shift.
constexpr uint32_t kSlotPadBytes = kBankClassBytes + kBankGroupBytes;

// UB bytes per tile element: input and output copy queues (bufferNum deep, in the I/O
// dtype) and the fp32 working tensors.
inline uint32_t UbBytesPerElement(uint32_t dtypeBytes, InputSet inputs, uint32_t bufferNum) {
    return bufferNum * (inputs.Count() + kOutputs) * dtypeBytes + Fp32SlotCount(dtypeBytes) * kFloatBytes;
}

// UB bytes per tile column for the bias: its fp32 accumulators. Their flush borrows a buffer
// of the output queue (OutBufferBytes).
inline uint32_t UbBiasBytesPerColumn(bool hasBias) { return hasBias ? kGates * kFloatBytes : 0; }

// One buffer of the output queue: the five results, or the bias sums of a tile's columns on
// their way out (fp32), whichever is larger.
inline uint64_t OutBufferBytes(uint32_t tileElems, uint32_t tileCols, uint32_t dtypeBytes, bool hasBias) {
    const uint64_t results = static_cast<uint64_t>(kOutputs) * IoSlotElems(tileElems, dtypeBytes) * dtypeBytes;
    const uint64_t sums = hasBias ? static_cast<uint64_t>(kGates) * tileCols * kFloatBytes : 0;
    return results > sums ? results : sums;
}

// Total UB the main phase carves for a tile of tileElems elements, tileCols columns.
inline uint64_t UbBytesMainPhase(uint32_t tileElems, uint32_t tileCols, uint32_t dtypeBytes, InputSet inputs,
                                 bool hasBias, uint32_t bufferNum) {
    const uint64_t in = static_cast<uint64_t>(inputs.Count()) * IoSlotElems(tileElems, dtypeBytes) * dtypeBytes;
    const uint64_t wide = static_cast<uint64_t>(WorkSlotElems(tileElems)) * kFloatBytes;
    return bufferNum * (in + OutBufferBytes(tileElems, tileCols, dtypeBytes, hasBias)) +
           Fp32SlotCount(dtypeBytes) * wide + static_cast<uint64_t>(tileCols) * UbBiasBytesPerColumn(hasBias) +
           kWorkTailBytes;
}

// The final gradBias pass: double-buffered partial rows (fp32), an fp32 accumulator and
// an output buffer per column.
inline uint64_t UbBytesFinalPhase(uint32_t finalTileCols, uint32_t finalTileRows) {
    return static_cast<uint64_t>(finalTileCols) * kFloatBytes * (kBufferNum * finalTileRows + 2);
}


// Tiling keys: one kernel variant per dtype and per set of present gradients,
// 8 * dtype + 4 * hasBias + 2 * hasGradC + hasGradHy (0-7 float32, 8-15 float16, 16-23 bfloat16).
inline uint64_t TilingKey(IoDtype dtype, bool hasBias, bool hasGradC, bool hasGradHy) {
    return 8u * static_cast<uint32_t>(dtype) + (hasBias ? 4u : 0u) + (hasGradC ? 2u : 0u) + (hasGradHy ? 1u : 0u);
}

}  // namespace lstm_cell_grad

#endif  // LSTM_CELL_GRAD_LAYOUT_H
