"""The tests' own layout: tests/ has one folder per layer of the op (and the sim's tests stay in
sim/tests), and every test imports the tests' helpers one way, by package name from the
repository's root (`from tests.oracles import make_inputs`), never by a relative import or by
loading a file from its path."""
import ast

from tests.build_support import ROOT

# What each folder of tests/ tests (docs/architecture.md, "Where things live", says the same).
LAYERS = {"op_host", "op_kernel", "aclnn", "python", "torch", "fuzz", "docs", "tooling", "cann"}
TEST_TREES = (ROOT / "tests", ROOT / "sim" / "tests")


def python_files():
    for tree in TEST_TREES:
        yield from (path for path in tree.rglob("*.py") if "__pycache__" not in path.parts)


def test_tests_has_one_folder_per_layer():
    folders = {path.name for path in (ROOT / "tests").iterdir() if path.is_dir() and path.name != "__pycache__"}
    assert folders == LAYERS, f"tests/ folders {sorted(folders)}: each test belongs in the folder of what it tests"


def test_helpers_are_imported_by_package_name():
    relative = []
    for path in python_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level > 0:
                relative.append(f"{path.relative_to(ROOT)}:{node.lineno}: from {'.' * node.level}{node.module or ''}")
    assert not relative, "relative imports (write `from tests.x import ...` / `from sim.tests.x import ...`):\n" + \
        "\n".join(relative)


def test_no_test_module_is_loaded_from_a_file_path():
    """A module of a test tree loaded by `spec_from_file_location` would be a second copy beside
    the one pytest imports (the sim's program runner once was, into tests/build_support.py)."""
    tree_names = {tree.relative_to(ROOT).as_posix() for tree in TEST_TREES} | {"sim_build", "build_support"}
    loads = []
    for path in python_files():
        source = path.read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "spec_from_file_location":
                call = ast.get_source_segment(source, node)
                if any(name in call for name in tree_names) or '"tests"' in call:
                    loads.append(f"{path.relative_to(ROOT)}:{node.lineno}: {call}")
    assert not loads, "test modules loaded by path:\n" + "\n".join(loads)
