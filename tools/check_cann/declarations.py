"""A pragmatic C++ declaration reader for headers (no libclang here): the macros, classes, enums
(with their enumerators' values), typedefs and function / method signatures (parameter types,
default arguments, const, = delete / = default) of a header, keyed by their qualified names.
Bodies are skipped; templates are read as their declarations. Good enough to hold two headers
that declare the same API against each other, not a compiler."""
from __future__ import annotations

import re

COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\])*"')
DEFINE = re.compile(r"^\s*#\s*define\s+(\w+)(\([^)]*\))?", re.M)
ACCESS = re.compile(r"\b(public|private|protected)\s*:(?!:)")
ATTRIBUTE = re.compile(r"__attribute__\s*\(\(.*?\)\)|\[\[.*?\]\]")
NOISE = re.compile(r"\b(inline|static|virtual|explicit|extern|constexpr|friend|"
                   r"__aicore__|__host_aicore__|ACL_FUNC_VISIBILITY|ASCEND_API|GE_FUNC_VISIBILITY|"
                   r"FORCE_INLINE|[A-Z_]+_VISIBILITY|__inline__)\b")
LEADING_MACRO = re.compile(r"^(?:[A-Z][A-Z0-9_]+\([^()]*\)\s*)+(?=\S)")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "decltype", "static_assert", "alignas",
            "alignof", "noexcept", "typeid"}


def strip(text: str) -> str:
    text = COMMENT.sub(" ", STRING.sub('""', text.replace("\\\n", " ")))
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))


def drop_templates(s: str) -> str:
    out, i = [], 0
    while True:
        m = re.search(r"\btemplate\s*<", s[i:])
        if not m:
            out.append(s[i:])
            return "".join(out)
        out.append(s[i:i + m.start()])
        j, depth = i + m.end(), 1
        while j < len(s) and depth:
            depth += {"<": 1, ">": -1}.get(s[j], 0)
            j += 1
        i = j


def split_top(s: str, sep: str = ",") -> list[str]:
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch in "(<[{":
            depth += 1
        elif ch in ")>]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return parts


# Type aliases written either way: asc-devkit include/adv_api/utils/types.h makes the host tiling
# API's AscendC::TensorShape / TensorDataType ge::Shape / ge::DataType
ALIASES = ((re.compile(r"\b(?:AscendC::)?TensorShape\b"), "ge::Shape"),
           (re.compile(r"\b(?:AscendC::)?TensorDataType\b"), "ge::DataType"))


def norm(s: str) -> str:
    s = re.sub(r"\s+", " ", s).strip()
    s = re.sub(r"\s*([*&,<>()\[\]])\s*", r"\1", s)
    for alias, name in ALIASES:
        s = alias.sub(name, s)
    return re.sub(r"\bstd::__cxx11::", "std::", s)


def parameter(p: str) -> str:
    p, _, default = p.partition("=")
    tokens = norm(p)
    # drop the parameter's name: a trailing identifier after a type
    m = re.match(r"^(.*?[\w>*&\]])\s*\b([a-zA-Z_]\w*)(\[\d*\])?$", p.strip())
    if m and m.group(1).strip() not in ("const", "unsigned", "signed", "struct", "enum", "") and \
            not m.group(1).strip().endswith("::"):
        tokens = norm(m.group(1) + (m.group(3) or ""))
    if "*" not in tokens and "&" not in tokens:
        tokens = re.sub(r"^const ", "", tokens)  # a by-value parameter's const is no part of the signature
    tokens = re.sub(r"\*const$", "*", tokens)
    return tokens + (f"={norm(default)}" if default.strip() else "")


def function(stmt: str):
    """(name, signature) of a function declaration statement, or None."""
    s = norm(NOISE.sub(" ", ATTRIBUTE.sub(" ", drop_templates(stmt))))
    s = LEADING_MACRO.sub("", s)  # ACL_DEPRECATED_MESSAGE("...") aclError aclrtGetVersion(...)
    depth, open_at = 0, -1
    for i, ch in enumerate(s):  # the first top-level '(' that follows a name
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth -= 1
        elif ch == "(" and depth == 0:
            open_at = i
            break
    if open_at <= 0:
        return None
    m = re.search(r"(operator\s*(?:\(\)|[^\w\s(]+|\s\w[\w:\s*&<>]*)|~?[A-Za-z_]\w*)\s*$", s[:open_at])
    if not m or m.group(1) in KEYWORDS or re.fullmatch(r"[A-Z][A-Z0-9_]+", m.group(1)):
        return None
    depth, close = 0, -1
    for j in range(open_at, len(s)):
        depth += {"(": 1, ")": -1}.get(s[j], 0)
        if depth == 0:
            close = j
            break
    if close < 0:
        return None
    params = [parameter(p) for p in split_top(s[open_at + 1:close])]
    if params == ["void"]:
        params = []
    tail = re.sub(r"\s+", "", s[close + 1:])
    words = re.findall(r"\w+", tail.split("=")[0].split("->")[0])
    quals = " ".join([w for w in ("const", "noexcept") if w in words] +
                     [q for q in ("=delete", "=default", "=0") if tail.endswith(q) or q + ";" in tail])
    return m.group(1).strip(), f"({', '.join(params)})" + (f" {quals}" if quals else "")


def enum_values(body: str) -> dict[str, str]:
    values, nxt = {}, 0
    for item in split_top(body):
        name, _, value = item.partition("=")
        name = name.strip()
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            continue
        value = norm(value) if value.strip() else None
        if value is not None and value in values and values[value].lstrip("-").isdigit():
            value = values[value]  # an alias of an earlier member (CANN's ASCEND910_95 = ASCEND950)
        try:
            number = int(value.rstrip("uUlL"), 0) if value is not None else nxt
            values[name], nxt = str(number), number + 1
        except ValueError:
            values[name], nxt = value, 0
    return values


def arity(params: str | None) -> str:
    """A function-like macro's parameters as their count (the names are no part of its use)."""
    if params is None:
        return ""
    names = [p.strip() for p in params[1:-1].split(",") if p.strip()]
    variadic = bool(names) and names[-1].endswith("...")
    count = len(names) - variadic
    return f"({count} parameter{'s' * (count != 1)}{', ...' if variadic else ''})"


def read(text: str) -> dict:
    """{"macros": {name: {params}}, "types": {qualified}, "enums": {qualified: {member: value}},
    "functions": {qualified: {signature}}}"""
    macros: dict[str, set[str]] = {}
    for m in DEFINE.finditer(COMMENT.sub(" ", text.replace("\\\n", " "))):
        if not (re.search(r"_H_*$", m.group(1)) and not m.group(2)):  # include guards
            # each form: a header defines a macro one way or another under #if (template_argument.h)
            macros.setdefault(m.group(1), set()).add(arity(m.group(2)))
    s = strip(text.replace("\ufeff", ""))
    out = {"macros": macros, "types": set(), "enums": {}, "functions": {}}
    scope: list[tuple[str, str]] = []  # (kind, name)
    usings: list[tuple[str, str]] = []  # (qualified name declared, the qualified name it brings in)
    buf, i = [], 0

    def qualified(name: str) -> str:
        return "::".join([n for _, n in scope if n] + [name])

    def skip_block(k: int) -> int:
        depth = 0
        while k < len(s):
            depth += {"{": 1, "}": -1}.get(s[k], 0)
            if depth == 0:
                return k
            k += 1
        return k

    while i < len(s):
        ch = s[i]
        if ch == "{":
            head = ACCESS.sub(" ", "".join(buf)).strip()
            buf = []
            if (m := re.fullmatch(r"(inline\s+)?namespace\s*(\w*)", head)):
                # an inline namespace (the sim's ABI tags) is no part of the API's names
                scope.append(("namespace", "" if m.group(1) else m.group(2)))
            elif re.fullmatch(r'extern\s*""', head):
                scope.append(("extern", ""))
            elif (m := re.search(r"\benum\s*(?:class\s+|struct\s+)?(\w*)\s*(?::[^{]*)?$", head)):
                end = skip_block(i)
                name = m.group(1)
                if not name:  # typedef enum { ... } Name; or an anonymous enum
                    after = re.match(r"\}\s*(\w+)", s[end:])
                    name = after.group(1) if after and head.startswith("typedef") else "(anonymous)"
                out["enums"][qualified(name)] = enum_values(s[i + 1:end])
                i = end
                buf = []
            elif (m := re.search(r"\b(?:class|struct|union)\s+(?:\w+\s+)*?(\w+)\s*(?:final\s*)?(?::[^(]*)?$",
                                 drop_templates(head))) and "(" not in drop_templates(head).split(m.group(1))[0]:
                out["types"].add(qualified(m.group(1)))
                scope.append(("class", m.group(1)))
            else:
                f = function(head) if scope[-1:] != [("function", "")] else None
                if f and (not scope or scope[-1][0] in ("namespace", "class", "extern")):
                    out["functions"].setdefault(qualified(f[0]), set()).add(f[1])
                i = skip_block(i)
        elif ch == "}":
            if scope:
                scope.pop()
            buf = []
        elif ch == ";":
            stmt = ACCESS.sub(" ", "".join(buf)).strip()
            buf = []
            if (m := re.match(r"(?:typedef\b.*?\b(\w+)\s*(?:\[[^\]]*\])?$)|(?:using\s+(\w+)\s*=)", stmt, re.S)):
                out["types"].add(qualified(m.group(1) or m.group(2)))
            elif (m := re.fullmatch(r"using\s+((?:::)?(?:\w+::)+(\w+))", stmt)):
                usings.append((qualified(m.group(2)), m.group(1).lstrip(":")))
            elif (m := re.fullmatch(r"(?:class|struct)\s+(\w+)", drop_templates(stmt).strip())):
                pass  # a forward declaration
            elif stmt.startswith("typedef"):
                pass  # a function-pointer typedef the pattern above did not take
            elif not scope or scope[-1][0] in ("namespace", "class", "extern"):
                f = function(stmt)
                if f:
                    out["functions"].setdefault(qualified(f[0]), set()).add(f[1])
        else:
            buf.append(ch)
        i += 1
    # a using-declaration of a type declares that type here too (kernel_tiling.h's global
    # `using AscendC::tiling::SoftMaxTiling;`); one of a function is left to the function's own rows
    out["types"].update(name for name, target in usings if target in out["types"])
    return out
