"""The A2/A3 vector-side kernel APIs of CANN's API reference (asc-devkit docs/zh/api/SIMD-API),
enumerated from the docs directory tree at run time: one entry per documented prototype
(an API's forms: count, mask bit-wise, mask continuous, with a temp buffer, ...).

A page is taken when its product list says Atlas A2 "支持" (or has no product list) and its
"函数原型" section holds kernel-side prototypes (`__aicore__`). Host-side pages (tiling, tmp
size queries) and the cube, Reg (Ascend 950) and TensorAPI chapters are not taken.
A prototype the page marks as for other products only (inside an `<!-- npu="950" -->` region,
or after a "仅支持Ascend 950" comment) is kept with a2 = False. Each form carries the page's
documented A2/A3 data types: {parameter name: first dtype} (documented_dtypes).
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
    # A kernel's own pool class (EXTERN_IMPL_BUFPOOL): api_table.py's probe file declares it.
    "自定义TBufPool": "ProbeBufPool",
    "TQueSync": "TQueSync<PIPE_S, PIPE_MTE3>",
}
# Pages of a class's members that do not sit in a directory of the class's name.
PAGE_OWNERS = {
    "基础API/同步控制/核内同步/SetFlag-WaitFlag.md": "TQueSync",
    "基础API/同步控制/核内同步/TQueSync模板参数.md": "TQueSync",
}
A2_LINE = re.compile(r"Atlas A2 训练系列产品[^\n：:]*[：:]\s*(\S+)")
# The npu tags of the pages' product regions that are A2/A3 (910b: Atlas A2, A3: Atlas A3).
A2_NPU = {"910b", "A3"}
_NPU_REGION = re.compile(r'<!--\s*npu="([^"]*)"\s*(id\w+)\s*-->(.*?)<!--\s*end\s+\2\s*-->', re.S)
_OTHER_ONLY = re.compile(r"//[^\n]*仅(?:支持)?\s*Ascend 950")
# Stands for an other-products-only note outside code (a2_text with mark): the prototypes after it
# are for other products only up to the next bullet indented less than the note.
OTHER_SCOPE = "[other products only]"
# The dtype spellings of the reference the probes can declare (the sim declares half, bfloat16_t).
CPP_TYPES = {"bool", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t",
             "uint64_t", "half", "bfloat16_t", "float"}
_A2_PRODUCT = re.compile(r"Atlas A[23] (?:训练|推理)|Atlas 800I A2")
_OTHER_PRODUCT = re.compile(r"Ascend 950|Atlas 200I|Kirin|Atlas 推理系列产品|Atlas 训练系列产品")
_DTYPE_LIST = re.compile(r"(?<!不)支持(?:的数据类型(?:为|是)?\s*[：:]?|(?=u?int|half|float|bfloat|bool))\s*([^。；;|]*)")
_SUBJECT = re.compile(r"([A-Za-z_]\w*(?:\s*(?:和|、|/|,|，)\s*[A-Za-z_]\w*)*)\s*$", re.A)
_PROTOTYPE = re.compile(
    r"((?:template\s*<(?:[^<>]|<[^<>]*>)*>\s*)?)"              # template header (one nesting level)
    r"(?:[A-Za-z_][\w:]*(?:<[^<>;]*>)?\s+(?=__aicore__))?"       # a return type written before __aicore__
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
    a2: bool = True     # False: the page documents this prototype for other products only
    dtypes: dict = dataclasses.field(default_factory=dict)  # {parameter name: first A2/A3 dtype}


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


def a2_text(text: str, mark: bool = False) -> str:
    """The page without its product regions that are for other products only (npu tags without
    910b/A3); with mark, those regions stay, their code blocks marked with an "仅支持Ascend 950" comment,
    and a region that only says "仅支持Ascend 950" (no code: it heads the prototypes nested under
    its bullet, as AscendQuant's "dstTensor非固定数据类型") becomes an OTHER_SCOPE line."""
    def region(found: re.Match) -> str:
        if set(found.group(1).split(",")) & A2_NPU:
            return a2_text(found.group(3), mark)
        if not mark:
            return ""
        if "```" not in found.group(3) and re.search(r"仅(?:支持)?\s*Ascend 950", found.group(3)):
            return OTHER_SCOPE
        return re.sub(r"```[a-z]*\n", lambda b: b.group(0) + "// 仅支持Ascend 950\n", found.group(3))
    return _NPU_REGION.sub(region, text)


def _names(text: str) -> list[str]:
    return re.findall(r"[A-Za-z_]\w*", text, re.A)


def _product(text: str) -> str:
    return "a2" if _A2_PRODUCT.search(text) else "other" if _OTHER_PRODUCT.search(text) else ""


def documented_dtypes(text: str) -> dict[str, str]:
    """{name: first dtype} of the page's "支持的数据类型" statements for A2/A3: the name is a template
    or function parameter ("T支持的数据类型为：...", a 参数说明 table row, or the bullet a list is
    nested under; "*" when none is named); a statement naming Atlas A2/A3 beats one naming no product; statements for other
    products only are skipped. Read from the 函数原型 section to 调用示例."""
    body = a2_text(text).replace("\\_", "_")  # markdown-escaped "int8\_t"
    start = re.search(r"^## 函数原型", body, re.M)
    body = body[start.start() if start else 0:]
    body = re.split(r"^## 调用示例", body, maxsplit=1, flags=re.M)[0]
    found: dict[str, tuple[int, str]] = {}  # name: (0 A2/A3 named, 1 no product named; dtype)
    context: list[tuple[int, str, list[str]]] = []  # bullets without a list: (indent, product, names)
    columns: list[str] = []  # a combination table's parameter per column
    caption = ""             # the product the line before a table names
    for line in body.splitlines():
        if not line.strip() or line.strip().startswith("<!--"):
            continue
        indent = len(line) - len(line.lstrip())
        context = [c for c in context if c[0] < indent]
        row_names: list[str] = []
        pieces = [line]
        if not line.lstrip().startswith("|"):
            columns, caption = [], _product(line)
        else:
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            # A combination table ("| src数据类型 | dst数据类型 |" under a caption naming the
            # product): its first row gives one dtype per parameter.
            heads = [re.fullmatch(r"([\w、/,，和 ]+?)数据类型", c, re.A) for c in cells]
            if any(heads):
                columns = [_names(h.group(1)) if h else [] for h in heads]
                continue
            row = [(name, cell) for names, cell in zip(columns, cells) for name in names]
            if columns and all(cell in CPP_TYPES for _, cell in row):  # the first row the probe can declare
                for name, cell in row if caption != "other" else []:
                    rank = 0 if caption == "a2" else 1
                    if name not in found or rank < found[name][0]:
                        found[name] = (rank, cell)
                columns = []
            if columns:
                continue
            row_names = _names(cells[0]) if len(cells) > 1 else []
            pieces = [p for c in cells[1:] for p in re.split(r"<br\s*/?>", c)]
        for piece in pieces:
            listed = _DTYPE_LIST.search(piece)
            types = [t for t in _names(listed.group(1)) if t in CPP_TYPES] if listed else []
            subject = _SUBJECT.search(piece[:listed.start()]) if listed else None
            names = _names(subject.group(1)) if subject else []
            product = _product(piece) or next((c[1] for c in reversed(context) if c[1]), "")
            if not types:
                if not row_names:
                    context.append((indent, _product(piece), names))
                continue
            if product == "other":
                continue
            # "*": the list names no parameter (the form's only type parameter, if it has one).
            names = names or row_names or next((c[2] for c in reversed(context) if c[2]), ["*"])
            rank = 0 if product == "a2" else 1
            for name in names:
                if name not in found or rank < found[name][0]:
                    found[name] = (rank, types[0])
    return {name: dtype for name, (_, dtype) in found.items()}


def prototype_section(text: str) -> str:
    found = re.search(r"^## 函数原型[^\n]*\n(.*?)(?=^## )", text, re.S | re.M)
    return found.group(1) if found else ""


def forms_of_page(path: pathlib.Path, area: str, page: str) -> list[Form]:
    text = path.read_text(encoding="utf-8", errors="replace")
    if a2_supported(text) is False:
        return []
    section = prototype_section(a2_text(text, mark=True))
    dtypes = documented_dtypes(text)
    owner = path.parent.name if path.parent.name in CLASSES else PAGE_OWNERS.get(page, "")
    forms = []
    label = ""
    position = 0
    other_indent = None  # the indent of the OTHER_SCOPE note in force
    for block in re.finditer(r"```[a-z]*\n(.*?)```", section, re.S):
        # The form's label: the last bullet before the block.
        between = section[position:block.start()]
        bullets = re.findall(r"^\s*[-*]\s+(.+)$", between, re.M)
        label = short_label(bullets[-1]) if bullets else label
        position = block.end()
        for line in between.splitlines():
            indent = len(line) - len(line.lstrip())
            if OTHER_SCOPE in line:
                other_indent = indent
            elif other_indent is not None and re.match(r"\s*[-*]\s", line) and indent < other_indent:
                other_indent = None
        # Prototypes after an "仅支持Ascend 950" comment are for that product only.
        for part, a2 in zip(_OTHER_ONLY.split(block.group(1), maxsplit=1), (other_indent is None, False)):
            code = re.sub(r"//[^\n]*", "", part)
            for match in _PROTOTYPE.finditer(code):
                name = match.group(3)
                if name in ("if", "for", "while", "return"):
                    continue
                params = " ".join(match.group(4).split())
                if name == "operator" and params.startswith(")("):  # operator()(args): the second list
                    params = params[2:].strip()
                # `template <Hardware hard> ... LocalMemAllocator<hard>::GetCurAddr()`: the
                # template is the class's, the member itself takes no template arguments.
                template = "" if re.search(r"<[^<>]*>::\s*$", match.group(2)) else match.group(1)
                forms.append(Form(name, area, page, label, " ".join(template.split()),
                                  params, owner, a2=a2, dtypes=dtypes))
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
