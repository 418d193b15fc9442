"""The kernel developer's edit loop: a build of only some tiling keys refuses the others at
launch; a build older than its sources is reported by the commands that do not rebuild; the
broken-kernel copies are built only when their tests run."""
import importlib.util
import os
import pathlib
import subprocess

import pytest

from tests.build_support import ROOT, build_path, host_program_flags

spec = importlib.util.spec_from_file_location("build_py", ROOT / "build.py")
build_py = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_py)

UNBUILT_KEY = pathlib.Path(__file__).resolve().parent / "data" / "unbuilt_key.cpp"


def test_a_launch_with_a_key_left_out_of_the_build_fails_naming_it(tmp_path):
    build_path("sim", "libascendc_sim.so")
    flags = host_program_flags()
    binary = tmp_path / "unbuilt_key"
    # Key 0 alone (bit 0), at -O0: the one variant compiles in about two seconds.
    subprocess.run(["g++", "-O0", "-DLSTM_CELL_GRAD_BUILT_KEYS=0x1u", "-DASCENDC_SIM_KERNEL_TILING", f"-I{ROOT / 'op_host'}",
                    f"-I{ROOT / 'op_kernel'}", str(UNBUILT_KEY), "-o", str(binary), *flags],
                   check=True, timeout=300)
    result = subprocess.run([str(binary)], capture_output=True, text=True, timeout=60)
    output = result.stdout + result.stderr
    assert result.returncode == 3, output  # the program saw the launch fail
    assert "[kernel-assert]" in output and "tiling key 2 is not in this build" in output, output


def fake_build(tmp_path, monkeypatch, sources):
    build = tmp_path / "build"
    (build / "sim").mkdir(parents=True)
    monkeypatch.setattr(build_py, "BUILD", build)
    monkeypatch.setattr(build_py, "ROOT", tmp_path)  # no in-place module
    (build / build_py.BUILT_FROM).write_text("".join(f"{group} {path}\n" for group, path in sources))
    for lib in ("libcust_opimpl.so", "libcust_opapi.so", "sim/libascendc_sim.so"):
        (build / lib).write_text("")
        os.utime(build / lib, (1000, 1000))
    return build


def test_stale_note_names_the_library_and_the_newer_source(tmp_path, monkeypatch):
    kernel, sim_source = tmp_path / "kernel.h", tmp_path / "gm.cpp"
    kernel.write_text(""), sim_source.write_text("")
    os.utime(sim_source, (500, 500))           # older than every library
    os.utime(kernel, (2000, 2000))             # newer than the op's libraries
    build = fake_build(tmp_path, monkeypatch, [("sim", sim_source), ("op", kernel)])
    note = build_py.stale_build_note()
    assert note and str(kernel) in note and str(build / "libcust_opimpl.so") in note, note
    os.utime(kernel, (900, 900))
    assert build_py.stale_build_note() is None
    # A source of the sim newer than its library is reported too; a removed source is not.
    os.utime(sim_source, (3000, 3000))
    assert str(build / "sim" / "libascendc_sim.so") in build_py.stale_build_note()
    sim_source.unlink()
    assert build_py.stale_build_note() is None


def test_flags_says_when_the_build_is_stale(tmp_path, monkeypatch, capsys):
    kernel = tmp_path / "kernel.h"
    kernel.write_text("")
    os.utime(kernel, (2000, 2000))
    fake_build(tmp_path, monkeypatch, [("op", kernel)])
    build_py.main(["flags"])
    captured = capsys.readouterr()
    assert captured.out.startswith("-I") and "warning:" not in captured.out  # stdout: flags only
    assert "warning:" in captured.err and str(kernel) in captured.err


@pytest.mark.parametrize("args,builds_broken", [
    ([], True),
    (["tests"], True),
    (["tests/op_kernel/debug"], True),
    (["tests/op_kernel/debug/test_small_call_checks.py::test_clean_call", "-x"], True),
    (["tests/op_kernel"], True),
    (["tests/op_kernel/test_op_numerics.py", "-k", "debug"], False),
    (["sim/tests"], False),
])
def test_test_builds_the_broken_kernels_only_when_their_tests_run(args, builds_broken):
    assert build_py.collects_broken_kernels(args) is builds_broken


def test_check_picks_keys_by_dtype_and_refuses_bad_ones():
    assert build_py.chosen_keys(["float16"], None) == list(range(8, 16))
    assert build_py.chosen_keys(None, [13, 5, 13]) == [5, 13]
    assert build_py.chosen_keys(["bfloat16"], [5, 21]) == [21]
    assert len(build_py.chosen_keys(None, None)) == build_py.KEY_COUNT
    with pytest.raises(SystemExit, match="not tiling keys"):
        build_py.chosen_keys(None, [24])
    assert build_py.key_fields(13) == ("float16", True, False, True)
