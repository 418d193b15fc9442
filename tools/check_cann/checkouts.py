"""Where CANN's headers and sources sit in a directory of checkouts (one per repository,
named by repository), and the include paths CANN's installed toolkit would give.

The toolkit installs some headers under other names than the repositories hold them (asc-devkit's
impl/adv_api/cmake/tiling_headers.cmake links include/tiling/* to include/adv_api/*; tikcfw's
impl/dav_c220 is the repository's impl/basic_api/dav_c220; include/graph/ merges metadef's and ge's
graph headers). Those names are recreated as symbolic
links in the build directory, pointing into the checkouts, so nothing is copied."""
from __future__ import annotations

import os
import pathlib
import subprocess
import sys

SOURCES_ENV = "CANN_SOURCES_DIR"
REPOSITORIES = ("metadef", "asc-devkit", "libboundscheck", "ops-nn", "ge", "runtime", "opbase", "asc-tools")


class Checkouts:
    def __init__(self, root: pathlib.Path):
        self.root = pathlib.Path(root).resolve()

    def __getitem__(self, repository: str) -> pathlib.Path:
        return self.root / repository

    def missing(self) -> list[str]:
        return [r for r in REPOSITORIES if not self[r].is_dir()]

    def commit(self, repository: str) -> str:
        """The checkout's commit when it is a git work tree (a `git archive` export is not)."""
        top = subprocess.run(["git", "-C", str(self[repository]), "rev-parse", "--show-toplevel", "HEAD"],
                             capture_output=True, text=True)
        lines = top.stdout.split()
        if top.returncode != 0 or len(lines) != 2 or pathlib.Path(lines[0]).resolve() != self[repository].resolve():
            return "unknown (not a git work tree)"
        return lines[1]

    # ---- host side (op_host: register/, graph/, exe_graph/, tiling/, platform/, securec.h) ----

    def host_include_dirs(self, layout: pathlib.Path) -> list[pathlib.Path]:
        m, g, r = self["metadef"], self["ge"], self["runtime"]
        return [
            layout,                                   # include/tiling/* as installed
            m / "inc/external", m / "inc/external/asc", m / "inc", m / "pkg_inc",
            m / "inc/external/exe_graph",             # "runtime/infer_shape_context.h" (older ops-nn)
            # graph/operator_reg.h and the rest of the graph headers moved to ge's graph_metadef
            g / "inc/graph_metadef/external", g / "inc/graph_metadef",
            self["asc-devkit"] / "include/utils",     # tiling/platform/platform_ascendc.h
            self["asc-devkit"] / "include/adv_api",
            r / "pkg_inc", r / "pkg_inc/base", r / "include/dfx", r / "include/external",  # platform/, dlog, acl
            self["libboundscheck"] / "include",       # securec.h
            self["opbase"] / "include", self["opbase"] / "include/op_common",
            self["opbase"] / "include/op_common/op_host", self["opbase"] / "pkg_inc",
            # older opbase keeps op_common under pkg_inc: "log/log.h", "util/math_util.h"
            self["opbase"] / "pkg_inc/op_common", self["opbase"] / "pkg_inc/op_common/op_host",
        ]

    # ---- kernel side (op_kernel: kernel_operator.h in CPU-debug mode) ----

    def kernel_include_dirs(self, layout: pathlib.Path, shim: pathlib.Path) -> list[pathlib.Path]:
        a = self["asc-devkit"]
        return [shim, layout, a, a / "include", a / "include/basic_api", a / "include/utils", a / "impl",
                a / "impl/basic_api", a / "include/adv_api", self["asc-tools"] / "cpudebug/include"]

    def make_layout(self, layout: pathlib.Path) -> pathlib.Path:
        """The installed names (symbolic links into the checkouts) and kernel_tiling/kernel_tiling.h,
        which CANN generates at build time with asc-devkit's own script (run here from the checkout)."""
        tiling = layout / "tiling"
        tiling.mkdir(parents=True, exist_ok=True)
        links = {tiling / p.name: p for p in (self["asc-devkit"] / "include/adv_api").iterdir()}
        links[tiling / "platform"] = self["asc-devkit"] / "include/utils/tiling/platform"
        links[layout / "impl"] = self["asc-devkit"] / "impl/basic_api"
        # One include/graph/, as installed: metadef's headers and ge's graph_metadef ones beside
        # them (ge's operator.h includes "./ge_error_codes.h", which metadef holds)
        graph = layout / "graph"
        graph.mkdir(exist_ok=True)
        for source in (self["ge"] / "inc/graph_metadef/external/graph", self["metadef"] / "inc/external/graph"):
            for header in source.glob("*.h") if source.is_dir() else ():
                links[graph / header.name] = header  # metadef's last: it wins where both have one
        for link, target in links.items():
            if link.is_symlink() or link.exists():
                if os.readlink(link) == str(target):
                    continue
                link.unlink()
            link.symlink_to(target)
        header = layout / "kernel_tiling" / "kernel_tiling.h"
        if not header.exists():
            script = self["asc-devkit"] / "impl/adv_api/cmake/scripts/gen_kernel_tiling_data_def.py"
            header.parent.mkdir(parents=True, exist_ok=True)
            subprocess.run([sys.executable, str(script), str(self["asc-devkit"] / "include/adv_api"), str(header)],
                           check=True, capture_output=True, text=True)
        return layout
