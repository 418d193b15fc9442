// The launch's cross-core flags: IBSet/IBWait slots, the NotifyNextBlock/WaitPreBlock turn,
// CrossCoreSetFlag rounds, GroupBarrier counters and published GM flags (launch.h). Every flag
// change notifies the launch's condition variable; a core waiting on a flag yields its host
// thread to the other cores (WaitForCores).
#include <algorithm>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>

#include "ascendc_sim/core/check.h"
#include "ascendc_sim/core/core_pool.h"
#include "ascendc_sim/core/core_state.h"
#include "ascendc_sim/core/launch.h"

namespace sim {
namespace {
// GM GetValues of a multi-core launch between two yields of the reading core (cheap: a fiber
// switch, against 200 modeled cycles for each GetValue).
constexpr uint32_t kGmReadsPerYield = 256;
}  // namespace

bool LaunchState::WaitForFlag(std::unique_lock<std::mutex>& lock, uint32_t core, const std::function<bool()>& ready,
                              const std::string& call, const std::string& what) {
    if (aborted_) throw LaunchAborted{};
    if (ready()) return true;
    // Stuck: every core of the wave has finished, waits in SyncAll, or waits on a flag that is
    // still down. Evaluated by each waiter whenever anything changes, so the last core to get
    // stuck sees it.
    const auto stuck = [&] {
        if (finished + arrived_ + flagWaiters_.size() < participants) return false;
        return std::none_of(flagWaiters_.begin(), flagWaiters_.end(), [](const std::function<bool()>* r) { return (*r)(); });
    };
    flagWaiters_.push_back(&ready);
    cv_.notify_all();  // the others re-check whether the launch is stuck
    bool hang = false;
    WaitForCores(lock, cv_, [&] { return aborted_ || ready() || (hang = stuck()); });
    flagWaiters_.erase(std::find(flagWaiters_.begin(), flagWaiters_.end(), &ready));
    if (aborted_) throw LaunchAborted{};
    if (ready()) return true;
    (void)hang;
    lock.unlock();
    Violation(Check::SyncMisuse, call + ": core " + std::to_string(core) + " waits for " + what +
                                     ", but every other core has finished or waits too (hangs on hardware)");
    lock.lock();
    return false;
}

uint32_t LaunchState::SlotSet(uint32_t core, int32_t* slot, const std::string& call) {
    std::unique_lock<std::mutex> lock(mutex_);
    const std::function<bool()> ready = [&] { return *slot == 0; };
    // CANN's IBSet waits for the slot to be 0 (the previous set taken by its IBWait).
    if (!WaitForFlag(lock, core, ready, call, "the slot's previous IBSet to be taken by an IBWait")) return 0;
    *slot = 1;
    Slot& state = slots_[slot];
    state.clock = gmRaces.Release(core);
    cv_.notify_all();
    return ++state.sets;
}

uint32_t LaunchState::SlotWait(uint32_t core, int32_t* slot, const std::string& call) {
    std::unique_lock<std::mutex> lock(mutex_);
    const std::function<bool()> ready = [&] { return *slot == 1; };
    if (!WaitForFlag(lock, core, ready, call, "an IBSet of the same gmWorkspace, blockIdx and eventID")) return 0;
    *slot = 0;
    Slot& state = slots_[slot];
    gmRaces.Acquire(core, state.clock);
    cv_.notify_all();  // an IBSet may wait for the slot to be 0 again
    return state.sets;
}

void LaunchState::TurnInit(uint32_t core) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (turnInit_.size() < participants) turnInit_.resize(participants, false);
    turnInit_[core] = true;
}

uint32_t LaunchState::TurnWait(uint32_t core, const std::string& call) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (rounds_.size() < participants) rounds_.resize(participants, 0);
    if (core >= turnInit_.size() || !turnInit_[core]) {
        lock.unlock();
        Violation(Check::SyncMisuse, call + ": core " + std::to_string(core) +
                                         " has not called InitDetermineComputeWorkspace (the workspace is not set up)");
        return 0;
    }
    const uint32_t mine = rounds_[core] * participants + core;
    const std::function<bool()> ready = [&] { return turn_ >= mine; };
    const std::string what = "turn " + std::to_string(mine) + " (core " + std::to_string(core) + "'s round " +
                             std::to_string(rounds_[core] + 1) + "; NotifyNextBlock has ended " + std::to_string(turn_) +
                             " turn(s))";
    if (!WaitForFlag(lock, core, ready, call, what)) return mine;
    if (turn_ > mine) {
        lock.unlock();
        Violation(Check::SyncMisuse, call + ": core " + std::to_string(core) + " missed its turn " + std::to_string(mine) +
                                         " (NotifyNextBlock has ended " + std::to_string(turn_) +
                                         " turns; every core must call WaitPreBlock and NotifyNextBlock once per round)");
        return mine;
    }
    if (!turnClock_.empty()) gmRaces.Acquire(core, turnClock_);
    return mine;
}

uint32_t LaunchState::TurnNotify(uint32_t core, const std::string& call) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (rounds_.size() < participants) rounds_.resize(participants, 0);
    const uint32_t mine = rounds_[core] * participants + core;
    if (turn_ != mine) {
        const uint32_t now = turn_;
        lock.unlock();
        Violation(Check::SyncMisuse, call + ": core " + std::to_string(core) + " ends turn " + std::to_string(mine) +
                                         " while the turn is " + std::to_string(now) +
                                         " (call WaitPreBlock first; the cores go in blockIdx order)");
        return mine + 1;
    }
    ++rounds_[core];
    turnClock_ = gmRaces.Release(core);
    ++turn_;
    cv_.notify_all();
    return turn_;
}

uint32_t LaunchState::CrossCoreSet(uint32_t core, uint16_t flagId) {
    std::unique_lock<std::mutex> lock(mutex_);
    CrossFlag& flag = crossFlags_[flagId];
    if (flag.sets.size() < participants) flag.sets.resize(participants, 0), flag.waits.resize(participants, 0);
    const uint32_t round = ++flag.sets[core];
    if (flag.arrived.size() < round) flag.arrived.resize(round, 0), flag.clocks.resize(round);
    ++flag.arrived[round - 1];
    const GmRaceTracker::Clock mine = gmRaces.Release(core);
    GmRaceTracker::Clock& joined = flag.clocks[round - 1];
    if (joined.empty()) joined.assign(mine.size(), 0);
    for (size_t k = 0; k < mine.size() && k < joined.size(); ++k) joined[k] = std::max(joined[k], mine[k]);
    cv_.notify_all();
    return round;
}

uint32_t LaunchState::CrossCoreWait(uint32_t core, uint16_t flagId, const std::string& call) {
    std::unique_lock<std::mutex> lock(mutex_);
    CrossFlag& flag = crossFlags_[flagId];
    if (flag.sets.size() < participants) flag.sets.resize(participants, 0), flag.waits.resize(participants, 0);
    const uint32_t round = ++flag.waits[core];
    const std::function<bool()> ready = [&] { return flag.arrived.size() >= round && flag.arrived[round - 1] >= participants; };
    const std::string what = "every core's CrossCoreSetFlag number " + std::to_string(round) + " of flagId " +
                             std::to_string(flagId);
    if (!WaitForFlag(lock, core, ready, call, what)) return round;
    gmRaces.Acquire(core, flag.clocks[round - 1]);
    return round;
}

uint32_t LaunchState::BarrierAdd(uint32_t core, uint32_t* const* counters, uint32_t n) {
    std::unique_lock<std::mutex> lock(mutex_);
    const GmRaceTracker::Clock mine = gmRaces.Release(core);
    uint32_t value = 0;
    for (uint32_t i = 0; i < n; ++i) {
        value = __atomic_add_fetch(counters[i], 1u, __ATOMIC_ACQ_REL);
        GmRaceTracker::Clock& joined = barrierClocks_[counters[i]];
        if (joined.size() < mine.size()) joined.resize(mine.size(), 0);
        for (size_t k = 0; k < mine.size(); ++k) joined[k] = std::max(joined[k], mine[k]);
    }
    cv_.notify_all();
    return value;
}

uint32_t LaunchState::BarrierWait(uint32_t core, const uint32_t* counter, const std::function<bool(uint32_t)>& ready,
                                  const std::string& call, const std::string& what) {
    std::unique_lock<std::mutex> lock(mutex_);
    const std::function<bool()> up = [&] { return ready(__atomic_load_n(counter, __ATOMIC_ACQUIRE)); };
    if (!WaitForFlag(lock, core, up, call, what)) return __atomic_load_n(counter, __ATOMIC_ACQUIRE);
    auto it = barrierClocks_.find(counter);
    if (it != barrierClocks_.end()) gmRaces.Acquire(core, it->second);
    return __atomic_load_n(counter, __ATOMIC_ACQUIRE);
}

void LaunchState::NoteScalarGmWrite(uint32_t core, const void* address, uint64_t bytes) {
    if (participants < 2 || bytes > sizeof(uint64_t)) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (unpublished_.size() < participants) unpublished_.resize(participants);
    std::vector<UnpublishedWrite>& mine = unpublished_[core];
    for (const UnpublishedWrite& w : mine) {
        if (w.address == address) return;  // the bytes before its first write are kept already
    }
    UnpublishedWrite write{address, bytes, 0};
    std::memcpy(&write.before, address, bytes);
    mine.push_back(write);
    unpublishedCount_.fetch_add(1, std::memory_order_release);
}

void LaunchState::PublishScalarGmWrites(uint32_t core) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (core >= unpublished_.size() || unpublished_[core].empty()) return;
    const GmRaceTracker::Clock clock = gmRaces.Release(core);
    for (const UnpublishedWrite& w : unpublished_[core]) published_[w.address] = clock;
    unpublishedCount_.fetch_sub(static_cast<uint32_t>(unpublished_[core].size()), std::memory_order_release);
    unpublished_[core].clear();
    anyPublished_.store(true, std::memory_order_release);
}

void LaunchState::ObserveScalarGmRead(uint32_t core, const void* address, void* value, uint64_t bytes) {
    if (participants < 2) return;
    // A kernel may spin on a GM flag another core sets (GetValue in a loop): now and then the
    // core lets the others run, or a core on its host thread that would set the flag never does.
    static thread_local uint32_t reads = 0;
    if (++reads % kGmReadsPerYield == 0) YieldCore();
    const bool cached = unpublishedCount_.load(std::memory_order_acquire) > 0;
    if (!cached && !anyPublished_.load(std::memory_order_acquire)) return;
    std::lock_guard<std::mutex> lock(mutex_);
    if (cached) {
        // Another core's write still in its cache: this core reads what GM held before it.
        for (uint32_t other = 0; other < unpublished_.size(); ++other) {
            if (other == core) continue;
            for (const UnpublishedWrite& w : unpublished_[other]) {
                if (w.address == address && w.bytes == bytes) {
                    std::memcpy(value, &w.before, bytes);
                    return;
                }
            }
        }
    }
    auto it = published_.find(address);
    if (it != published_.end()) gmRaces.Acquire(core, it->second);
}

}  // namespace sim
