"""The field lists that cross layers agree with their one declaration: the tiling data
(op_host/thnn_fused_lstm_cell_backward_tiling.h) with what the kernel reads and with Plan,
the sim's SoC table with SocInfo."""
import dataclasses
import re

import pytest

import lstm_cell_grad as lcg
from tests.build_support import ROOT
from lstm_cell_grad import _C

TILING_HEADER = ROOT / "op_host" / "thnn_fused_lstm_cell_backward_tiling.h"


def snake(name):
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def tiling_fields_as_cann_reads_them():
    """(type, name) per field, read line by line between BEGIN_TILING_DATA_DEF and
    END_TILING_DATA_DEF the way CANN's op build makes the kernel's struct: only lines
    that start with TILING_DATA_FIELD_DEF count."""
    fields, inside = [], False
    for line in TILING_HEADER.read_text().splitlines():
        line = line.strip()
        if line.startswith("BEGIN_TILING_DATA_DEF"):
            inside = True
        elif line.startswith("END_TILING_DATA_DEF"):
            inside = False
        elif inside and line.startswith("TILING_DATA_FIELD_DEF("):
            kind, name = (part.strip() for part in line[line.index("(") + 1:line.index(")")].split(","))
            fields.append((kind, name))
    return fields


def test_the_header_declares_the_fields_cann_reads():
    fields = tiling_fields_as_cann_reads_them()
    assert ("int64_t", "batch") in fields and len(fields) >= 10
    assert len({name for _, name in fields}) == len(fields)


@pytest.mark.parametrize("name", [name for _, name in tiling_fields_as_cann_reads_them()])
def test_the_kernel_reads_every_field_sent_to_it(name):
    kernel = "\n".join(p.read_text() for p in sorted((ROOT / "op_kernel").glob("*.h")))
    assert re.search(rf"\btiling_?\.{name}\b", kernel), f"tiling field {name} goes to the device unread"


def test_plan_carries_every_tiling_field_in_order():
    raw = _C.plan(300, 40, 4, True, True, True, "Ascend910B1", 0)
    names = [snake(name) for _, name in tiling_fields_as_cann_reads_them()]
    plan_fields = [f.name for f in dataclasses.fields(lcg.Plan)]
    assert [n for n in plan_fields if n in names] == names
    # Plan is built from the dict: nothing in one is missing from the other.
    assert set(raw) == set(plan_fields) - {"dtype", "has_bias", "grads"}
    plan = lcg.plan(300, 40)
    assert plan.batch == 300 and plan.hidden == 40 and plan.tile_elems >= plan.tile_rows * plan.tile_cols


def test_soc_info_has_every_field_of_the_sim_table():
    source = (ROOT / "sim" / "include" / "ascendc_sim" / "core" / "soc.h").read_text()
    fields = re.findall(r"^\s+FIELD\([^,]+, (\w+), (\w+)\)", source, flags=re.M)
    assert ("aivCores", "aiv_cores") in fields
    assert all(snake(member) == name or member.endswith(("GHz", "GBps")) for member, name in fields)
    info_fields = [f.name for f in dataclasses.fields(lcg.SocInfo)]
    assert info_fields == [name for _, name in fields]
    assert all(list(entry) == info_fields for entry in _C.socs())
