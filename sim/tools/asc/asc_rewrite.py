#!/usr/bin/env python3
"""Rewrites the `kernel<<<config>>>(args)` launches of an Ascend C `.asc` source into calls of
the sim's multi-core launch, so that g++ compiles the file unchanged otherwise.

CANN's bisheng compiler does the same in its CPU-debug mode: it turns each `<<<...>>>` launch
into a call of `AscendC::AscCPUKernelLaunch(numBlocks, dynicsize, stream, mangling, kernel,
args...)` (asc-tools' cpudebug/include/cpu_debug_launch.h). Here

    add_custom<T, 8><<<numBlocks, 0, stream>>>(x, y, z);

becomes

    ::sim::asc::ChevronLaunch(::sim::asc::ChevronSite{"add_custom<T, 8>", "x\\ny\\nz", __FILE__,
        __LINE__}, ::sim::asc::ChevronConfig(numBlocks, 0, stream),
        [](auto... a) { add_custom<T, 8>(a...); }, x, y, z);

on the launch's first line; the newlines the launch spanned follow it, so every later line
keeps its number. The output starts with `#include "cpu_debug_launch.h"` and a `#line 1`
naming the original file, so compiler messages point into the `.asc` itself.

The kernel is called through a generic lambda so that a template kernel whose arguments are
deduced, or an overloaded one, is resolved from the argument types exactly as the launch
would resolve it. Comments, string and character literals (raw strings included) and
preprocessor lines are never rewritten; `<<<` inside them is left alone.

Usage: asc_rewrite.py INPUT.asc OUTPUT.cpp
"""
from __future__ import annotations

import dataclasses
import pathlib
import re
import sys

LAUNCH_HEADER = "cpu_debug_launch.h"


class RewriteError(ValueError):
    """A `<<<` that does not form a launch: names the line and what is wrong."""


@dataclasses.dataclass
class Launch:
    start: int        # offset of the callee's first character
    end: int          # offset just past the closing ')' of the arguments
    callee: str
    config: list[str]
    arguments: list[str]  # each argument as written, comments dropped, whitespace collapsed
    line: int


CODE, COMMENT, LITERAL, DIRECTIVE = "c", "m", "s", "p"


def char_kinds(text: str) -> list[str]:
    """The kind of each character: CODE, COMMENT, LITERAL (string or character literal, raw
    strings included) or DIRECTIVE (a preprocessor line with its continuations)."""
    kinds = [CODE] * len(text)
    i, n = 0, len(text)
    line_start = True

    def mark(a: int, b: int, kind: str) -> None:
        for k in range(a, b):
            kinds[k] = kind

    while i < n:
        c = text[i]
        if c == "\n":
            line_start = True
            i += 1
            continue
        if c in " \t\r\f\v":
            i += 1
            continue
        if line_start and c == "#":
            j = i
            while j < n and text[j] != "\n":
                if text[j] == "\\" and j + 1 < n and text[j + 1] == "\n":
                    j += 2
                elif text.startswith("/*", j):  # a block comment may run past the directive's line
                    close = text.find("*/", j + 2)
                    j = n if close < 0 else close + 2
                else:
                    j += 1
            mark(i, j, DIRECTIVE)
            i = j
            continue
        line_start = False
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            mark(i, j, COMMENT)
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            mark(i, j, COMMENT)
            i = j
        elif c == "R" and i + 1 < n and text[i + 1] == '"' and not _continues_identifier(text, i):
            j = _raw_string_end(text, i + 1)
            mark(i, j, LITERAL)
            i = j
        elif c in "\"'" and not (c == "'" and _in_number(text, i)):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            mark(i, j, LITERAL)
            i = j
        else:
            i += 1
    return kinds


def code_mask(text: str) -> list[bool]:
    """True for each character that is code (not comment, literal or directive)."""
    return [k == CODE for k in char_kinds(text)]


def without_comments(text: str, kinds: list[str]) -> str:
    """text with every comment character turned into a space (newlines kept)."""
    return "".join(ch if kind != COMMENT or ch == "\n" else " " for ch, kind in zip(text, kinds))


def _continues_identifier(text: str, i: int) -> bool:
    """Whether the R at i belongs to a longer identifier (`FOOR"` is not a raw string); the
    encoding prefixes u8R, uR, UR, LR do start one."""
    j = i
    while j > 0 and (text[j - 1].isalnum() or text[j - 1] == "_"):
        j -= 1
    return text[j:i] not in ("", "u8", "u", "U", "L")


def _raw_string_end(text: str, quote: int) -> int:
    paren = text.find("(", quote)
    if paren < 0:
        return len(text)
    delimiter = text[quote + 1:paren]
    close = text.find(")" + delimiter + '"', paren)
    return len(text) if close < 0 else close + len(delimiter) + 2


def _in_number(text: str, i: int) -> bool:
    j = i
    while j > 0 and (text[j - 1].isalnum() or text[j - 1] in "_."):
        j -= 1
    return text[j].isdigit()


def _line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _skip_space_back(text: str, mask: list[bool], i: int) -> int:
    """The index just past the last code character before i (comments count as space)."""
    while i > 0 and (text[i - 1].isspace() or not mask[i - 1]):
        i -= 1
    return i


def _callee_start(text: str, mask: list[bool], end: int, line: int) -> int:
    """Walks back from `end` (just past the callee) over `name`, `ns::name`, `name<args>`."""
    i = _skip_space_back(text, mask, end)
    while True:
        if i > 0 and text[i - 1] == ">":  # template arguments: balance <> and () back to '<'
            # '<' and '>' inside parentheses are comparisons, not brackets: (N > 2).
            angles, parens, j = 0, 0, i - 1
            while j >= 0:
                ch = text[j] if mask[j] else " "
                if ch in ")]":
                    parens += 1
                elif ch in "([":
                    parens -= 1
                elif parens == 0 and ch == ">":
                    angles += 1
                elif parens == 0 and ch == "<":
                    angles -= 1
                    if angles == 0:
                        break
                j -= 1
            if j < 0 or text[j] != "<":
                raise RewriteError(f"line {line}: unbalanced template arguments before '<<<'")
            i = _skip_space_back(text, mask, j)
        j = i
        while j > 0 and (text[j - 1].isalnum() or text[j - 1] == "_"):
            j -= 1
        if j == i or text[j].isdigit():
            raise RewriteError(f"line {line}: '<<<' does not follow a kernel name")
        i = j
        before = _skip_space_back(text, mask, i)
        if before >= 2 and text[before - 2:before] == "::":
            i = _skip_space_back(text, mask, before - 2)
            if i == 0 or not (text[i - 1].isalnum() or text[i - 1] in "_>"):
                return before - 2  # a leading '::' (global namespace)
            continue
        return i


def _split_top_level(clean: str, mask: list[bool], start: int, end: int) -> list[str]:
    """Comma-separated pieces of clean[start:end] at bracket depth 0, whitespace collapsed
    (`clean` is the source with comments blanked; literals keep their commas)."""
    pieces, depth, current = [], 0, start
    for k in range(start, end):
        if not mask[k]:
            continue
        ch = clean[k]
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            pieces.append(clean[current:k])
            current = k + 1
    pieces.append(clean[current:end])
    return [" ".join(p.split()) for p in pieces]


def _matching(text: str, mask: list[bool], open_at: int, opener: str, closer: str, line: int) -> int:
    depth = 0
    for k in range(open_at, len(text)):
        if not mask[k]:
            continue
        if text[k] == opener:
            depth += 1
        elif text[k] == closer:
            depth -= 1
            if depth == 0:
                return k
    raise RewriteError(f"line {line}: '{opener}' of the launch is never closed")


def find_launches(text: str) -> list[Launch]:
    """Every `<<<...>>>(...)` launch in code, in order."""
    kinds = char_kinds(text)
    mask = [k == CODE for k in kinds]
    clean = without_comments(text, kinds)
    launches = []
    i = 0
    while True:
        i = text.find("<<<", i)
        if i < 0:
            return launches
        if not all(mask[i:i + 3]):
            i += 3
            continue
        line = _line_of(text, i)
        start = _callee_start(text, mask, i, line)
        callee = " ".join(clean[start:i].split())
        # The launch configuration: up to the first '>>>' outside brackets.
        depth, k = 0, i + 3
        while k < len(text):
            if mask[k]:
                ch = text[k]
                if ch in "([{":
                    depth += 1
                elif ch in ")]}":
                    depth -= 1
                elif depth == 0 and text.startswith(">>>", k) and all(mask[k:k + 3]):
                    break
            k += 1
        else:
            raise RewriteError(f"line {line}: '<<<' without a closing '>>>'")
        config = _split_top_level(clean, mask, i + 3, k)
        if not 2 <= len(config) <= 4 or any(not c for c in config):
            raise RewriteError(f"line {line}: the launch configuration <<<{text[i + 3:k].strip()}>>> takes 2 to 4 "
                               f"arguments (numBlocks, l2ctrl[, stream]; or SIMT's blocks, threads, ubuf, stream)")
        paren = k + 3
        while paren < len(text) and (text[paren].isspace() or not mask[paren]):
            paren += 1
        if paren >= len(text) or text[paren] != "(":
            raise RewriteError(f"line {line}: '>>>' is not followed by the kernel's argument list '('")
        close = _matching(text, mask, paren, "(", ")", line)
        arguments = _split_top_level(clean, mask, paren + 1, close)
        if arguments == [""]:
            arguments = []
        launches.append(Launch(start, close + 1, callee, config, arguments, line))
        i = close + 1


def _c_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def launch_call(launch: Launch) -> str:
    """The sim's call for one launch, on one line."""
    args = "".join(f", {a}" for a in launch.arguments)
    # The argument texts travel one per line: a collapsed argument holds no newline.
    names = _c_string("\n".join(launch.arguments))
    return (f"::sim::asc::ChevronLaunch(::sim::asc::ChevronSite{{{_c_string(launch.callee)}, "
            f"{names}, __FILE__, __LINE__}}, "
            f"::sim::asc::ChevronConfig({', '.join(launch.config)}), "
            f"[](auto... a) {{ {launch.callee}(a...); }}{args})")


def rewrite(text: str, source_name: str) -> str:
    """The whole translation unit: the launch header, a #line naming the source, then the
    source with every launch replaced (line numbers unchanged)."""
    out = [f'#include "{LAUNCH_HEADER}"\n', f"#line 1 {_c_string(source_name)}\n"]
    position = 0
    for launch in find_launches(text):
        out.append(text[position:launch.start])
        out.append(launch_call(launch))
        out.append("\n" * text.count("\n", launch.start, launch.end))
        position = launch.end
    out.append(text[position:])
    return "".join(out)


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    source, target = pathlib.Path(argv[1]), pathlib.Path(argv[2])
    try:
        text = source.read_text(encoding="utf-8", errors="surrogateescape")
    except OSError as error:
        print(f"asc_rewrite: cannot read INPUT '{source}': {error.strerror}", file=sys.stderr)
        return 1
    try:
        result = rewrite(text, str(source.resolve()))
    except RewriteError as error:
        print(f"{source}:{error}", file=sys.stderr)
        return 1
    target.parent.mkdir(parents=True, exist_ok=True)
    # Only a changed output is written, so the build does not recompile an unchanged source.
    if not target.exists() or target.read_text(encoding="utf-8", errors="surrogateescape") != result:
        target.write_text(result, encoding="utf-8", errors="surrogateescape")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
