// The AI-core timing table of the time model: every constant with its source, per SoC.
//
// Dependency-free on purpose (only <cstdint>/<cstddef>): the time model (sim/src/model) and
// an operator's tiling code (op_host, also compiled by CANN) include it, so plans are ranked
// with the same numbers the model times them with. All results are modeled, never measured.
//
// Source tags used below:
//   [msKPP]   MindStudio msKPP, csrc/prof_data/resource910b.cpp (measured on Ascend910B1, one
//             core): GM->UB and UB->GM bandwidth by transfer size; calPerf bytes/cycle of
//             vector instructions; small-repeat overhead.
//   [ahp]     asc-devkit examples/.../00_vector_compute/add_high_performance/README (Atlas A2):
//             UB = 16 bank groups x 3 banks x 4 KiB, a vector repeat reads 256 B per beat,
//             operands 256 B apart in different bank groups avoid the conflict; 128 half per
//             cycle per AIV.
//   [bp]      asc-devkit 05_best_practices READMEs: GM ~1.8 TB/s, L2 ~5.2 TB/s on A2/A3;
//             512-byte aligned transfers recommended.
//   [ini]     platform ini values: quoted by third parties (clock, L2 size, HBM), and the CANN
//             runtime's src/platform/platform_config/cann/Ascend910B*.ini ([AICoreMemoryRates]).
//   [bcu]     asc-devkit examples/.../04_memory_access/bank_conflict_ub README (Atlas A2/A3):
//             UB address bits, bank-conflict rules and cycles of Add by operand placement.
//   [data_copy] asc-devkit examples/.../04_memory_access/data_copy README (Atlas A2): GM->UB
//             aiv_mte2_time of back-to-back DataCopyPad by copy size (scenarios 1-4 only:
//             its scenarios 5-8 are the validation set, docs/performance_model.md).
// Calibration and validation are kept apart: only [msKPP], [ini], [ahp], [data_copy] scenarios
// 1-4 and [bcu] fix constants here; sim/tests/test_model_validation.py checks the model against published
// kernels none of these constants came from.
//   [EST]     an estimate: no published figure found; documented in docs/performance_model.md.
#pragma once
#include <cstddef>
#include <cstdint>

// Functions are constexpr from C++14 on. op_host includes this header and CANN's op build
// compiles op_host as C++11, where a constexpr function may hold only a return statement:
// there they are plain inline functions.
#if __cplusplus >= 201402L
#define SIM_TIMING_FN constexpr
#else
#define SIM_TIMING_FN inline
#endif

namespace sim {
namespace model {
namespace timing {

// ---- per SoC -----------------------------------------------------------------------------
// (Core counts and UB size are the SoC table's, sim/src/core/soc.cpp, which takes its L2
// size, clock and GM bandwidth from here.)
struct SocTiming {
    const char* name;         // SoC version string ("Ascend910B1")
    double clockGHz;          // AIV clock
    double gmGBps;            // GM (HBM) bandwidth shared by all cores of the die, GB/s
    double l2GBps;            // L2 bandwidth shared by all cores, GB/s
    uint64_t l2Bytes;         // L2 capacity
    double freshGBps;         // fresh GM traffic (L2 misses + every write) of all cores, GB/s
};

constexpr uint64_t kMiB = 1024ull * 1024ull;

// clock 1.8 GHz [msKPP arch_info freq, Ascend910B2.ini cube_freq 1800]; GM 1.6 TB/s per die
// (nominal HBM, third-party ini notes; CANN's best-practice docs round to ~1.8 TB/s [bp]);
// L2 5.2 TB/s [bp]; L2 192 MiB (Ascend910B2.ini 201326592) and 96 MiB on 910B4
// (Ascend910B4.ini 100663296) [ini]; 910B4's GM bandwidth is half of 910B2 [EST: half the
// HBM stacks]. The GM figure is what [ahp] case 4 publishes for all traffic through L2: a
// read/write mix of 402.65 MB at 1.6072 TB/s ("读写混合带宽").
// Fresh traffic: data a kernel reads for the first time (L2 misses, L2-bypassing reads) plus
// every byte it writes, whether L2 absorbs it or not, cannot move faster than the best mix any
// published A2 kernel reaches: [ahp] case 6, 2.3456 TB/s (reads bypassing L2, the written
// output in L2). This is the rate the roofline's floor uses (python/lstm_cell_grad/_profile.py),
// so no modeled kernel beats its floor. 910B4: half [EST, as its GM].
constexpr SocTiming kSocs[] = {
    {"Ascend910B1", 1.8, 1600.0, 5200.0, 192 * kMiB, 2345.6},
    {"Ascend910B2", 1.8, 1600.0, 5200.0, 192 * kMiB, 2345.6},
    {"Ascend910B3", 1.8, 1600.0, 5200.0, 192 * kMiB, 2345.6},
    {"Ascend910B4", 1.8, 800.0, 5200.0, 96 * kMiB, 1172.8},
    {"Ascend910_93", 1.8, 1600.0, 5200.0, 192 * kMiB, 2345.6},
};
constexpr size_t kSocCount = sizeof(kSocs) / sizeof(kSocs[0]);

SIM_TIMING_FN bool SameText(const char* a, const char* b) {
    while (*a != '\0' && *a == *b) {
        ++a;
        ++b;
    }
    return *a == *b;
}

// The SoC's row; the first row (Ascend910B1) for an unknown name.
SIM_TIMING_FN const SocTiming& FindSocTiming(const char* name) {
    for (size_t i = 0; i < kSocCount; ++i) {
        if (SameText(kSocs[i].name, name)) return kSocs[i];
    }
    return kSocs[0];
}

// ---- fixed costs -------------------------------------------------------------------------
// Task duration minus AIV time (dispatch to the cores, head and tail, completion), by the
// number of cores the launch occupies. [ahp] publishes both times: on one core 0.47 us (case 0:
// 1239689.1 - 1239688.63) and 0.46 (case 1: 6909.6 - 6909.14); on 48 cores 9.44, 7.00, 6.46,
// 2.53 and 6.03 us (cases 2-6). [data_copy] scenarios 1-4 (48 AIV) publish Task Duration and
// aiv_mte2_time with its share aiv_mte2_ratio, so aiv_time = mte2 / ratio: 564.84 - 548.161 /
// 0.989 = 10.58, 233.54 - 220.772 / 0.972 = 6.41, 215.82 - 202.657 / 0.969 = 6.68 and
// 275.3 - 259.047 / 0.973 = 9.07 us. On 48 cores: the mean of the nine, 7.13 us. Linear in
// between [EST: no other core count is published]; more cores than 48 continue the line.
constexpr double kLaunchOneCoreUs = 0.465;
constexpr double kLaunchFullUs = 7.13;
constexpr double kLaunchFullCores = 48.0;
SIM_TIMING_FN double LaunchMicros(uint32_t cores) {
    return kLaunchOneCoreUs + (kLaunchFullUs - kLaunchOneCoreUs) *
                                  (static_cast<double>(cores > 0 ? cores : 1) - 1.0) / (kLaunchFullCores - 1.0);
}
// One SyncAll across the cores [EST: not published; 1 us, a hardware all-core barrier].
constexpr double kSyncAllUs = 1.0;
// A cross-core flag (IBSet/IBWait, NotifyNextBlock/WaitPreBlock) from its set to the waiter
// going on: CANN's implementation writes a 32-byte block to GM and the waiter polls it with
// DMA reads [EST: not published; two GM accesses, as kScalarGmCycles each].
constexpr double kCoreFlagCycles = 2 * 200.0;
// Scalar unit: cycles to issue one instruction to another pipe, including the address and
// parameter setup around it [EST]; one UB GetValue/SetValue [EST from add_high_performance
// case 0: ~34 scalar cycles per element for two reads, one write and the float arithmetic];
// one GM GetValue/SetValue [EST: a scalar-cache miss to L2].
constexpr double kIssueCycles = 4.0;
constexpr double kScalarUbCycles = 9.0;
constexpr double kScalarGmCycles = 200.0;
constexpr double kScalarOtherCycles = 1.0;
// PipeBarrier<pipe>: the pipe drains before the next instruction [EST: 10-30 cycles].
constexpr double kBarrierCycles = 16.0;

// ---- DMA (MTE2: GM->UB, MTE3: UB->GM) ----------------------------------------------------
// [msKPP] resource910b.cpp, GM_TO_UB / UB_TO_GM of Ascend910B1: GiB/s of one core for one
// instruction moving `kib` KiB (contiguous). Linear interpolation between points as msKPP does;
// below 1 KiB an instruction costs as long as a 1 KiB one (its fixed issue/latency part).
struct BandwidthPoint {
    double kib;
    double gibps;
};
constexpr BandwidthPoint kGmToUb[] = {{1, 7.29}, {2, 13.48}, {3, 18.62}, {4, 23.60}, {5, 27.78}, {6, 32.99},
                                      {7, 37.00}, {8, 42.74}, {10, 47.85}, {12, 54.55}, {16, 67.99},
                                      {24, 77.12}, {32, 77.19}, {64, 77.25}, {128, 78.49}, {200, 78.56}};
constexpr BandwidthPoint kUbToGm[] = {{1, 11.4}, {2, 22.1}, {4, 37.9}, {8, 57.8}, {16, 86.8}, {32, 108.4},
                                      {64, 110.7}};

// Per-burst cost [EST]: a burst after the first in one instruction costs as much as 256 more
// bytes (the issue's A2 figure: 128-B bursts 2.6x slower than 2-KiB bursts for the same bytes
// gives ~245 B). A burst crossing a 512-B GM boundary it need not cross (not 512-B aligned
// [bp]) costs one more such request. GM is accessed in 32-B sectors [ini ubblock_size].
constexpr double kBurstOverheadBytes = 256.0;
constexpr uint64_t kGmRequestBytes = 512;
constexpr uint64_t kGmSectorBytes = 32;

template <size_t N>
SIM_TIMING_FN double Interpolate(const BandwidthPoint (&table)[N], double kib) {
    if (kib <= table[0].kib) return table[0].gibps * (kib / table[0].kib);  // constant time below
    for (size_t i = 1; i < N; ++i) {
        if (kib <= table[i].kib) {
            const double t = (kib - table[i - 1].kib) / (table[i].kib - table[i - 1].kib);
            return table[i - 1].gibps + t * (table[i].gibps - table[i - 1].gibps);
        }
    }
    return table[N - 1].gibps;
}

// Bytes per microsecond one core's MTE pipe reaches for an instruction of `bytes` in total
// (GM->UB when `toUb`), before bursts and alignment.
SIM_TIMING_FN double DmaCoreRate(bool toUb, double bytes) {
    const double kib = bytes / 1024.0;
    const double gibps = toUb ? Interpolate(kGmToUb, kib) : Interpolate(kUbToGm, kib);
    return gibps * 1073741824.0 / 1e6;
}

// The bytes an instruction costs on its MTE pipe: the data rounded out to 32-B sectors per
// burst, plus the per-burst overhead and the extra 512-B request of misaligned bursts.
// `gmStart` is the address (or any value with the same remainder mod 512) of the first burst,
// `gmPitch` the distance between burst starts in GM.
SIM_TIMING_FN double DmaEffectiveBytes(uint64_t bursts, uint64_t burstBytes, uint64_t gmStart, uint64_t gmPitch) {
    if (bursts == 0 || burstBytes == 0) return 0.0;
    double total = 0.0;
    // Bursts repeat their alignment pattern with period 512 / gcd(pitch, 512) <= 512: sample up
    // to 16 and scale (exact when the pattern period divides 16, i.e. pitch % 32 == 0).
    const uint64_t sampled = bursts < 16 ? bursts : 16;
    for (uint64_t i = 0; i < sampled; ++i) {
        const uint64_t start = gmStart + i * gmPitch;
        const uint64_t first = start / kGmSectorBytes, last = (start + burstBytes - 1) / kGmSectorBytes;
        double bytes = static_cast<double>((last - first + 1) * kGmSectorBytes);
        const uint64_t requests = (start + burstBytes - 1) / kGmRequestBytes - start / kGmRequestBytes + 1;
        const uint64_t needed = (burstBytes + kGmRequestBytes - 1) / kGmRequestBytes;
        bytes += static_cast<double>(requests - needed) * kBurstOverheadBytes;
        total += bytes;
    }
    return total * static_cast<double>(bursts) / static_cast<double>(sampled) +
           static_cast<double>(bursts - 1) * kBurstOverheadBytes;
}

// The GM (HBM and fresh-data) cost of a transfer's bytes, per byte: the 512-B requests its
// bursts issue over the requests their lengths need. The memory system serves a burst in
// 512-B requests, and a burst not 512-B aligned issues one more than its length needs (a
// 2046-B burst at an unaligned start 5 where an aligned 2048-B one issues 4); when GM binds,
// its bytes cost that much more: [data_copy] scenarios 3 -> 4 (the same tiles with N = 12288
// -> 12287, every row but one in 256 unaligned, HBM-bound) published aiv_mte2_time 202.657 ->
// 259.047 us, 1.28x against the requests' 1.25x. Aligned bursts, short ones inside one request
// too, cost their bytes (scenario 2: 64 x 128-B bursts at the aligned rate). Sampled as
// DmaEffectiveBytes samples.
SIM_TIMING_FN double GmRequestFactor(uint64_t bursts, uint64_t burstBytes, uint64_t gmStart, uint64_t gmPitch) {
    if (bursts == 0 || burstBytes == 0) return 1.0;
    const uint64_t sampled = bursts < 16 ? bursts : 16;
    uint64_t requests = 0, needed = 0;
    for (uint64_t i = 0; i < sampled; ++i) {
        const uint64_t start = gmStart + i * gmPitch;
        requests += (start + burstBytes - 1) / kGmRequestBytes - start / kGmRequestBytes + 1;
        needed += (burstBytes + kGmRequestBytes - 1) / kGmRequestBytes;
    }
    return static_cast<double>(requests) / static_cast<double>(needed);
}

// Microseconds one DMA instruction takes on an otherwise idle chip (no GM contention, no L2),
// alone: from its start until its data has landed.
SIM_TIMING_FN double DmaMicros(bool toUb, uint64_t bursts, uint64_t burstBytes, uint64_t gmStart = 0,
                           uint64_t gmPitch = 0) {
    const double data = static_cast<double>(bursts) * static_cast<double>(burstBytes);
    if (data <= 0.0) return 0.0;
    return DmaEffectiveBytes(bursts, burstBytes, gmStart, gmPitch == 0 ? burstBytes : gmPitch) /
           DmaCoreRate(toUb, data);
}

// ---- DMA instructions back to back ---------------------------------------------------------
// An MTE pipe overlaps an instruction's fixed part (address setup, the first bytes' latency)
// with the transfers of the instructions before it: a run of DMAs streams at the table's
// large-transfer rate, and only the last one's fixed part shows. [data_copy] asc-devkit
// examples/.../04_memory_access/data_copy README, Atlas A2, 48 AIV, GM->UB of a 12288 x 12288
// half matrix in back-to-back DataCopyPad: 128-B copies (49,152 per core) took aiv_mte2_time
// 548.161 us, i.e. 20 cycles each at 1.8 GHz, where msKPP's time for one instruction alone is
// over 200 cycles; copies of 64 x 128-B bursts took 220.772 us (287 ns each), what their bytes
// and per-burst cost take at the large-transfer rate. A DMA holds its pipe at least
// kDmaIssueCycles.
constexpr double kDmaIssueCycles = 20.0;

// Bytes per microsecond of one core's MTE pipe streaming (the table's last point).
SIM_TIMING_FN double DmaStreamRate(bool toUb) {
    return (toUb ? kGmToUb[sizeof(kGmToUb) / sizeof(kGmToUb[0]) - 1].gibps
                 : kUbToGm[sizeof(kUbToGm) / sizeof(kUbToGm[0]) - 1].gibps) * 1073741824.0 / 1e6;
}

// L2 hits reach a core faster than HBM data: [ini] Ascend910B1/B2/B3/B4 and 910_93
// [AICoreMemoryRates] l2_read_rate = 110 bytes per cycle (ddr_read_rate 32). A GM->UB transfer
// moves its L2-hit bytes at up to that rate and the rest of its data at the streaming rate above
// (msKPP's table, measured reading HBM); its per-burst and alignment overhead
// (DmaEffectiveBytes beyond the data) is the MTE's own work and streams at that rate too, hit or
// not. All cores' hits still share the L2 bandwidth.
constexpr double kL2ReadBytesPerCycle = 110.0;
SIM_TIMING_FN double L2HitRate(double clockGHz) { return kL2ReadBytesPerCycle * clockGHz * 1e3; }

// Effective bytes per microsecond of one core's MTE pipe streaming a GM->UB transfer of
// `effective` bytes (DmaEffectiveBytes) whose data has `hitBytes` L2 hits.
SIM_TIMING_FN double DmaStreamRateWithHits(double effective, double hitBytes, double clockGHz) {
    return effective <= 0.0 ? DmaStreamRate(true)
                            : effective / ((effective - hitBytes) / DmaStreamRate(true) + hitBytes / L2HitRate(clockGHz));
}

// Microseconds a DMA holds its pipe when the pipe streams (the next one may start then).
SIM_TIMING_FN double DmaPipeMicros(bool toUb, uint64_t bursts, uint64_t burstBytes, uint64_t gmStart, uint64_t gmPitch,
                               double clockGHz) {
    const double stream = DmaEffectiveBytes(bursts, burstBytes, gmStart, gmPitch == 0 ? burstBytes : gmPitch) /
                          DmaStreamRate(toUb);
    const double issue = kDmaIssueCycles / (clockGHz * 1e3);
    return stream > issue ? stream : issue;
}

// Microseconds from a streaming DMA's release of its pipe until its data has landed: what
// the instruction alone takes beyond its streaming time (0 for large transfers).
SIM_TIMING_FN double DmaLandingMicros(bool toUb, uint64_t bursts, uint64_t burstBytes, uint64_t gmStart, uint64_t gmPitch,
                                  double clockGHz) {
    const double tail = DmaMicros(toUb, bursts, burstBytes, gmStart, gmPitch) -
                        DmaPipeMicros(toUb, bursts, burstBytes, gmStart, gmPitch, clockGHz);
    return tail > 0.0 ? tail : 0.0;
}

// ---- vector --------------------------------------------------------------------------------
// UB banks [bcu]: an A2/A3 UB address is {bank (bits 17-16), row (15-9), bank group (8-5),
// byte (4-0)}: 16 bank groups of 3 banks, each bank 128 rows of 32 B. A 256-B repeat of a
// contiguous operand reads 8 consecutive bank groups from the one its start lies in.
//  - Two sources read in the same repeat conflict when their groups overlap: unless they
//    start 8 groups apart (256 B modulo 512), whatever their banks ([bcu] scenarios 1-3).
//  - The destination conflicts with a source in the same bank when their groups overlap,
//    except when both start in the same group: then the hardware delays the write by one
//    repeat ([bcu] scenarios 4-6).
// A conflicting read takes twice the cycles per repeat ([ahp] case 5 -> 6: aiv_vec_time 12.85
// -> 6.95 us; msKPP's VADD fp32 128 B/cycle; [bcu] scenario 2: 1.74x for the instruction);
// a conflicting write 1.6x ([bcu] scenario 5: 3751 against 2390).
// [bcu] asc-devkit examples/.../04_memory_access/bank_conflict_ub README (Atlas A2/A3): 1,000
//       Adds of 4096 fp32 at chosen UB addresses, cycles per scenario.
constexpr uint32_t kUbBankGroups = 16;
constexpr uint32_t kUbBankRowBytes = 32;        // one bank's row: a bank group per 32 B
constexpr uint32_t kUbBankBytes = 65536;        // 128 rows x 32 B x 16 groups: one bank of each group
constexpr uint32_t kRepeatGroups = 8;           // groups one 256-B repeat reads
constexpr double kReadConflictFactor = 2.0;
constexpr double kWriteConflictFactor = 1.6;
// Start-up of one vector instruction [msKPP small-repeat overhead, 2-3 cycles].
constexpr double kVectorStartCycles = 3.0;

SIM_TIMING_FN uint32_t BankGroup(uint32_t ubAddress) { return (ubAddress / kUbBankRowBytes) % kUbBankGroups; }
// Groups from a's start to b's, modulo 16.
SIM_TIMING_FN uint32_t GroupDistance(uint32_t a, uint32_t b) {
    return (BankGroup(b) + kUbBankGroups - BankGroup(a)) % kUbBankGroups;
}
SIM_TIMING_FN bool ReadConflict(uint32_t src0, uint32_t src1) { return GroupDistance(src0, src1) != kRepeatGroups; }
SIM_TIMING_FN bool WriteConflict(uint32_t dst, uint32_t src) {
    return dst / kUbBankBytes == src / kUbBankBytes && GroupDistance(dst, src) != 0 &&
           GroupDistance(dst, src) != kRepeatGroups;
}
// The cycles-per-repeat factor of a vector instruction's UB accesses (1: conflict-free).
SIM_TIMING_FN double BankFactor(uint32_t sources, uint32_t dst, uint32_t src0, uint32_t src1) {
    double factor = 1.0;
    if (sources >= 1 && WriteConflict(dst, src0)) factor = kWriteConflictFactor;
    if (sources == 2 && WriteConflict(dst, src1)) factor = kWriteConflictFactor;
    if (sources == 2 && ReadConflict(src0, src1)) factor = kReadConflictFactor;
    return factor;
}

// Cycles per 256-byte repeat, conflict-free, by API kind and element size [msKPP calPerf in
// bytes/cycle: cycles = 256 / calPerf]: binary arithmetic 1 (128 half/cycle [ahp]); scalar forms
// (VADDS/VMULS 256 B/cycle) 1; Exp fp32 2 (128), fp16 3.9 (66); Div fp32 4 (64); Reciprocal 1
// (256); Cast 1 (262); reductions 3 (VCADD 85; the pair sum VCPADD timed as VCADD [EST]). Ln
// and Sqrt as Exp and Div [EST]; anything else 1 [EST].
SIM_TIMING_FN double VectorCyclesPerRepeat(const char* api, uint32_t elementBytes) {
    if (SameText(api, "Exp") || SameText(api, "Ln")) return elementBytes == 2 ? 256.0 / 66.0 : 2.0;
    if (SameText(api, "Div") || SameText(api, "Sqrt")) return 4.0;
    if (SameText(api, "ReduceSum") || SameText(api, "WholeReduceSum") || SameText(api, "BlockReduceSum") ||
        SameText(api, "PairReduceSum")) {
        return 3.0;
    }
    // Kinds without a published figure, timed as the nearest documented class [EST]:
    // Rsqrt as Sqrt (a square root and a division); the multiply-adds Axpy, FusedMulAdd,
    // MulAddDst, and AddRelu, SubRelu, LeakyRelu, And, Or, Not, ShiftLeft, ShiftRight as binary
    // or scalar-form arithmetic (1, the return below); likewise the comparisons and selections
    // Compare, Compares, CompareScalar, Select, the CMPMASK moves SetCmpMask and GetCmpMask, and
    // the UB->UB moves Copy, Brcb and Gather (1 per repeat; CreateVecIndex is timed as the
    // SetValue and Adds steps it issues).
    if (SameText(api, "Rsqrt")) return 4.0;
    // Max/min reductions (VCMAX/VCMIN, VCGMAX/VCGMIN): msKPP gives no calPerf for them; timed as
    // the nearest documented class, the sum reduction VCADD (85 B/cycle) [EST].
    if (SameText(api, "ReduceMax") || SameText(api, "ReduceMin") || SameText(api, "WholeReduceMax") ||
        SameText(api, "WholeReduceMin") || SameText(api, "BlockReduceMax") || SameText(api, "BlockReduceMin")) {
        return 3.0;
    }
    return 1.0;
}

// Cycles of one vector instruction; bankFactor from BankFactor.
SIM_TIMING_FN double VectorCycles(const char* api, uint32_t elementBytes, uint32_t repeats, double bankFactor = 1.0) {
    return kVectorStartCycles + static_cast<double>(repeats) * VectorCyclesPerRepeat(api, elementBytes) * bankFactor;
}

}  // namespace timing
}  // namespace model
}  // namespace sim
