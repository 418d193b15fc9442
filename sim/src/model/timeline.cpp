// The time model's engine: all cores of a launch advance together on one clock. On each core
// the scalar unit walks the instruction log in program order, runs scalar work itself and
// issues everything else to the MTE2, V and MTE3 queues; each pipe runs its queue in order,
// held only by WaitFlag (explicit, or the implicit ones of DeQue/AllocTensor), PipeBarrier and
// SyncAll. DMAs of all cores share GM (HBM) and L2 bandwidth as max-min fair flows, each also
// capped by its own core's streaming MTE rate (L2 hits faster than misses), and the fresh
// traffic of all flows (L2 misses and every written byte) shares the SoC's fresh-data rate; a
// DMA releases its pipe when its bytes have streamed (the next DMA starts then) and its data
// lands its fixed latency later, which a SetFlag or barrier on that pipe waits for. The L2
// decides per 512-B line what is a hit, a miss, or a dirty line written back. Durations come
// from soc_timing.h.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <deque>
#include <limits>
#include <map>
#include <queue>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ascendc_sim/model/profile.h"
#include "ascendc_sim/model/soc_timing.h"
#include "l2_cache.h"

namespace sim::model {
namespace {

using namespace timing;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kEps = 1e-9;
constexpr int kS = static_cast<int>(Pipe::S);

enum class Op : uint8_t { Work, Dma, Set, Wait, PipeBarrier, DrainAll, SyncAll, Signal, AwaitSignal, Nop };

struct Instr {
    const Event* ev = nullptr;
    const char* api = nullptr;  // copies of ev's fields the timeline needs (keeps the log out of cache)
    uint64_t bytes = 0;
    Op op = Op::Nop;
    int pipe = kS;
    bool onFront = true;     // run by the scalar unit itself
    double us = 0.0;         // fixed duration (Work, PipeBarrier); Dma: landing latency after its stream
    int32_t dep = -1;        // Wait: the instruction it waits for
    int32_t cause = -1;      // Wait/DrainAll/SyncAll/AwaitSignal: index into CoreSim::causes
    uint64_t flag = 0;       // Signal/AwaitSignal: the flag (its GM address) ...
    uint32_t sequence = 0;   // ... and which raising of it ...
    uint32_t raisers = 1;    // ... and, for AwaitSignal, how many cores raise it (CrossCoreWaitFlag: all)
    double readyAt = 0.0;    // issued (the scalar unit has handed it to its pipe)
    double start = -1.0;
    double end = -1.0;       // < 0: not done (Dma: its pipe released)
    double land = -1.0;      // Dma: its data landed
};

struct Cause {
    std::string on;
    std::string event;
};

struct CoreSim {
    std::vector<Instr> instrs;
    std::vector<Cause> causes;
    std::map<std::pair<int, int>, double> waited;  // (pipe, cause) -> us
    size_t front = 0;
    double frontFreeAt = 0.0;
    std::deque<int32_t> queue[kPipeCount];
    int32_t running[kPipeCount] = {-1, -1, -1, -1};
    double pipeIdleSince[kPipeCount] = {0, 0, 0, 0};
    double landedAt[kPipeCount] = {0, 0, 0, 0};     // the last landing of the pipe's DMAs so far
    std::vector<std::pair<double, int>> landings;    // DMAs streamed, not landed: (when, pipe)
    double busy[kPipeCount] = {0, 0, 0, 0};
    uint64_t executed[kPipeCount] = {0, 0, 0, 0};
    size_t outstanding = 0;   // issued to a pipe, not completed
    bool active = false;
    bool finished = false;
    bool arrived = false;     // waiting in SyncAll
    double releaseAt = kInf;
    double syncUs = 0.0;
    double doneAt = 0.0;
    uint64_t readBytes = 0, readHitBytes = 0;  // its GM reads, and those L2 served (reporting only)
};

struct Flow {
    int core;
    int32_t instr;
    double remaining;  // effective bytes still to move
    double cap;        // the core's own MTE rate, effective bytes per us
    double hbmPer;     // HBM bytes per effective byte
    double l2Per;      // L2 bytes per effective byte
    double freshPer;   // fresh GM bytes (L2 misses, written bytes) per effective byte
    double rate = 0.0;
    double finish = 0.0;  // when it ends at the current rates
};

std::string FlagName(Pipe from, Pipe to, int32_t id) {
    return std::string(PipeName(from)) + "->" + PipeName(to) + " flag " + std::to_string(id);
}

double ScalarCycles(const char* api) {
    if (std::strncmp(api, "GlobalTensor::", 14) == 0) return kScalarGmCycles;
    // ReadGmByPassDCache / WriteGmByPassDCache (kernel/scalar_ops.h): one scalar GM access.
    if (std::strstr(api, "GmByPassDCache") != nullptr) return kScalarGmCycles;
    if (std::strncmp(api, "LocalTensor::", 13) == 0) return kScalarUbCycles;
    return kScalarOtherCycles;
}

class Engine {
public:
    Engine(const LaunchResult& launch, const SocSpec& soc)
        : launch_(launch), timing_(FindSocTiming(soc.name)), l2_(timing_.l2Bytes) {
        cyclesToUs_ = 1.0 / (timing_.clockGHz * 1000.0);
        hbmCap_ = timing_.gmGBps * 1000.0;  // bytes per us
        l2Cap_ = timing_.l2GBps * 1000.0;
        freshCap_ = timing_.freshGBps * 1000.0;
        aivCores_ = soc.aivCores;
    }

    Profile Run() {
        const size_t n = launch_.cores.size();
        cores_.resize(n);
        for (size_t c = 0; c < n; ++c) Prepare(c);
        for (size_t c = 0; c < n && c < aivCores_; ++c) Activate(c, 0.0);
        Loop();
        return Summarize();
    }

private:
    // ---- from the log to instructions with dependencies --------------------------------
    int CauseIndex(CoreSim& core, std::map<std::string, int>& index, const std::string& on, const std::string& event) {
        auto [it, inserted] = index.try_emplace(on + "|" + event, static_cast<int>(core.causes.size()));
        if (inserted) core.causes.push_back(Cause{on, event});
        return it->second;
    }

    void Prepare(size_t c) {
        CoreSim& core = cores_[c];
        const auto& events = launch_.cores[c].events;
        core.instrs.resize(events.size());
        std::map<std::string, int> causeIndex;
        std::array<std::deque<int32_t>, 16 * 8> flagSets;
        std::map<int32_t, std::deque<int32_t>> queueSets;
        std::unordered_map<int32_t, int32_t> lastFree;
        for (size_t i = 0; i < events.size(); ++i) {
            const Event& e = events[i];
            Instr& in = core.instrs[i];
            in.ev = &e;
            in.api = e.api;
            in.bytes = e.bytes;
            in.pipe = static_cast<int>(e.pipe);
            switch (e.kind) {
                case EventKind::Dma:
                    in.op = Op::Dma;
                    break;
                case EventKind::Vector: {
                    in.op = Op::Work;
                    const double bank = BankFactor(e.sources, e.ubDst, e.ubSrc0, e.ubSrc1);
                    in.us = VectorCycles(e.api, e.elementBytes, e.repeats, bank) * cyclesToUs_;
                    break;
                }
                case EventKind::Scalar:
                    in.op = Op::Work;
                    in.us = ScalarCycles(e.api) * static_cast<double>(ScalarAccesses(e)) * cyclesToUs_;
                    break;
                case EventKind::SetFlag: {
                    in.op = Op::Set;
                    const int32_t me = static_cast<int32_t>(i);
                    if (e.object != nullptr) {
                        if (std::strcmp(e.api, "FreeTensor") == 0) lastFree[e.slot] = me;
                        else queueSets[e.eventId].push_back(me);
                    } else if (e.eventId >= 0 && e.eventId < 8) {
                        flagSets[(static_cast<int>(e.pipe) * 4 + static_cast<int>(e.peer)) * 8 + e.eventId].push_back(me);
                    }
                    break;
                }
                case EventKind::WaitFlag: {
                    in.op = Op::Wait;
                    std::string name;
                    if (e.object != nullptr) {
                        name = std::string("queue ") + e.object + "#" + std::to_string(e.eventId);
                        // TBufPool::Reset waits for a buffer's last FreeTensor, as AllocTensor does.
                        if (std::strcmp(e.api, "AllocTensor") == 0 || std::strcmp(e.api, "TBufPool::Reset") == 0) {
                            auto it = lastFree.find(e.slot);
                            if (it != lastFree.end()) in.dep = it->second;
                        } else {
                            auto& sets = queueSets[e.eventId];
                            if (!sets.empty()) {
                                in.dep = sets.front();
                                sets.pop_front();
                            }
                        }
                    } else {
                        name = FlagName(e.peer, e.pipe, e.eventId);
                        if (e.eventId >= 0 && e.eventId < 8) {
                            auto& sets = flagSets[(static_cast<int>(e.peer) * 4 + static_cast<int>(e.pipe)) * 8 + e.eventId];
                            if (!sets.empty()) {
                                in.dep = sets.front();
                                sets.pop_front();
                            }
                        }
                    }
                    in.cause = CauseIndex(core, causeIndex, PipeName(e.peer), name);
                    break;
                }
                case EventKind::Barrier:
                    if (e.pipe == Pipe::S) {
                        const bool all = std::strcmp(e.api, "PipeBarrier") != 0;  // PIPE_ALL, TPipe::Reset
                        in.op = all ? Op::DrainAll : Op::Nop;
                        if (all) in.cause = CauseIndex(core, causeIndex, "ALL", "PipeBarrier");
                    } else {
                        in.op = Op::PipeBarrier;
                        in.us = kBarrierCycles * cyclesToUs_;
                    }
                    break;
                case EventKind::SyncAll:
                    in.op = Op::SyncAll;
                    in.cause = CauseIndex(core, causeIndex, "ALL", "SyncAll");
                    break;
                case EventKind::CoreSignal:
                case EventKind::CoreWait:
                    in.op = e.kind == EventKind::CoreSignal ? Op::Signal : Op::AwaitSignal;
                    in.flag = e.gmAddress;
                    in.sequence = e.repeats;
                    in.raisers = e.kind == EventKind::CoreWait && e.bursts > 0 ? e.bursts : 1;
                    if (in.op == Op::AwaitSignal) in.cause = CauseIndex(core, causeIndex, "ALL", e.api);
                    break;
            }
            in.onFront = in.pipe == kS;
        }
    }

    // ---- the clock -----------------------------------------------------------------------
    void Wake(size_t c, double at) { wakes_.push({at, c}); }

    void Activate(size_t c, double at) {
        CoreSim& core = cores_[c];
        core.active = true;
        core.frontFreeAt = at;
        for (double& t : core.pipeIdleSince) t = at;
        Wake(c, at);
    }

    void Loop() {
        std::vector<size_t> dirty;
        while (true) {
            if (flowsChanged_) {
                ShareBandwidth();
                flowsChanged_ = false;
            }
            const double next = std::min(wakes_.empty() ? kInf : wakes_.top().first, nextFlowEnd_);
            if (next == kInf) break;
            now_ = std::max(next, now_);
            dirty.clear();
            if (nextFlowEnd_ <= now_ + kEps) {
                SyncFlows();
                for (size_t i = 0; i < flows_.size();) {
                    if (flows_[i].finish <= now_ + kEps) {
                        CoreSim& core = cores_[flows_[i].core];
                        Instr& dma = core.instrs[flows_[i].instr];
                        dma.end = now_;
                        dma.land = now_ + dma.us;
                        core.landedAt[dma.pipe] = std::max(core.landedAt[dma.pipe], dma.land);
                        core.landings.emplace_back(dma.land, dma.pipe);
                        if (dma.land > now_ + kEps) Wake(flows_[i].core, dma.land);
                        dirty.push_back(flows_[i].core);
                        flows_[i] = flows_.back();
                        flows_.pop_back();
                        flowsChanged_ = true;
                    } else {
                        ++i;
                    }
                }
                nextFlowEnd_ = kInf;  // recomputed with the rates
            }
            while (!wakes_.empty() && wakes_.top().first <= now_ + kEps) {
                dirty.push_back(wakes_.top().second);
                wakes_.pop();
            }
            std::sort(dirty.begin(), dirty.end());
            dirty.erase(std::unique(dirty.begin(), dirty.end()), dirty.end());
            for (size_t c : dirty) Advance(c);
        }
        // Anything still blocked (an unmatched wait in a failed launch) ends where it stopped.
        for (auto& core : cores_) {
            if (!core.finished) core.doneAt = std::max(core.doneAt, now_);
        }
    }

    // Rates are constant between changes of the flow set: progress is applied when it changes.
    void SyncFlows() {
        const double dt = now_ - flowTime_;
        if (dt > 0) {
            for (Flow& f : flows_) f.remaining = std::max(0.0, f.remaining - f.rate * dt);
        }
        flowTime_ = now_;
    }

    // Max-min fair rates: every active DMA gets the same rate unless its own cap or a shared
    // resource (HBM, L2, the fresh-data rate) it uses is exhausted first (progressive filling).
    void ShareBandwidth() {
        SyncFlows();
        std::vector<Flow*> open;
        for (Flow& f : flows_) {
            f.rate = 0.0;
            open.push_back(&f);
        }
        double hbmLeft = hbmCap_, l2Left = l2Cap_, freshLeft = freshCap_;
        while (!open.empty()) {
            double sumH = 0, sumL = 0, sumF = 0, capStep = kInf;
            for (Flow* f : open) {
                sumH += f->hbmPer;
                sumL += f->l2Per;
                sumF += f->freshPer;
                capStep = std::min(capStep, f->cap - f->rate);
            }
            const double hStep = sumH > 0 ? hbmLeft / sumH : kInf;
            const double lStep = sumL > 0 ? l2Left / sumL : kInf;
            const double fStep = sumF > 0 ? freshLeft / sumF : kInf;
            const double step = std::max(0.0, std::min({capStep, hStep, lStep, fStep}));
            for (Flow* f : open) f->rate += step;
            hbmLeft -= step * sumH;
            l2Left -= step * sumL;
            freshLeft -= step * sumF;
            const bool hbmFull = hStep <= step + kEps, l2Full = lStep <= step + kEps, freshFull = fStep <= step + kEps;
            std::vector<Flow*> still;
            for (Flow* f : open) {
                const bool capped = f->rate >= f->cap - kEps;
                const bool starved = (hbmFull && f->hbmPer > 0) || (l2Full && f->l2Per > 0) ||
                                     (freshFull && f->freshPer > 0);
                if (!capped && !starved) still.push_back(f);
            }
            if (still.size() == open.size()) break;  // numerical safety
            open.swap(still);
        }
        nextFlowEnd_ = kInf;
        for (Flow& f : flows_) {
            f.finish = f.rate > 0 ? now_ + f.remaining / f.rate : kInf;
            nextFlowEnd_ = std::min(nextFlowEnd_, f.finish);
        }
    }

    void StartDma(size_t c, int32_t idx) {
        Instr& in = cores_[c].instrs[idx];
        const Event& e = *in.ev;
        const bool toUb = e.pipe == Pipe::MTE2;
        const uint64_t pitch = e.gmPitch != 0 ? e.gmPitch : e.burstBytes;
        const L2Traffic t = l2_.Access(!toUb, e.gmAddress, e.bursts, e.burstBytes, pitch, e.cacheMode);
        const double data = static_cast<double>(e.bytes);
        // The pipe streams the effective bytes (at least the issue interval): a read's L2 hits at
        // the L2-hit rate, the rest at msKPP's (DmaStreamRateWithHits; DmaPipeMicros when
        // nothing hits). The rest of the instruction's time alone is its landing latency,
        // overlapped with what follows.
        const double effective = DmaEffectiveBytes(e.bursts, e.burstBytes, e.gmAddress, pitch);
        const double rate = toUb ? DmaStreamRateWithHits(effective, static_cast<double>(t.hitBytes), timing_.clockGHz)
                                 : DmaStreamRate(false);
        const double work = std::max(effective, rate * kDmaIssueCycles * cyclesToUs_);
        in.us = DmaLandingMicros(toUb, e.bursts, e.burstBytes, e.gmAddress, pitch, timing_.clockGHz);
        // GM bytes cost their 512-B requests (GmRequestFactor: unaligned bursts issue one more).
        const double requests = GmRequestFactor(e.bursts, e.burstBytes, e.gmAddress, pitch);
        const double fresh = static_cast<double>(t.missBytes) + (toUb ? 0.0 : data);
        const double hbm = static_cast<double>(t.missBytes + t.hbmWriteBytes);
        Flow f{static_cast<int>(c), idx, work, rate, requests * hbm / work, data / work, requests * fresh / work};
        flows_.push_back(f);
        flowsChanged_ = true;
        hbmBytes_ += t.missBytes + t.hbmWriteBytes;
        hbmChargedBytes_ += requests * hbm;
        freshChargedBytes_ += requests * fresh;
        l2Bytes_ += e.bytes;
        hbmWriteBackBytes_ += t.hbmWriteBytes;
        if (toUb) {
            readHitBytes_ += t.hitBytes;
            readBytes_ += e.bytes;
            cores_[c].readHitBytes += t.hitBytes;
            cores_[c].readBytes += e.bytes;
        }
    }

    // Starts what can start on core c at now_ (scalar unit first, then the pipes), repeatedly.
    void Advance(size_t c) {
        CoreSim& core = cores_[c];
        if (!core.active || core.finished) return;
        bool changed = true;
        while (changed) {
            changed = false;
            for (int p = 0; p < kPipeCount; ++p) {
                const int32_t r = core.running[p];
                if (r >= 0 && core.instrs[r].end >= 0 && core.instrs[r].end <= now_ + kEps) {
                    core.running[p] = -1;
                    core.pipeIdleSince[p] = std::max(core.pipeIdleSince[p], core.instrs[r].end);
                    if (core.instrs[r].op != Op::Dma) --core.outstanding;  // a DMA counts until it lands
                    changed = true;
                }
            }
            for (size_t k = 0; k < core.landings.size();) {
                if (core.landings[k].first <= now_ + kEps) {
                    const int p = core.landings[k].second;
                    core.pipeIdleSince[p] = std::max(core.pipeIdleSince[p], core.landings[k].first);
                    --core.outstanding;
                    core.landings[k] = core.landings.back();
                    core.landings.pop_back();
                    changed = true;
                } else {
                    ++k;
                }
            }
            // The scalar unit runs ahead of the pipes: issue times depend only on it.
            while (core.front < core.instrs.size()) {
                if (!StepFront(c)) break;
                changed = true;
            }
            for (int p = 0; p < kPipeCount; ++p) {
                if (p == kS) continue;
                while (core.running[p] < 0 && !core.queue[p].empty()) {
                    if (!StartHead(c, p)) break;
                    changed = true;
                }
            }
        }
        if (core.front == core.instrs.size() && core.outstanding == 0) {
            if (core.frontFreeAt > now_ + kEps) {
                Wake(c, core.frontFreeAt);
                return;
            }
            core.finished = true;
            core.doneAt = std::max(now_, core.frontFreeAt);
            for (double t : core.pipeIdleSince) core.doneAt = std::max(core.doneAt, t);
            const size_t nextBlock = c + aivCores_;
            if (nextBlock < cores_.size()) Activate(nextBlock, core.doneAt);
            TryReleaseSyncAll();
        }
    }

    // Whether instruction `dep` has executed by now; if it will only later, wake then.
    bool Done(size_t c, int32_t dep) {
        if (dep < 0) return true;
        const double end = cores_[c].instrs[dep].end;
        if (end < 0) return false;
        if (end > now_ + kEps) {
            Wake(c, end);
            return false;
        }
        return true;
    }

    void Record(size_t c, Instr& in, int pipe) {
        CoreSim& core = cores_[c];
        core.busy[pipe] += in.end - in.start;
        if (in.op == Op::Work) core.executed[pipe] += in.ev != nullptr ? ScalarAccesses(*in.ev) : 1;  // DMAs: RecordDmas
        timeline_.push_back(TimelineEntry{static_cast<uint32_t>(c), static_cast<Pipe>(pipe), in.api, in.start,
                                          in.end - in.start, in.bytes, Index(core, in), IssuedAt(in)});
    }

    // Recording only: which log entry a timeline slice is, and when the scalar unit issued it.
    static uint32_t Index(const CoreSim& core, const Instr& in) { return static_cast<uint32_t>(&in - core.instrs.data()); }
    static double IssuedAt(const Instr& in) { return in.onFront ? -1.0 : in.readyAt; }

    // A DMA pipe is busy from a DMA's start until its data landed; landings overlap the DMAs
    // that follow, so busy time is the union of those spans, and each DMA's timeline slice
    // ends where the next one on its pipe starts (a track never overlaps itself).
    void RecordDmas(size_t c) {
        CoreSim& core = cores_[c];
        int32_t previous[kPipeCount] = {-1, -1, -1, -1};
        double covered[kPipeCount] = {0, 0, 0, 0};
        auto flush = [&](int p, double nextStart) {
            Instr& in = core.instrs[previous[p]];
            const double sliceEnd = std::max(in.end, std::min(in.land, nextStart));
            timeline_.push_back(TimelineEntry{static_cast<uint32_t>(c), static_cast<Pipe>(p), in.api, in.start,
                                              sliceEnd - in.start, in.bytes, Index(core, in), IssuedAt(in)});
        };
        for (size_t i = 0; i < core.instrs.size(); ++i) {
            Instr& in = core.instrs[i];
            if (in.op != Op::Dma || in.end < 0) continue;
            const int p = in.pipe;
            if (previous[p] >= 0) flush(p, in.start);
            previous[p] = static_cast<int32_t>(i);
            core.busy[p] += std::max(0.0, in.land - std::max(in.start, covered[p]));
            covered[p] = std::max(covered[p], in.land);
            ++core.executed[p];
        }
        for (int p = 0; p < kPipeCount; ++p) {
            if (previous[p] >= 0) flush(p, kInf);
        }
    }

    // `us` of pipe's wait at instruction `in`, which ended the wait at in.end.
    void AddWait(size_t c, int pipe, const Instr& in, double us) {
        CoreSim& core = cores_[c];
        if (in.cause < 0 || us <= kEps) return;
        core.waited[{pipe, in.cause}] += us;
        waitSpans_.push_back(WaitSpan{static_cast<uint32_t>(c), static_cast<Pipe>(pipe), Index(core, in), in.end - us,
                                      us, core.causes[in.cause].event});
    }

    // The scalar unit's next instruction in program order; false when it must wait.
    bool StepFront(size_t c) {
        CoreSim& core = cores_[c];
        const int32_t idx = static_cast<int32_t>(core.front);
        Instr& in = core.instrs[idx];
        const double t = std::max(now_, core.frontFreeAt);
        if (!in.onFront) {
            const double issue = kIssueCycles * cyclesToUs_;
            in.readyAt = t + issue;
            core.busy[kS] += issue;
            core.frontFreeAt = in.readyAt;
            core.queue[in.pipe].push_back(idx);
            ++core.outstanding;
            ++core.front;
            return true;
        }
        // Waits and barriers act on the present: the scalar unit must have got there.
        const bool blocking = in.op == Op::Wait || in.op == Op::DrainAll || in.op == Op::SyncAll ||
                              in.op == Op::Signal || in.op == Op::AwaitSignal;
        if (blocking && t > now_ + kEps) {
            Wake(c, t);
            return false;
        }
        switch (in.op) {
            case Op::Work:
                in.start = t;
                in.end = t + in.us;
                core.frontFreeAt = in.end;
                Record(c, in, kS);
                break;
            case Op::Set:
            case Op::Nop:
            case Op::PipeBarrier:
                in.start = in.end = t;
                break;
            case Op::Wait:
                if (!Done(c, in.dep)) return false;
                in.start = in.end = t;
                AddWait(c, kS, in, t - core.frontFreeAt);
                RecordFlow(c, in);
                break;
            case Op::DrainAll:
                if (core.outstanding > 0) return false;
                in.start = in.end = t;
                AddWait(c, kS, in, t - core.frontFreeAt);
                break;
            case Op::SyncAll:
                if (core.outstanding > 0) return false;
                if (!core.arrived) {
                    core.arrived = true;
                    core.releaseAt = kInf;
                    in.start = t;
                    TryReleaseSyncAll();
                }
                if (core.releaseAt > now_ + kEps) return false;
                core.arrived = false;
                in.end = core.releaseAt;
                core.syncUs += in.end - in.start;
                AddWait(c, kS, in, in.end - core.frontFreeAt);
                core.frontFreeAt = in.end;
                break;
            case Op::Signal: {
                // The flag goes up once the core's pipes have drained (CANN: pipe_barrier(PIPE_ALL)).
                if (core.outstanding > 0) return false;
                in.start = in.end = t;
                auto& raised = signals_[{in.flag, in.sequence}];
                raised.at = std::max(raised.at, t);
                ++raised.count;
                for (size_t waiter : raised.waiters) Wake(waiter, t);
                raised.waiters.clear();
                break;
            }
            case Op::AwaitSignal: {
                if (core.outstanding > 0) return false;
                if (in.start < 0) in.start = t;
                if (in.sequence > 0) {
                    auto& raised = signals_[{in.flag, in.sequence}];
                    if (raised.count < in.raisers) {
                        raised.waiters.push_back(c);
                        return false;
                    }
                    in.end = std::max(t, raised.at + kCoreFlagCycles * cyclesToUs_);
                } else {
                    in.end = t;  // the first turn waits for no one
                }
                if (in.end > now_ + kEps) {
                    Wake(c, in.end);
                    return false;  // the flag lands later: come back then
                }
                core.syncUs += in.end - in.start;
                AddWait(c, kS, in, in.end - core.frontFreeAt);
                core.frontFreeAt = in.end;
                break;
            }
            case Op::Dma:
                break;
        }
        ++core.front;
        return true;
    }

    void TryReleaseSyncAll() {
        size_t waiting = 0, running = 0;
        for (const auto& core : cores_) {
            if (!core.active || core.finished) continue;
            ++running;
            if (core.arrived && core.releaseAt == kInf) ++waiting;
        }
        if (running == 0 || waiting != running) return;
        const double release = now_ + kSyncAllUs;
        for (size_t c = 0; c < cores_.size(); ++c) {
            CoreSim& core = cores_[c];
            if (core.active && !core.finished && core.arrived) {
                core.releaseAt = release;
                Wake(c, release);
            }
        }
    }

    void RecordFlow(size_t c, const Instr& wait) {
        if (wait.dep < 0) return;
        CoreSim& core = cores_[c];
        const Instr& set = core.instrs[wait.dep];
        flowsOut_.push_back(FlowRecord{static_cast<uint32_t>(c), static_cast<Pipe>(set.pipe),
                                       static_cast<Pipe>(wait.pipe), core.causes[wait.cause].event, set.end, wait.end});
    }

    // The head of pipe p's queue; false when it must wait.
    bool StartHead(size_t c, int p) {
        CoreSim& core = cores_[c];
        const int32_t idx = core.queue[p].front();
        Instr& in = core.instrs[idx];
        if (in.readyAt > now_ + kEps) {
            Wake(c, in.readyAt);
            return false;
        }
        // A SetFlag or barrier on a DMA pipe signals that the pipe's earlier DMAs are complete:
        // their data must have landed.
        if ((in.op == Op::Set || in.op == Op::PipeBarrier) && core.landedAt[p] > now_ + kEps) {
            Wake(c, core.landedAt[p]);
            return false;
        }
        const double t = now_;
        switch (in.op) {
            case Op::Set:
            case Op::Nop:
                in.start = in.end = t;
                --core.outstanding;
                break;
            case Op::Wait:
                if (!Done(c, in.dep)) return false;
                in.start = in.end = t;
                AddWait(c, p, in, t - std::max(in.readyAt, core.pipeIdleSince[p]));
                RecordFlow(c, in);
                core.pipeIdleSince[p] = t;
                --core.outstanding;
                break;
            case Op::Work:
            case Op::PipeBarrier:
                in.start = t;
                in.end = t + in.us;
                core.running[p] = idx;
                Record(c, in, p);
                Wake(c, in.end);
                break;
            case Op::Dma:
                in.start = t;
                core.running[p] = idx;
                StartDma(c, idx);
                break;
            default:
                in.start = in.end = t;
                --core.outstanding;
                break;
        }
        core.queue[p].pop_front();
        return true;
    }

    // ---- the summary ---------------------------------------------------------------------
    Profile Summarize() {
        Profile prof;
        prof.modeled = true;
        prof.kernel = launch_.kernelName;
        prof.soc = launch_.soc;
        prof.blockDim = launch_.blockDim;
        prof.launchUs = LaunchMicros(static_cast<uint32_t>(std::min(cores_.size(), aivCores_)));
        prof.gmBandwidthGBps = timing_.gmGBps;
        prof.freshBandwidthGBps = timing_.freshGBps;
        prof.clockGHz = timing_.clockGHz;
        prof.hbmWriteBackBytes = hbmWriteBackBytes_;
        const size_t n = cores_.size();
        double busySum[kPipeCount] = {0, 0, 0, 0};
        // DMA busy time is only known at the end (flows): add it from the finished instructions.
        for (size_t c = 0; c < n; ++c) {
            CoreSim& core = cores_[c];
            RecordDmas(c);
            CoreProfile cp;
            cp.core = static_cast<uint32_t>(c);
            cp.timeUs = core.doneAt;
            cp.figures.l2ReadBytes = core.readBytes;
            cp.figures.l2HitBytes = core.readHitBytes;
            for (int p = 0; p < kPipeCount; ++p) {
                cp.pipes[p].busyUs = core.busy[p];
                cp.pipes[p].instructions = core.executed[p];
                busySum[p] += core.busy[p];
            }
            for (const auto& [key, us] : core.waited) {
                cp.pipes[key.first].waitUs += us;
                cp.waits.push_back(WaitRecord{PipeName(static_cast<Pipe>(key.first)), core.causes[key.second].on,
                                              core.causes[key.second].event, us});
            }
            if (c == 0 || cp.timeUs > prof.aivTimeUs) {
                prof.aivTimeUs = cp.timeUs;
                prof.busiestCore = cp.core;
            }
            prof.cores.push_back(std::move(cp));
            for (const Event& e : launch_.cores[c].events) {
                uint64_t end = 0;
                if (e.kind == EventKind::Vector) end = static_cast<uint64_t>(e.ubDst) + e.bytes;
                else if (e.kind == EventKind::Dma) end = static_cast<uint64_t>(e.pipe == Pipe::MTE2 ? e.ubDst : e.ubSrc0) + e.bytes;
                prof.ubPeakBytes = std::max(prof.ubPeakBytes, end);
            }
            prof.gmReadBytes += launch_.cores[c].GmBytesRead();
            prof.gmWriteBytes += launch_.cores[c].GmBytesWritten();
        }
        const double cores = n > 0 ? static_cast<double>(n) : 1.0;
        prof.aivVecTimeUs = busySum[static_cast<int>(Pipe::V)] / cores;
        prof.aivScalarTimeUs = busySum[kS] / cores;
        prof.aivMte2TimeUs = busySum[static_cast<int>(Pipe::MTE2)] / cores;
        prof.aivMte3TimeUs = busySum[static_cast<int>(Pipe::MTE3)] / cores;
        prof.taskDurationUs = prof.launchUs + prof.aivTimeUs;
        prof.hbmBytes = hbmBytes_;
        prof.l2HitRatio = readBytes_ > 0 ? static_cast<double>(readHitBytes_) / static_cast<double>(readBytes_) : 0.0;
        if (n > 0) prof.syncAllUs = cores_[prof.busiestCore].syncUs;
        prof.bound = Bound(prof);
        prof.timeline = std::move(timeline_);
        prof.flows = std::move(flowsOut_);
        prof.waitSpans = std::move(waitSpans_);
        return prof;
    }

    // Which limit binds: the launch overhead when it exceeds the kernel; a shared resource
    // (HBM or the fresh-data rate: "hbm"; L2) running at >= 75% of its rate over the kernel; otherwise what kept the
    // busiest core occupied (its DMA pipes, vector, scalar, or waiting in SyncAll).
    std::string Bound(const Profile& prof) const {
        if (prof.aivTimeUs <= 0.0 || prof.launchUs >= prof.aivTimeUs) return "launch";
        const double hbmUse = hbmChargedBytes_ / (prof.aivTimeUs * hbmCap_);  // as the flows paid for them
        const double l2Use = static_cast<double>(l2Bytes_) / (prof.aivTimeUs * l2Cap_);
        const double freshUse = freshChargedBytes_ / (prof.aivTimeUs * freshCap_);
        if (std::max(hbmUse, freshUse) >= 0.75 && std::max(hbmUse, freshUse) >= l2Use) return "hbm";
        if (l2Use >= 0.75) return "l2";
        const CoreProfile& core = prof.cores[prof.busiestCore];
        const double dma = std::max(core.pipes[static_cast<int>(Pipe::MTE2)].busyUs,
                                    core.pipes[static_cast<int>(Pipe::MTE3)].busyUs);
        const std::pair<double, const char*> candidates[] = {{dma, "core-dma"},
                                                              {core.pipes[static_cast<int>(Pipe::V)].busyUs, "vector"},
                                                              {core.pipes[kS].busyUs, "scalar"},
                                                              {prof.syncAllUs, "sync"}};
        return std::max_element(std::begin(candidates), std::end(candidates))->second;
    }

    const LaunchResult& launch_;
    const SocTiming& timing_;
    L2Cache l2_;
    double cyclesToUs_ = 0.0, hbmCap_ = 0.0, l2Cap_ = 0.0, freshCap_ = 0.0;
    size_t aivCores_ = 1;
    std::vector<CoreSim> cores_;
    std::priority_queue<std::pair<double, size_t>, std::vector<std::pair<double, size_t>>, std::greater<>> wakes_;
    // Cross-core flags by (flag, sequence): when raised (< 0: not yet) and who waits for it.
    struct Raised {
        double at = -1.0;    // the last raise so far
        uint32_t count = 0;  // raises so far
        std::vector<size_t> waiters;
    };
    std::map<std::pair<uint64_t, uint32_t>, Raised> signals_;
    std::vector<Flow> flows_;
    bool flowsChanged_ = false;
    double flowTime_ = 0.0;          // when flows' `remaining` was last brought up to date
    double nextFlowEnd_ = kInf;
    double now_ = 0.0;
    uint64_t hbmBytes_ = 0, l2Bytes_ = 0, readBytes_ = 0, readHitBytes_ = 0;
    double hbmChargedBytes_ = 0.0, freshChargedBytes_ = 0.0;  // with GmRequestFactor
    uint64_t hbmWriteBackBytes_ = 0;  // reporting only (the L2-absorbed-writes flag)
    std::vector<WaitSpan> waitSpans_;
    std::vector<TimelineEntry> timeline_;
    std::vector<FlowRecord> flowsOut_;
};

}  // namespace

Profile ModelLaunch(const LaunchResult& launch, const SocSpec& soc) {
    Engine engine(launch, soc);
    Profile prof = engine.Run();
    AddFigures(prof, launch);
    return prof;
}

}  // namespace sim::model
