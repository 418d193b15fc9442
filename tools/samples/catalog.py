"""The kernel samples of a CANN asc-devkit checkout (examples/01_simd_cpp_api), read at run
time (nothing of them is copied into the project): where each one is, what it builds, how
its README runs and checks it, and whether it is an A2/A3 vector (AIV) sample.

A sample is a directory holding `.asc` sources and a CMakeLists.txt whose add_executable names
them. Its README's "run" block gives the commands after the build, e.g.

    python3 ../scripts/gen_data.py
    ./demo
    python3 ../scripts/verify_result.py output/output.bin output/golden.bin

which the runner replays from a fresh run directory (the README runs them from build/).
"""
from __future__ import annotations

import dataclasses
import pathlib
import re

EXAMPLES = pathlib.Path("examples") / "01_simd_cpp_api"

# What makes a sample not an A2/A3 vector sample, by the first rule that matches.
# Cube (AIC) work: matrix APIs, the L1/L0 positions, cube-side kernels and their libraries.
CUBE_PATTERN = re.compile(
    r"\b(Mmad\w*|Matmul\w*|MatmulImpl|LoadData\w*|Fixpipe\w*|LoadImageToLocal|Conv[23]D\w*|"
    r"SetFmatrix|SetLoadDataBoundary|BroadCastVecToMM|KERNEL_TYPE_AIC_ONLY|KERNEL_TYPE_MIX_\w+|__cube__|"
    r"REGIST_MATMUL_OBJ)\b|TPosition::(A1|A2|B1|B2|C1|C2|CO1|CO2)\b|Hardware::L[01]|matmul_intf\.h|lib/matmul")
# The A2/A3 row of a README's product table ("| Atlas A2 训练系列产品 | ..."): a mention in the
# text (bank_conflict_3510 compares with A2/A3 in a sentence) is no support.
A2_A3_PATTERN = re.compile(r"^\|\s*Atlas A[23]", re.M)
# Samples that need a framework around the kernel (PyTorch, GE graph, aclgraph capture).
FRAMEWORK_DIRS = ("02_features/00_framework/",)
# Commands of a README run block that the runner replays; the rest (cmake, make, source,
# msprof, mssanitizer, cat, pip) build, profile or install.
_SCRIPT_STEP = re.compile(r"^python3?\s+(\S+\.py)(.*)$")
_PROGRAM_STEP = re.compile(r"^\./(\w[\w.-]*)(.*)$")
_ARCH_OPTION = re.compile(r"^(-DCMAKE_ASC_ARCHITECTURES=).*")
_SCENARIO_SET = re.compile(r"^(SCENARIO(?:_NUM)?|TESTCASE)=(\S+)")


@dataclasses.dataclass
class Step:
    kind: str          # "script" (a python script of the sample) or "program" (the built sample)
    path: str          # the script's path relative to the sample, or the program's name
    args: list[str]

    def text(self) -> str:
        head = f"python3 {self.path}" if self.kind == "script" else f"./{self.path}"
        return " ".join([head, *self.args])


@dataclasses.dataclass
class Sample:
    name: str                      # path under examples/01_simd_cpp_api
    directory: pathlib.Path
    sources: list[pathlib.Path]    # what add_executable names (.asc and .cpp)
    program: str                   # add_executable's target name
    steps: list[Step]
    defines: dict[str, str]        # -D the README's cmake line passes (SCENARIO_NUM=1)
    definitions: list[str]         # the preprocessor definitions the CMakeLists gives the sources
    kind: str                      # "vector", or why not: "cube", "not A2/A3", "framework", "no program"


def default_steps(directory: pathlib.Path, program: str) -> list[Step]:
    """For a README whose run block profiles or sanitizes the program instead of running it:
    the data script if there is one, then the program."""
    steps = [Step("script", "scripts/gen_data.py", [])] if (directory / "scripts" / "gen_data.py").is_file() else []
    return steps + [Step("program", program, [])]


def _strip_comment(line: str) -> str:
    return line.split("#", 1)[0].strip().rstrip(";").strip()


def run_block(readme: str) -> list[str]:
    """The commands of the README's first bash block that runs the built program."""
    for block in re.findall(r"```bash[ \t]*\n(.*?)```", readme, re.S):  # "```bash " too
        lines = [_strip_comment(l) for l in block.splitlines()]
        if any(_PROGRAM_STEP.match(l) for l in lines):
            return [l for l in lines if l]
    return []


def parse_steps(lines: list[str], program: str) -> tuple[list[Step], dict[str, str]]:
    """Steps to replay and the scenario variables set (first value) from a run block."""
    variables, steps = {}, []
    for line in lines:
        for part in [p.strip() for p in line.split(";") if p.strip()]:
            scenario = _SCENARIO_SET.match(re.sub(r"^export\s+", "", part))  # "export SCENARIO_NUM=1" too
            if scenario:
                variables.setdefault(scenario.group(1), scenario.group(2))
                continue
            if part.startswith(("cd ", "mkdir", "cmake", "make", "source", "export")):
                found = re.findall(r"-D(SCENARIO\w*)=(\$?\w+)", part)
                for name, value in found:
                    variables.setdefault(name, variables.get(value.lstrip("$"), value))
                continue
            for name, value in variables.items():
                part = part.replace("${" + name + "}", value).replace("$" + name, value)
            script = _SCRIPT_STEP.match(part)
            program_step = _PROGRAM_STEP.match(part)
            if script and script.group(1).startswith("../"):
                # Build options pasted onto a script's line are not its arguments, except the
                # architecture, which quant's and antiquant's gen_data.py read: they are told A2's,
                # which the sim stands in for.
                args = [_ARCH_OPTION.sub(r"\g<1>" + A2_VARIABLES["CMAKE_ASC_ARCHITECTURES"], a)
                        for a in script.group(2).split()
                        if not a.startswith("-DCMAKE_") or _ARCH_OPTION.match(a)]
                steps.append(Step("script", script.group(1)[3:], args))
            elif program_step and program_step.group(1) == program:
                steps.append(Step("program", program, program_step.group(2).split()))
    return steps, variables


# CMake variables a sample's CMakeLists reads, as an A2 (dav-2201) configuration sets them.
A2_VARIABLES = {"CMAKE_ASC_ARCHITECTURES": "dav-2201", "NPU_ARCH_ID": "2201"}


def _substitute(word: str, variables: dict[str, str]) -> str:
    for _ in range(3):  # a variable's value may name another one
        word = re.sub(r"\$\{(\w+)\}", lambda m: variables.get(m.group(1), m.group(0)), word)
    return word


def _cmake_variables(cmake: str, directory: pathlib.Path, defines: dict[str, str]) -> dict[str, str]:
    """set(NAME value) (the first of each: CACHE defaults, the first branch), then the README's
    -D values and the A2 configuration over them."""
    variables = {}
    for name, value in re.findall(r"set\(\s*(\w+)\s+\"?([^\s\")]+)\"?", cmake):
        variables.setdefault(name, value)
    for name, value in re.findall(r"option\(\s*(\w+)\s+\"[^\"]*\"\s+(\w+)\s*\)", cmake):
        variables.setdefault(name, value)  # option(NAME "help" OFF): its default
    variables.update(A2_VARIABLES)
    variables.update(defines)
    variables["CMAKE_CURRENT_SOURCE_DIR"] = str(directory)
    return variables


def _executable(cmake: str, directory: pathlib.Path, variables: dict[str, str]) -> tuple[str, list[pathlib.Path]]:
    """add_executable's name and sources, with those of the libraries the CMakeLists builds
    (a sample's kernel may sit in an add_library the program links)."""
    found = re.search(r"add_executable\(\s*(\S+)\s+([^)]*)\)", cmake)
    if not found:
        return "", []
    words = found.group(2).split()
    for library in re.finditer(r"add_library\(\s*\S+\s+([^)]*)\)", cmake):
        words += library.group(1).split()
    sources = []
    for word in words:
        word = _substitute(word, variables)
        if "${" not in word and word.endswith((".asc", ".cpp", ".cc")):
            path = pathlib.Path(word)
            path = path if path.is_absolute() else directory / path
            if path not in sources:
                sources.append(path)
    return _substitute(found.group(1), variables), sources


_TRUE = ("1", "ON", "YES", "TRUE", "Y")


def _active_definition_blocks(cmake: str, variables: dict[str, str]) -> list[tuple[str, str]]:
    """The target_compile_definitions / add_definitions calls outside if() branches that an A2
    configuration does not take: if(NAME) / if(NOT NAME) on an option() or a variable (an option
    keeps its default unless the README's cmake line sets it, so a sample's mode switch defaulting
    to OFF adds nothing); any other condition counts as taken."""
    options = {name: value for name, value in re.findall(r"option\(\s*(\w+)\s+\"[^\"]*\"\s+(\w+)\s*\)", cmake)}
    token = re.compile(r"\b(if|elseif|else|endif|target_compile_definitions|add_definitions)\s*\(([^)]*)\)")
    stack: list[list[bool]] = []  # per open if: [this branch taken, an earlier branch taken]

    def holds(condition: str) -> bool | None:
        words = condition.split()
        negate = len(words) == 2 and words[0] == "NOT"
        if len(words) != (2 if negate else 1) or not re.match(r"^\w+$", words[-1]):
            return None
        name = words[-1]
        if name not in variables and name not in options:
            return None
        value = variables.get(name, options.get(name, ""))
        return (value.upper() in _TRUE) != negate

    found = []
    for match in token.finditer(cmake):
        kind, argument = match.group(1), match.group(2)
        if kind == "if":
            taken = holds(argument)
            stack.append([taken is not False, taken is True])
        elif kind == "elseif" and stack:
            taken = holds(argument)
            stack[-1][0] = not stack[-1][1] and taken is not False
            stack[-1][1] = stack[-1][1] or taken is True
        elif kind == "else" and stack:
            stack[-1][0] = not stack[-1][1]
        elif kind == "endif" and stack:
            stack.pop()
        elif kind in ("target_compile_definitions", "add_definitions"):
            if all(branch[0] for branch in stack):
                found.append((kind, argument))
    return found


def compile_definitions(cmake: str, variables: dict[str, str]) -> list[str]:
    """NAME[=VALUE] of target_compile_definitions and add_definitions(-D...), variables
    substituted; those of the dav-3510 (Ascend 950) branch and generator expressions left out."""
    definitions = []
    blocks = []
    for kind, block in _active_definition_blocks(cmake, variables):
        blocks.append(block.split()[1:] if kind == "target_compile_definitions" else block.split())  # after the target
    for block in blocks:
        for word in block:
            word = _substitute(word, variables).strip('"')
            if word.startswith("-D"):
                word = word[2:]
            if (not word or word in ("PRIVATE", "PUBLIC", "INTERFACE") or "$" in word or "3510" in word
                    or not re.match(r"^[A-Za-z_]\w*(=.*)?$", word)):
                continue
            if word not in definitions:
                definitions.append(word)
    return definitions


def classify(directory: pathlib.Path, name: str, readme: str, program: str) -> str:
    if not program:
        return "no program"
    if any(name.startswith(d) for d in FRAMEWORK_DIRS):
        return "framework"
    if not A2_A3_PATTERN.search(readme):
        return "not A2/A3"
    for path in directory.rglob("*"):
        if path.suffix in (".asc", ".h", ".hpp", ".cpp") and path.is_file():
            if CUBE_PATTERN.search(path.read_text(encoding="utf-8", errors="replace")):
                return "cube"
    return "vector"


def find_samples(asc_devkit: pathlib.Path) -> list[Sample]:
    """Every sample directory under examples/01_simd_cpp_api, classified, in path order."""
    root = asc_devkit / EXAMPLES
    if not root.is_dir():
        raise FileNotFoundError(f"{root} is missing: is '{asc_devkit}' an asc-devkit checkout?")
    samples = []
    for directory in sorted({p.parent for p in root.rglob("*.asc")}):
        name = directory.relative_to(root).as_posix()
        readme_path = directory / "README.md"
        readme = readme_path.read_text(encoding="utf-8", errors="replace") if readme_path.is_file() else ""
        cmake_path = directory / "CMakeLists.txt"
        cmake = cmake_path.read_text(encoding="utf-8", errors="replace") if cmake_path.is_file() else ""
        cmake = re.sub(r"#[^\n]*", "", cmake)
        program_guess = re.search(r"add_executable\(\s*(\S+)", cmake)
        guess = _substitute(program_guess.group(1), _cmake_variables(cmake, directory, {})) if program_guess else ""
        steps, defines = parse_steps(run_block(readme), guess)
        variables = _cmake_variables(cmake, directory, defines)
        program, sources = _executable(cmake, directory, variables)
        if program and not any(step.kind == "program" for step in steps):
            steps = default_steps(directory, program)
        for step in steps:  # what the README leaves to the CMakeLists' defaults
            step.args = [re.sub(r"\$(\w+)", r"${\1}", a) for a in step.args]
            step.args = [_substitute(a, variables) for a in step.args]
        samples.append(Sample(name, directory, sources, program, steps, defines,
                              compile_definitions(cmake, variables), classify(directory, name, readme, program)))
    return samples
