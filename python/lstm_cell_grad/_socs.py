"""The SoCs the sim emulates: the table (SocInfo), and the SoC and core cap a call runs on."""
from __future__ import annotations

import dataclasses
import functools
from typing import Any, List, Optional, Sequence, Tuple

from . import _C
from ._validate import UINT32_MAX, int_arg


def resolve_soc(soc: Optional[str], num_cores: Optional[int]) -> Tuple[str, int]:
    """The SoC name and AIV core cap (0: none) for a call. Defaults are the sim's process
    defaults: ASCEND_SIM_SOC / ASCEND_SIM_MAX_CORES, else Ascend910B1 with every core."""
    default_soc, default_cap = _C.default_soc()
    if soc is None:
        soc = default_soc
    elif not isinstance(soc, str):
        raise TypeError(f"soc must be a SoC name (str), not {type(soc).__name__}")
    if num_cores is None:
        return soc, default_cap
    return soc, int_arg("num_cores", num_cores, 1, UINT32_MAX)  # the binding's uint32_t


def generated_dataclass(module: str, name: str, doc: str, fields: Sequence[Tuple[str, Any]],
                        namespace: Optional[dict] = None) -> type:
    """A frozen dataclass whose fields come from a C++ declaration (one list, not restated here).
    Made on first use, not at import: the fields are read from the extension."""
    cls = dataclasses.make_dataclass(name, fields, frozen=True, namespace={"__doc__": doc, **(namespace or {})})
    cls.__module__ = module  # so it pickles and prints as lstm_cell_grad.<module>.<name>
    return cls


@functools.lru_cache(maxsize=None)
def soc_info_class() -> type:
    """SocInfo: one SoC of the sim's table. Its fields are the table's own (SIM_SOC_SPEC_FIELDS
    in sim/include/ascendc_sim/core/soc.h, where each is explained), in their order and type."""
    return generated_dataclass(
        __name__, "SocInfo", "One SoC of the sim's table, with where its figures come from (fields: see soc.h).",
        [(field, type(value)) for field, value in _C.socs()[0].items()])


def socs() -> List[Any]:
    """The SoCs the sim emulates (names for ``soc=``), with their sources (SocInfo)."""
    cls = soc_info_class()
    return [cls(**entry) for entry in _C.socs()]


def __getattr__(name: str) -> Any:
    if name == "SocInfo":
        return soc_info_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
