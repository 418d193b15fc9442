"""A warning when the extension this process loaded is older than a source it was built from:
an edit of op_kernel/ not yet rebuilt would otherwise run (and be profiled) as the old kernel
without a word. The build lists each source it compiles in <build>/built_from.txt (CMakeLists.txt
writes it at configure time); a package installed with pip has no such list and is never
checked. One stat per listed source, at import: no tree walk."""
from __future__ import annotations

import os
import pathlib
import warnings
from typing import Optional

BUILT_FROM = "built_from.txt"


def build_dir(package_dir: pathlib.Path) -> pathlib.Path:
    """The build this package's in-place extension came from: ASCEND_SIM_BUILD_DIR, else the
    source tree's build/ (the package sits in <root>/python/lstm_cell_grad)."""
    override = os.environ.get("ASCEND_SIM_BUILD_DIR")
    return pathlib.Path(override) if override else package_dir.parents[1] / "build"


def stale_note(module: pathlib.Path, listing: pathlib.Path) -> Optional[str]:
    """A sentence naming `module` and the newest listed source newer than it, else None (also
    when either file is missing)."""
    try:
        built = module.stat().st_mtime
        lines = listing.read_text().splitlines()
    except OSError:
        return None
    newest = None
    for line in lines:
        _, _, source = line.partition(" ")
        try:
            stamp = os.stat(source).st_mtime
        except OSError:  # removed since configure: the next build lists the sources again
            continue
        if stamp > built and (newest is None or stamp > newest[0]):
            newest = (stamp, source)
    if newest is None:
        return None
    return (f"{module} is older than its source {newest[1]}: the code running is not the code on disk; "
            "run `python3 build.py build`")


def warn_if_stale(module_file: str) -> None:
    module = pathlib.Path(module_file)
    note = stale_note(module, build_dir(module.parent) / BUILT_FROM)
    if note:
        warnings.warn(note, RuntimeWarning, stacklevel=3)
