// Test hooks that launch the kernels in sim/tests/kernels/ by name, as CANN launches them:
// GM_ADDR arguments only, each argument a fresh GM allocation holding a numpy array's bytes.
#include <pybind11/stl.h>

#include <cstring>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "ascendc_sim/core/gm.h"
#include "ascendc_sim/core/launch.h"
#include "ascendc_sim/core/soc.h"
#include "add_custom.h"
#include "broken_buffers.h"
#include "broken_dma.h"
#include "broken_sync.h"
#include "copy_through.h"
#include "core_flags.h"
#include "pad_per_core.h"
#include "partial_block.h"
#include "registry.h"
#include "spm_dump.h"
#include "sum_sync_all.h"
#include "ascendc_sim/core/core_pool.h"

namespace py = pybind11;

namespace {

using simtest::RegisterKernel;

void RegisterTestKernels() {
    RegisterKernel("add_custom", &add_custom);
    RegisterKernel("add_custom_half", &add_custom_half);
    RegisterKernel("sum_sync_all", &sum_sync_all);
    RegisterKernel("copy_through", &copy_through);
    RegisterKernel("queue_fifo_order", &queue_fifo_order);
    RegisterKernel("read_past_allocation", &read_past_allocation);
    RegisterKernel("write_past_allocation", &write_past_allocation);
    RegisterKernel("read_past_declared_size", &read_past_declared_size);
    RegisterKernel("misaligned_ub_operand", &misaligned_ub_operand);
    RegisterKernel("datacopy_odd_length", &datacopy_odd_length);
    RegisterKernel("bad_dma_params", &bad_dma_params);
    RegisterKernel("dma_past_local_tensor", &dma_past_local_tensor);
    RegisterKernel("init_buffer_overflow", &init_buffer_overflow);
    RegisterKernel("nine_live_buffers", &nine_live_buffers);
    RegisterKernel("deque_empty", &deque_empty);
    RegisterKernel("unwritten_ub_to_gm", &unwritten_ub_to_gm);
    RegisterKernel("unwritten_tbuf_to_gm", &unwritten_tbuf_to_gm);
    RegisterKernel("tbuf_missing_mte2_v_sync", &tbuf_missing_mte2_v_sync);
    RegisterKernel("tbuf_reload_while_vector_reads", &tbuf_reload_while_vector_reads);
    RegisterKernel("set_flag_twice", &set_flag_twice);
    RegisterKernel("wait_flag_without_set", &wait_flag_without_set);
    RegisterKernel("core_skips_sync_all", &core_skips_sync_all);
    RegisterKernel("assert_tile_count", &assert_tile_count);
    RegisterKernel("slots_read_without_sync_all", &slots_read_without_sync_all);
    RegisterKernel("slots_read_after_sync_all", &slots_read_after_sync_all);
    RegisterKernel("cores_write_one_slot", &cores_write_one_slot);
    RegisterKernel("pad_value_per_core", &pad_value_per_core);
    RegisterKernel("cores_set_one_gm_value", &cores_set_one_gm_value);
    RegisterKernel("slots_gathered_after_ib_wait", &slots_gathered_after_ib_wait);
    RegisterKernel("slots_gathered_one_ib_wait_short", &slots_gathered_one_ib_wait_short);
    RegisterKernel("ib_wait_for_no_one", &ib_wait_for_no_one);
    RegisterKernel("ib_set_past_workspace", &ib_set_past_workspace);
    RegisterKernel("running_sum_in_turns", &running_sum_in_turns);
    RegisterKernel("notify_without_wait", &notify_without_wait);
    RegisterKernel("slots_gathered_after_gm_flags", &slots_gathered_after_gm_flags);
    RegisterKernel("slots_gathered_after_unpublished_flags", &slots_gathered_after_unpublished_flags);
    RegisterKernel("slots_gathered_after_cross_core_flag", &slots_gathered_after_cross_core_flag);
    RegisterKernel("cross_core_flag_one_core_missing", &cross_core_flag_one_core_missing);
    RegisterKernel("spm_round_trip", &spm_round_trip);
    RegisterKernel("spm_past_buffer", &spm_past_buffer);
    RegisterKernel("dump_shaped", &dump_shaped);
    RegisterKernel("system_cycles", &system_cycles);
    RegisterKernel("part_block_to_gm", &part_block_to_gm);
    RegisterKernel("unwritten_block_to_gm", &unwritten_block_to_gm);
}

const char* EventKindName(sim::EventKind kind) {
    switch (kind) {
        case sim::EventKind::Dma: return "Dma";
        case sim::EventKind::Vector: return "Vector";
        case sim::EventKind::Scalar: return "Scalar";
        case sim::EventKind::SetFlag: return "SetFlag";
        case sim::EventKind::WaitFlag: return "WaitFlag";
        case sim::EventKind::Barrier: return "Barrier";
        case sim::EventKind::SyncAll: return "SyncAll";
    }
    return "?";
}

// Per core, the instruction log as tuples (kind, pipe, peer, api, bytes, bursts, burstBytes, eventId).
py::list EventLog(const sim::LaunchResult& result) {
    py::list cores;
    for (const auto& core : result.cores) {
        py::list events;
        for (const auto& e : core.events) {
            events.append(py::make_tuple(EventKindName(e.kind), sim::PipeName(e.pipe), sim::PipeName(e.peer),
                                         std::string(e.api), e.bytes, e.bursts, e.burstBytes, e.eventId));
        }
        cores.append(events);
    }
    return cores;
}

// Launches `name` with one GM allocation per (argument name, bytes) pair; returns the
// launch result and every argument's bytes afterwards ("outputs", by name).
// The named byte arguments copied into fresh GM buffers (*gm, freed by the caller; *contents
// keeps their bytes and sizes), as a launch config of blockDim cores.
sim::LaunchConfig StageArgs(uint32_t blockDim, const std::vector<std::pair<std::string, py::bytes>>& args,
                            std::vector<std::string>* contents, std::vector<void*>* gm) {
    sim::LaunchConfig config;
    config.blockDim = blockDim;
    for (const auto& arg : args) {
        contents->push_back(static_cast<std::string>(arg.second));
        const std::string& bytes = contents->back();
        void* p = sim::AllocGm(std::max<size_t>(bytes.size(), 1), "simtest " + arg.first);
        std::memcpy(p, bytes.data(), bytes.size());
        gm->push_back(p);
        config.args.push_back(sim::KernelArg{p, arg.first});
    }
    return config;
}

py::dict Launch(const std::string& name, uint32_t blockDim, const std::vector<std::pair<std::string, py::bytes>>& args,
                const std::optional<std::string>& soc, bool withEvents) {
    std::vector<std::string> contents;
    std::vector<void*> gm;
    sim::LaunchConfig config = StageArgs(blockDim, args, &contents, &gm);
    if (soc) config.soc = &sim::FindSoc(*soc);
    sim::LaunchResult result;
    {
        py::gil_scoped_release release;
        result = sim::LaunchKernel(name, config, gm);
    }
    py::dict outputs;
    for (size_t i = 0; i < args.size(); ++i) {
        outputs[py::str(args[i].first)] = py::bytes(static_cast<const char*>(gm[i]), contents[i].size());
        sim::FreeGm(gm[i]);
    }
    py::dict d = simtest::LaunchResultDict(result);
    d["outputs"] = outputs;
    if (withEvents) d["event_log"] = EventLog(result);
    return d;
}

// Launches [(name, block_dim, args, hold)] one after the other and returns their result dicts,
// each with its event log. A held result is kept until the last launch has run and only then
// read; the others are read at once and let go (their logs' storage may serve the next launch).
// What later launches do with that storage must not reach a held result's logs.
py::list LaunchSequence(
    const std::vector<std::tuple<std::string, uint32_t, std::vector<std::pair<std::string, py::bytes>>, bool>>& launches) {
    std::vector<std::optional<sim::LaunchResult>> held(launches.size());
    std::vector<py::dict> dicts(launches.size());
    for (size_t k = 0; k < launches.size(); ++k) {
        const auto& [name, blockDim, args, hold] = launches[k];
        std::vector<std::string> contents;
        std::vector<void*> gm;
        const sim::LaunchConfig config = StageArgs(blockDim, args, &contents, &gm);
        sim::LaunchResult result;
        {
            py::gil_scoped_release release;
            result = sim::LaunchKernel(name, config, gm);
        }
        for (void* p : gm) sim::FreeGm(p);
        if (hold) {
            held[k] = std::move(result);
        } else {
            dicts[k] = simtest::LaunchResultDict(result);
            dicts[k]["event_log"] = EventLog(result);
        }
    }
    py::list out;
    for (size_t k = 0; k < launches.size(); ++k) {
        if (held[k]) {
            dicts[k] = simtest::LaunchResultDict(*held[k]);
            dicts[k]["event_log"] = EventLog(*held[k]);
        }
        out.append(dicts[k]);
    }
    return out;
}

}  // namespace

SIMTEST_BINDINGS(kernels) {
    RegisterTestKernels();
    m.def("launch", &Launch,
          "Launch a registered kernel on block_dim cores; args = [(name, bytes)] become GM allocations "
          "named after the kernel's arguments; returns the result dict with 'outputs' (bytes by name) and, "
          "with events=True, 'event_log' (per core: (kind, pipe, peer, api, bytes, bursts, burstBytes, eventId))",
          py::arg("name"), py::arg("block_dim"), py::arg("args"), py::arg("soc") = py::none(),
          py::arg("events") = false);
    m.def("launch_sequence", &LaunchSequence,
          "Launch [(name, block_dim, args, hold)] in order; returns their result dicts, each with "
          "'event_log', a held one read only after the last launch",
          py::arg("launches"));
    m.def("gm_allocations", &sim::LiveGmAllocations, "Number of live GM allocations (leak checks)");
    m.def("pooled_core_threads", &sim::PooledCoreThreads, "Worker threads in the sim's core pool");
    m.def("pooled_core_fibers", &sim::PooledCoreFibers, "Core fibers in the sim's core pool");
    m.def(
        "add_custom_tiling",
        [](uint32_t totalLength, uint32_t blockDim, uint32_t typeSize, uint32_t maxTileLength) {
            const AddCustomTilingData t = MakeAddCustomTiling(totalLength, blockDim, typeSize, maxTileLength);
            py::dict d;
            d["totalLength"] = t.totalLength;
            d["formerNum"] = t.formerNum;
            d["formerLength"] = t.formerLength;
            d["tailLength"] = t.tailLength;
            d["tileLength"] = t.tileLength;
            return d;
        },
        "The host tiling of add_custom.h (MakeAddCustomTiling) as a dict");
}
