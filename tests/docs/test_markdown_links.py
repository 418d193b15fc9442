"""Every link in the repository's Markdown stays inside the repository and points at something
that exists there: a clone is all a reader has. Relative links are resolved against the file
that holds them; `#anchors` into Markdown files must name a heading there; web links (http,
https, mailto) are not followed."""
import pathlib
import re
import subprocess

import pytest

from tests.build_support import ROOT

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"`+[^`]*`+")
# [text](target "title") and ![alt](target); [label]: target (reference definitions).
INLINE_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEF = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # http:, https:, mailto:, ...
SKIPPED_DIRS = {".git", "__pycache__", "node_modules", ".venv", "venv"}
# A repository path named in inline code (`op_host/lstm_cell_grad_tiling.cpp`): written from
# the repository's root, starting with one of its top-level directories, no placeholders
# (`*` is a glob: `op_host/lstm_cell_grad_check.*` must match something).
NAMED_PATH = re.compile(r"`((?:op_host|op_kernel|sim|python|framework|cmake|tests|tools|docs)/[\w./*-]*)`")


def markdown_files(root: pathlib.Path):
    """The repository's Markdown files: git's view when in a checkout (tracked and new,
    ignored build trees left out), else every *.md outside build and hidden directories."""
    try:
        listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "*.md"], cwd=root,
                                capture_output=True, text=True, check=True).stdout.split()
        return sorted(root / name for name in listed if (root / name).is_file())
    except (OSError, subprocess.CalledProcessError):
        return sorted(path for path in root.rglob("*.md")
                      if not any(part in SKIPPED_DIRS or part.startswith(("build", "."))
                                 for part in path.relative_to(root).parts[:-1]))


def prose_lines(text: str):
    """(line number, line) of every line outside fenced code blocks."""
    in_fence = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            in_fence = not in_fence
        elif not in_fence:
            yield number, line


def links(text: str):
    """(line number, target) of every link outside code blocks and inline code."""
    for number, line in prose_lines(text):
        line = INLINE_CODE.sub("", line)
        for match in INLINE_LINK.finditer(line):
            yield number, match.group(1)
        definition = REFERENCE_DEF.match(line)
        if definition:
            yield number, definition.group(1)


def heading_anchors(text: str):
    """GitHub's anchors of a Markdown file's headings: lower case, punctuation dropped,
    spaces as hyphens, repeats numbered -1, -2, ..."""
    anchors, seen = set(), {}
    for _, line in prose_lines(text):
        if not line.startswith("#"):
            continue
        title = line.lstrip("#").strip().lower()
        slug = re.sub(r"[^\w\- ]", "", title).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def broken_links(root: pathlib.Path, files):
    """'file:line: target: why' for every link that leaves `root` or names nothing there."""
    root = root.resolve()
    problems = []
    for md in files:
        text = md.read_text(encoding="utf-8")
        where = md.relative_to(root)
        for number, target in links(text):
            if EXTERNAL.match(target):
                continue
            path_part, _, anchor = target.partition("#")
            if path_part.startswith("/"):
                problems.append(f"{where}:{number}: {target}: absolute path (not portable to a clone)")
                continue
            resolved = (md.parent / path_part).resolve() if path_part else md.resolve()
            if resolved != root and root not in resolved.parents:
                problems.append(f"{where}:{number}: {target}: leaves the repository")
            elif not resolved.exists():
                problems.append(f"{where}:{number}: {target}: no such file or directory")
            elif anchor and resolved.suffix == ".md" and anchor not in heading_anchors(resolved.read_text(encoding="utf-8")):
                problems.append(f"{where}:{number}: {target}: no heading #{anchor} in {resolved.relative_to(root)}")
    return problems


def test_markdown_links_stay_in_the_repository_and_resolve():
    files = markdown_files(ROOT)
    assert ROOT / "README.md" in files
    problems = broken_links(ROOT, files)
    assert not problems, "broken Markdown links:\n" + "\n".join(problems)


def named_path_exists(path: str) -> bool:
    return any(ROOT.glob(path)) if "*" in path else (ROOT / path).exists()


def test_paths_named_in_inline_code_exist():
    """Docs name files in `code` more often than they link them; a file that moved or was
    renamed leaves them stale just the same."""
    missing = [f"{md.relative_to(ROOT)}:{n}: {path}" for md in markdown_files(ROOT)
               for n, line in enumerate(md.read_text(encoding="utf-8").splitlines(), 1)
               for path in NAMED_PATH.findall(line) if not named_path_exists(path)]
    assert not missing, "paths named in Markdown that do not exist (moved? renamed?):\n" + "\n".join(missing)


CLIMBING_PATH = re.compile(r"(?:\.\./)+[\w.-]+")


def test_no_markdown_text_names_a_path_outside_the_repository():
    """Not even as plain text: a user's clone has nothing beside it, so a relative path that
    climbs out of the repository points at nothing (code blocks are examples for other
    projects' trees and are not read)."""
    outside = [f"{md.relative_to(ROOT)}:{n}: {path}" for md in markdown_files(ROOT)
               for n, line in prose_lines(md.read_text(encoding="utf-8"))
               for path in CLIMBING_PATH.findall(line)
               if not (md.parent / path).resolve().is_relative_to(ROOT)]
    assert not outside, outside


@pytest.fixture
def tree(tmp_path):
    repo = tmp_path / "repo"
    (repo / "docs").mkdir(parents=True)
    (repo / "docs" / "guide.md").write_text("# A guide\n\n## Two words\n")
    (tmp_path / "outside.md").write_text("# outside\n")
    return repo


@pytest.mark.parametrize("text, expected", [
    ("[ok](docs/guide.md) [ok](docs/guide.md#two-words) [web](https://example.com) [self](#top)\n# Top\n", []),
    ("```\n[in a fence](missing.md)\n```\n`[inline code](missing.md)`\n", []),
    ("[gone](docs/missing.md)\n", ["no such file"]),
    ("[away](../outside.md)\n", ["leaves the repository"]),
    ("[abs](/etc/passwd)\n", ["absolute path"]),
    ("[anchor](docs/guide.md#three-words)\n", ["no heading #three-words"]),
    ("[ref]: docs/nothing.md\n", ["no such file"]),
    ("![picture](docs/missing.png)\n", ["no such file"]),
])
def test_checker_finds_what_it_should(tree, text, expected):
    readme = tree / "README.md"
    readme.write_text(text)
    problems = broken_links(tree, [readme])
    assert len(problems) == len(expected), problems
    for problem, why in zip(problems, expected):
        assert why in problem
