"""The package warns at import when its extension is older than a source the build compiled it
from (the build's built_from.txt), and stays quiet when it is current or has no such list."""
import os
import subprocess
import sys
import textwrap

from lstm_cell_grad import _stale

from tests.build_support import ROOT


def write_listing(tmp_path, source_age_s):
    module = tmp_path / "_C.so"
    module.write_bytes(b"")
    source = tmp_path / "kernel.cpp"
    source.write_text("// a kernel source\n")
    built = module.stat().st_mtime
    os.utime(source, (built + source_age_s, built + source_age_s))
    listing = tmp_path / _stale.BUILT_FROM
    listing.write_text(f"op {source}\nop {tmp_path / 'removed_since.cpp'}\n")
    return module, listing, source


def test_a_source_newer_than_the_module_is_named(tmp_path):
    module, listing, source = write_listing(tmp_path, +10)
    note = _stale.stale_note(listing, {"op": [module]})
    assert note is not None and str(module) in note and str(source) in note and "build.py build" in note


def test_a_current_module_or_a_missing_list_is_quiet(tmp_path):
    module, listing, _ = write_listing(tmp_path, -10)
    assert _stale.stale_note(listing, {"op": [module]}) is None
    assert _stale.stale_note(listing, {"sim": [module]}) is None  # no source of that group
    assert _stale.stale_note(tmp_path / "no_such_list.txt", {"op": [module]}) is None


def test_import_warns_when_the_build_listing_has_a_newer_source(tmp_path):
    import lstm_cell_grad
    build = tmp_path / "build"
    build.mkdir()
    source = tmp_path / "edited.cpp"
    source.write_text("// edited after the build\n")
    future = os.stat(lstm_cell_grad._C.__file__).st_mtime + 3600
    os.utime(source, (future, future))
    (build / _stale.BUILT_FROM).write_text(f"op {source}\n")
    code = textwrap.dedent("""
        import warnings
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            import lstm_cell_grad
        print([str(w.message) for w in caught if w.category is RuntimeWarning])
    """)
    env = {**os.environ, "ASCEND_SIM_BUILD_DIR": str(build),
           "PYTHONPATH": os.pathsep.join([str(ROOT / "python"), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "edited.cpp" in out.stdout and "is older than its source" in out.stdout, out.stdout
