"""The A2/A3 vector-side kernel APIs of CANN's API reference (asc-devkit docs/zh/api/SIMD-API),
enumerated from the docs directory tree at run time: one entry per documented prototype
(an API's forms: count, mask bit-wise, mask continuous, with a temp buffer, ...).

A page is taken when its product list says Atlas A2 "支持" (or has no product list) and its
"函数原型" section holds kernel-side prototypes (`__aicore__`). Host-side pages (tiling, tmp
size queries) and the cube, Reg (Ascend 950) and TensorAPI chapters are not taken.
"""
from __future__ import annotations

import dataclasses
import pathlib
import re

API_ROOT = pathlib.Path("docs") / "zh" / "api" / "SIMD-API"
# The chapters of the reference the table covers, as (directory, area in the table).
CHAPTERS = [
    ("基础API/Memory矢量计算", "vector"),
    ("基础API/标量计算", "scalar"),
    ("基础API/原子操作", "atomic"),
    ("基础API/同步控制", "sync"),
    ("基础API/调试接口", "debug"),
    ("基础API/资源管理", "resource"),
    ("基础API/数据结构", "tensor"),
    ("基础API/工具接口", "utility"),
    ("高阶API/数学计算", "high-level math"),
    ("高阶API/激活函数", "high-level activation"),
    ("高阶API/归一化操作", "high-level norm"),
    ("高阶API/归约操作", "high-level reduce"),
    ("高阶API/排序操作", "high-level sort"),
    ("高阶API/数据过滤", "high-level filter"),
    ("高阶API/张量变换", "high-level transform"),
    ("高阶API/索引计算", "high-level index"),
    ("高阶API/量化操作", "high-level quant"),
    ("高阶API/随机函数", "high-level random"),
]
# Classes whose member functions the reference documents one page each (the page's directory
# names the class), with the instantiation a probe uses.
CLASSES = {
    "TPipe": "TPipe",
    "TQue": "TQue<TPosition::VECIN, 1>",
    "TQueBind": "TQueBind<TPosition::VECIN, TPosition::VECOUT, 1>",
    "TBuf": "TBuf<TPosition::VECCALC>",
    "TBufPool": "TBufPool<TPosition::VECCALC>",
    "LocalTensor": "LocalTensor<float>",
    "GlobalTensor": "GlobalTensor<float>",
    "LocalMemAllocator": "LocalMemAllocator<Hardware::UB>",
}
A2_LINE = re.compile(r"Atlas A2 训练系列产品[^\n：:]*[：:]\s*(\S+)")
_PROTOTYPE = re.compile(
    r"((?:template\s*<(?:[^<>]|<[^<>]*>)*>\s*)?)"              # template header (one nesting level)
    r"__aicore__\s+(?:(?:static|inline|constexpr|__inout_pipe__\(\w+\))\s+)*"
    r"([\w:<>,\s*&]+?)\s*\b([A-Za-z_]\w*)\s*\(((?:[^;{}]|\{\})*?)\)\s*(?:const\s*)?(?=[;{\n]|$)", re.S)


@dataclasses.dataclass
class Form:
    api: str            # the function's name
    area: str           # the table's area ("vector", "sync", ...)
    page: str           # the page, relative to SIMD-API
    label: str          # the form's label in the page ("tensor前n个数据连续计算"), or ""
    template: str       # "template <typename T, bool isSetMask = true>" or ""
    params: str         # the parameter list as documented
    owner: str = ""     # the class for a member function ("TPipe"), else ""
    parsed: bool = True # False: the page has kernel-side prototypes this parser did not read


def short_label(bullet: str) -> str:
    """A form's label as the table shows it: link targets and markup dropped, at most 40 characters."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", bullet)
    text = re.sub(r"[`*<>]|&\w+;", "", text).strip().rstrip("：:")
    return text if len(text) <= 40 else text[:39] + "…"


def a2_supported(text: str) -> bool | None:
    """Whether the page's product list supports Atlas A2 (None: no product list)."""
    found = A2_LINE.search(text)
    if not found:
        return None
    return found.group(1).startswith("支持")


def prototype_section(text: str) -> str:
    found = re.search(r"^## 函数原型[^\n]*\n(.*?)(?=^## )", text, re.S | re.M)
    return found.group(1) if found else ""


def forms_of_page(path: pathlib.Path, area: str, page: str) -> list[Form]:
    text = path.read_text(encoding="utf-8", errors="replace")
    if a2_supported(text) is False:
        return []
    section = prototype_section(text)
    owner = path.parent.name if path.parent.name in CLASSES else ""
    forms = []
    label = ""
    position = 0
    for block in re.finditer(r"```[a-z]*\n(.*?)```", section, re.S):
        # The form's label: the last bullet before the block.
        bullets = re.findall(r"^\s*[-*]\s+(.+)$", section[position:block.start()], re.M)
        label = short_label(bullets[-1]) if bullets else label
        position = block.end()
        code = re.sub(r"//[^\n]*", "", block.group(1))
        for match in _PROTOTYPE.finditer(code):
            name = match.group(3)
            if name in ("if", "for", "while", "return"):
                continue
            forms.append(Form(name, area, page, label, " ".join(match.group(1).split()),
                              " ".join(match.group(4).split()), owner))
    if not forms and "__aicore__" in section:
        forms.append(Form(path.stem.split("(")[0].split("（")[0], area, page, "", "", "", owner, parsed=False))
    return forms


def find_forms(asc_devkit: pathlib.Path) -> list[Form]:
    root = asc_devkit / API_ROOT
    if not root.is_dir():
        raise FileNotFoundError(f"{root} is missing: is '{asc_devkit}' an asc-devkit checkout?")
    forms = []
    for chapter, area in CHAPTERS:
        for path in sorted((root / chapter).rglob("*.md")):
            if path.stem == path.parent.name or path.stem.startswith("更多样例"):
                continue  # a chapter's overview page, or more examples
            forms += forms_of_page(path, area, path.relative_to(root).as_posix())
    return forms
