"""Broken variants of the real kernel (variants.py) run through the real aclnn call: each
report names the kernel line of the bug (and the member it concerns), and appears once."""
import json
import pathlib
import re

import pytest

lcg = pytest.importorskip("lstm_cell_grad")
try:
    import _broken_kernels as broken
except ImportError as error:  # a target of its own, built when tests/op_kernel/debug is collected
    pytest.fail(f"_broken_kernels is not built ({error}): run `python3 build.py test tests/op_kernel/debug`", pytrace=False)

VARIANTS = json.loads(pathlib.Path(broken.VARIANTS_JSON).read_text())

# 300 rows: three 128-row bias chunks (partial sums, then the final pass); the last tile of
# each block is short, so a row past it is never-written UB.
BATCH, HIDDEN, CORES = 300, 40, 4


GATE_PASS, BIAS, TILE = "lstm_cell_grad_gate_pass.h", "lstm_cell_grad_bias.h", "lstm_cell_grad_tile.h"


def line_of(variant: str, header: str, text: str, after: str = None) -> int:
    """The line of the variant's copy of `header` that holds `text` (after `after`)."""
    lines = (pathlib.Path(VARIANTS[variant]["dir"]) / header).read_text().split("\n")
    start = next(i for i, line in enumerate(lines) if after in line) if after else 0
    return next(i + 1 for i, line in enumerate(lines) if text in line and i >= start)


def edited(variant: str, k: int = 0):
    """(header, line) of the variant's k-th edit."""
    header, line = VARIANTS[variant]["edited"][k]
    return header, line


def run_broken(variant: str) -> lcg.AclnnError:
    inputs = lcg.random_inputs(BATCH, HIDDEN, "float32")
    broken.use(variant)
    try:
        with pytest.raises(lcg.AclnnError) as caught:
            lcg.thnn_fused_lstm_cell_backward(**inputs, has_bias=True, num_cores=CORES)
    finally:
        broken.restore()
    return caught.value


def frames(message: str, variant: str):
    """(header, line, function) of every kernel frame the report lists, innermost first."""
    where = re.escape(VARIANTS[variant]["dir"].rstrip("/").split("/")[-1])
    return [(m.group(1), int(m.group(2)), m.group(3))
            for m in re.finditer(rf"^\s+(?:at|called from) \S*{where}/([\w.]+):(\d+) in (.+?)(?: \[status \d+\])?$",
                                 message, re.M)]


def assert_reported_once(error: lcg.AclnnError, kind: str):
    assert error.status == 507035
    assert str(error).count(f"error [{kind}]") == 1, str(error)
    assert str(error).count("error [") == 1, str(error)
    # The report says which call launched the kernel.
    assert "launched by aclnnThnnFusedLstmCellBackward" in str(error)


def test_wrong_length_in_one_load_rows_names_that_call():
    error = run_broken("load_rows_length")
    assert_reported_once(error, "operand-bounds")
    shown = frames(str(error), "load_rows_length")
    # The DataCopyPad inside LoadRows, then the one LoadRows call that is wrong (the gates'
    # in LoadGates), then the gate pass's CopyIn that called LoadGates.
    assert shown[0][:2] == (TILE, line_of("load_rows_length", TILE, "DataCopyPad(dst,"))
    assert shown[0][2].endswith("::LoadRows")
    assert shown[1][:2] == edited("load_rows_length")
    assert shown[1][2].endswith("::LoadGates")
    assert shown[2][:2] == (GATE_PASS, line_of("load_rows_length", GATE_PASS, "LoadGates(in[", after="void CopyIn("))
    assert shown[2][2].endswith("GatePass::CopyIn")
    # The queue is named by the kernel's member.
    assert "[member inQueue_, InitBuffer at" in str(error)


def test_reading_one_row_past_the_tile_is_reported_with_the_buffer():
    error = run_broken("read_past_tile")
    assert_reported_once(error, "uninitialized-read")
    shown = frames(str(error), "read_past_tile")
    # Where the undefined bytes reach GM: the flush of the partial gradBias sums.
    assert shown[0][:2] == (BIAS, line_of("read_past_tile", BIAS, "DataCopyPad(partialGm_"))
    assert shown[0][2].endswith("::BiasAccumulator::Flush")
    # (the gate pass's output queue: a flush borrows one of its buffers)
    assert re.search(r"\[member outQueue_, InitBuffer at \S*/lstm_cell_grad_gate_pass.h:\d+\]", str(error)), str(error)
    # The origin: the bytes were left undefined by the gate pass's output queue's AllocTensor
    # in Compute, and first read by the bias accumulation's Add: the line of the bug's loop body.
    alloc = line_of("read_past_tile", GATE_PASS, "outQueue_.template AllocTensor<T>()", after="void Compute(")
    add = line_of("read_past_tile", BIAS, "Add(sums[gate * tile.pitch]")
    assert (BIAS, add - 1) == edited("read_past_tile")
    assert re.search(rf"undefined since AllocTensor of \S+ \[member outQueue_\] at \S*/{GATE_PASS}:{alloc} in \S+::Compute; "
                     rf"first read by the instruction at \S*/{BIAS}:{add} in \S+::Accumulate", str(error)), str(error)


def test_tiles_larger_than_ub_are_reported_at_the_init_buffer_that_overflows():
    error = run_broken("ub_overfill")
    assert_reported_once(error, "ub-capacity")
    header, line, function = frames(str(error), "ub_overfill")[0]
    text = (pathlib.Path(VARIANTS["ub_overfill"]["dir"]) / header).read_text().split("\n")[line - 1]
    assert "InitBuffer(" in text and function.endswith("::GatePass::Init"), (text, function)
    member = re.search(r"InitBuffer\((\w+)", text).group(1)
    assert f"[member {member}]" in str(error)


def test_missing_sync_is_reported_at_the_unsynchronised_read():
    error = run_broken("missing_sync")
    assert_reported_once(error, "pipe-hazard")
    header, line, function = frames(str(error), "missing_sync")[0]
    assert (header, line) == (BIAS, line_of("missing_sync", BIAS, "DataCopyPad(partialGm_"))
    assert function.endswith("::BiasAccumulator::Flush")


def test_missing_sync_in_the_gate_pass_names_the_read_and_the_write_it_did_not_wait_for():
    variant = "gate_pass_missing_sync"
    error = run_broken(variant)
    assert_reported_once(error, "pipe-hazard")
    # The reading instruction: the first vector op of Compute on the input tile (tanh of cy).
    header, line, function = frames(str(error), variant)[0]
    assert (header, line) == (GATE_PASS, line_of(variant, GATE_PASS, "Tanh(tanhCy, cy,", after="void Compute("))
    assert function.endswith("::GatePass::Compute")
    # The write it did not wait for: a load of the same tile (LoadRows's DataCopyPad), by MTE2.
    where = re.escape(VARIANTS[variant]["dir"].rstrip("/").split("/")[-1])
    written = re.search(rf"were written by pipe MTE2 \(instruction \d+ of that pipe, at \S*{where}/([\w.]+):(\d+) "
                        rf"in (\S+?)(?: \(called from \S*{where}/([\w.]+):(\d+)\))?\) and pipe V has not waited",
                        str(error))
    assert written, str(error)
    assert (written.group(1), int(written.group(2))) == (TILE, line_of(variant, TILE, "DataCopyPad(dst, src["))
    assert written.group(3).endswith("::LoadRows")
    if written.group(4):  # LoadRows inlined into CopyIn: its call there (the one loading cy)
        assert (written.group(4), int(written.group(5))) == (
            GATE_PASS, line_of(variant, GATE_PASS, "LoadRows(in[kInputs.Slot(kCy)", after="void CopyIn("))


def test_the_real_kernel_runs_clean_after_a_broken_one():
    run_broken("ub_overfill")
    inputs = lcg.random_inputs(BATCH, HIDDEN, "float32")
    lcg.thnn_fused_lstm_cell_backward(**inputs, has_bias=True, num_cores=CORES)
    assert lcg.last_launch()["ok"] and not lcg.last_launch()["warnings"]


def test_a_skipped_row_is_an_unwritten_output_at_its_coordinates():
    error = run_broken("skip_row")
    assert_reported_once(error, "unwritten-output")
    # Each block starts one row late: row 0 (core 0's first row) is never written, in
    # every column of all four gates.
    match = re.search(r"output gradGatesOut: (\d+) of (\d+) elements were never written by any core; "
                      r"the first is \(0, 0\) of shape \[300, 160\].*written by core 0\b", str(error))
    assert match, str(error)
    assert int(match.group(2)) == BATCH * 4 * HIDDEN
    assert int(match.group(1)) % (4 * HIDDEN) == 0  # whole rows are missing
    # The store that wrote the next element: a DataCopyPad UB->GM of the tile helpers.
    where = re.escape(VARIANTS["skip_row"]["dir"].rstrip("/").split("/")[-1])
    store = re.search(rf"written by core 0 \(at \S*{where}/([\w.]+):(\d+) in ", str(error))
    assert store, str(error)
    text = (pathlib.Path(VARIANTS["skip_row"]["dir"]) / store.group(1)).read_text().split("\n")[int(store.group(2)) - 1]
    assert store.group(1) == TILE and "DataCopyPad(" in text, text


def test_a_queue_buffer_never_freed_is_reported_at_the_end_of_the_kernel(monkeypatch):
    # 8 rows: one tile and one bias flush per core, so the queue's two buffers never run out
    # and no AllocTensor waits; only the end-of-kernel check sees the buffer left allocated.
    # On hardware that is harmless (the kernel returns), so by default it is a warning and the
    # call succeeds; queue-leak=error makes it stop the launch.
    inputs = lcg.random_inputs(8, HIDDEN, "float32")
    leak = r"core \d+/\d+: end of kernel: TQue<VECOUT>#\d+ buffer \d+ is still allocated"
    broken.use("missing_free")
    try:
        lcg.thnn_fused_lstm_cell_backward(**inputs, has_bias=True, num_cores=CORES)
        warnings = {kind: (count, text) for kind, count, text in lcg.last_launch()["warnings"]}
        assert set(warnings) == {"queue-leak"}, warnings
        assert re.search(leak, warnings["queue-leak"][1]), warnings
        assert warnings["queue-leak"][0] >= 1  # a count of the cores' reports, the first one's text
        monkeypatch.setenv("ASCEND_SIM_CHECKS", "queue-leak=error")
        lcg._C.reload_environment()
        try:
            with pytest.raises(lcg.AclnnError) as caught:
                lcg.thnn_fused_lstm_cell_backward(**inputs, has_bias=True, num_cores=CORES)
        finally:
            monkeypatch.delenv("ASCEND_SIM_CHECKS")
            lcg._C.reload_environment()
    finally:
        broken.restore()
    error = caught.value
    assert_reported_once(error, "queue-leak")
    assert re.search(leak, str(error))
    # The line is the AllocTensor of the buffer never freed, in the function the edit broke.
    header, line, function = frames(str(error), "missing_free")[0]
    assert (header, line) == (BIAS, line_of("missing_free", BIAS, "outQueue_.template AllocTensor", "void Flush("))
    assert function.endswith("::BiasAccumulator::Flush")


def test_a_gm_race_names_the_element_in_the_outputs_coordinates():
    error = run_broken("overlapping_rows")
    assert_reported_once(error, "gm-race")
    m = re.search(r"of argument '(\w+)' at byte (\d+), element \((\d+), (\d+)\) of shape \[(\d+), (\d+)\]", str(error))
    assert m, str(error)
    name, offset, row, col, rows, cols = m.group(1), *map(int, m.groups()[1:])
    width = {"gradGatesOut": 4 * HIDDEN, "gradCxOut": HIDDEN}[name]
    element_bytes = 4  # float32
    assert (rows, cols) == (BATCH, width)
    assert (row, col) == divmod(offset // element_bytes, width)
    assert row > 0  # a core's first row, rewritten by the core after it
