"""The two ops checked: ours, and CANN ops-nn's own version of the op as the control (built the
same way, so a step that fails for both is the check's or CANN's, one that fails only for ours
is ours)."""
from __future__ import annotations

import dataclasses
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[2]
OPS_NN_OP = "rnn/thnn_fused_lstm_cell_grad"


@dataclasses.dataclass
class Subject:
    name: str
    host_sources: list[pathlib.Path]
    includes: list[pathlib.Path]       # the op's own include directories
    tiling_header: pathlib.Path
    kernel_source: pathlib.Path
    tiling_sources: list[pathlib.Path]  # what the ASan driver links beside CANN's TilingDef
    ours: bool


def ours() -> Subject:
    host = ROOT / "op_host"
    return Subject("ours", sorted(host.glob("*.cpp")),
                   # the tiling includes the performance model's timing table, as the CANN flows pass it
                   [host, ROOT / "op_kernel", ROOT / "sim/include/ascendc_sim/model"],
                   host / "thnn_fused_lstm_cell_backward_tiling.h",
                   ROOT / "op_kernel/thnn_fused_lstm_cell_backward.cpp",
                   # ComputeTiling and what it calls: every op_host source but the OpDef's (registration)
                   [p for p in sorted(host.glob("*.cpp")) if p.name != "thnn_fused_lstm_cell_backward.cpp"], True)


def ops_nn(checkouts) -> Subject:
    op = checkouts["ops-nn"] / OPS_NN_OP
    return Subject("ops-nn", sorted((op / "op_host").glob("*.cpp")),
                   [op / "op_host", checkouts["ops-nn"] / "common/inc"],
                   op / "op_host/thnn_fused_lstm_cell_grad_tiling.h",
                   op / "op_kernel/thnn_fused_lstm_cell_grad.cpp", [], False)
