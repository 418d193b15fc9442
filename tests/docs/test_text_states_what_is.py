"""The repository's text says what is true now and cites what a reader can open: no run log
(clock times of runs, a round of work), no tracker numbers, no private notes. History belongs in git log;
a source is a CANN documentation page or a file in a public repository, named so that a
reader of a clone can find it."""
import pathlib
import re
import subprocess

import pytest

from tests.build_support import ROOT

# Where the project's own text lives (build trees are not tracked and not read).
SCANNED = ["README.md", "docs", "python", "op_host", "op_kernel", "sim", "tests", "tools", "framework",
           "cmake", "CMakeLists.txt", "build.py"]
TEXT_SUFFIXES = {".md", ".py", ".cpp", ".h", ".hpp", ".txt", ".cmake", ".j2", ".toml", ".json", ".ini", ".in"}

# Each pattern with why it is refused. Written in pieces so that this file does not match itself.
REFUSED = [
    (r"\b[Ii]ssue #?[0-9]+\b", "a tracker number: say what the target or the rule is"),
    (r"\bthis (round|session)\b", "a work log: say what is, history is in git log"),
    (r"\b[0-9]{2}:[0-9]{2} UTC\b", "a clock time of a run: a date is enough"),
    (r"ascendc_api" + r"_facts", "a private notes file: cite the CANN page or public source"),
    (r"\bfacts (open question )?[0-9]", "a section of private notes: cite the CANN page or public source"),
    (r"\bthe API " + r"document\b", "which document? name the op's aclnn API page"),
    (r"\.\./sha" r"red/", "a directory outside the repository"),
]


def project_text_files(root: pathlib.Path):
    """The tracked (and new, not ignored) text files under SCANNED."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "--", *SCANNED], cwd=root,
                            capture_output=True, text=True, check=True).stdout.split("\n")
    return sorted(root / name for name in listed
                  if name and pathlib.PurePath(name).suffix in TEXT_SUFFIXES and (root / name).is_file())


def refused_text(root: pathlib.Path, files):
    """'file:line: why: the line' for every line that matches a refused pattern."""
    patterns = [(re.compile(pattern), why) for pattern, why in REFUSED]
    found = []
    for path in files:
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except UnicodeDecodeError:
            continue
        for number, line in enumerate(lines, 1):
            for pattern, why in patterns:
                if pattern.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {why}: {line.strip()}")
    return found


def test_no_run_logs_tracker_numbers_or_private_citations():
    files = project_text_files(ROOT)
    assert ROOT / "README.md" in files and len(files) > 100
    found = refused_text(ROOT, files)
    assert not found, "text that is not for a reader of the repository:\n" + "\n".join(found)


@pytest.mark.parametrize("line, refused", [
    ("Targets (iss" "ue 9): within 1.5x numpy", True),
    ("see Iss" "ue #12", True),
    ("what this ro" "und changed", True),
    ("measured at 19:35 U" "TC", True),
    ("(ascendc_api" "_facts.md 2.3)", True),
    ("the overlap rules of fa" "cts 3.1", True),
    ("(fa" "cts open question 4)", True),
    ("beyond the API " "document (float32, float16)", True),
    ("see ../sha" "red/notes.md", True),
    ("run on 2026-12-01 at load average 1.7", False),
    ("the op's aclnn API page (float32, float16)", False),
    ("CANN Ascend C API reference, DataCopyPad", False),
    ("tissue 9 and reissue 3", False),
])
def test_the_patterns_refuse_what_they_should(tmp_path, line, refused):
    path = tmp_path / "page.md"
    path.write_text(f"# A page\n\n{line}\n", encoding="utf-8")
    assert bool(refused_text(tmp_path, [path])) == refused
