"""A warning when the extension this process loaded is older than a source it was built from:
an edit of op_kernel/ not yet rebuilt would otherwise run (and be profiled) as the old kernel
without a word. The build lists each source it compiles in <build>/built_from.txt (CMakeLists.txt
writes it at configure time); a package installed with pip has no such list and is never
checked. One stat per listed source, at import: no tree walk."""
from __future__ import annotations

import os
import pathlib
import warnings
from typing import Dict, Iterable, Mapping, Optional, Tuple

BUILT_FROM = "built_from.txt"
SOURCE_GROUPS = ("sim", "op", "ext")  # the extension is built from all three


def build_dir(package_dir: pathlib.Path) -> pathlib.Path:
    """The build this package's in-place extension came from: ASCEND_SIM_BUILD_DIR, else the
    source tree's build/ (the package sits in <root>/python/lstm_cell_grad)."""
    override = os.environ.get("ASCEND_SIM_BUILD_DIR")
    return pathlib.Path(override) if override else package_dir.parents[1] / "build"


def stale_note(listing: pathlib.Path, built_from: Mapping[str, Iterable[pathlib.Path]],
               advice: str = "the code running is not the code on disk; run `python3 build.py build`"
               ) -> Optional[str]:
    """A sentence naming a library older than the newest listed source of a group it is built
    from, and that source; None when every library is current, or the list is missing.
    `built_from` maps each source group of the list (sim, op, ext) to its libraries."""
    try:
        lines = listing.read_text().splitlines()
    except OSError:
        return None
    newest: Dict[str, Tuple[float, str]] = {}
    for line in lines:
        group, _, source = line.partition(" ")
        try:
            stamp = (os.stat(source).st_mtime, source)
        except OSError:  # removed since configure: the next build lists the sources again
            continue
        newest[group] = max(newest.get(group, stamp), stamp)
    for group, libraries in built_from.items():
        if group not in newest:
            continue
        source_time, source = newest[group]
        for library in libraries:
            try:
                stale = library.stat().st_mtime < source_time
            except OSError:  # not built (yet)
                continue
            if stale:
                return f"{library} is older than its source {source}: {advice}"
    return None


def warn_if_stale(module_file: str) -> None:
    module = pathlib.Path(module_file)
    note = stale_note(build_dir(module.parent) / BUILT_FROM, {group: [module] for group in SOURCE_GROUPS})
    if note:
        warnings.warn(note, RuntimeWarning, stacklevel=3)
