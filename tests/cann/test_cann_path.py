"""The CANN build path (ASCEND_TOOLCHAIN=cann, cmake/cann/).

No CANN exists on this machine, so CANN's own tools are never exercised here. What is tested
is our side: without CANN the configure stops at once and says what is missing and how to get
it; with a stand-in CANN tree (only the layout and the files our detection looks for) it gets
past detection, hands the op to CANN's op-project tooling with the right sources and settings,
and fails where the first CANN tool fails, naming it; no failure ever leaves a .run behind.
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import textwrap

import pytest

from tests.build_support import ROOT, build_path

CMAKE = shutil.which("cmake") or shutil.which("cmake", path=str(pathlib.Path(sys.executable).parent))
# Everything through which a real CANN could leak into these tests.
CANN_ENV_VARS = ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "ASCEND_CANN_PACKAGE_PATH", "ASCEND_OPP_PATH",
                 "ASCEND_CUSTOM_OPP_PATH", "BASE_LIBS_PATH", "ASCEND_AICPU_PATH")
OP_HOST_FILES = sorted(p.name for p in (ROOT / "op_host").iterdir() if p.suffix in (".cpp", ".h"))
OP_KERNEL_FILES = sorted(p.name for p in (ROOT / "op_kernel").iterdir() if p.suffix in (".cpp", ".h"))
SOC_TIMING = ROOT / "sim" / "include" / "ascendc_sim" / "model" / "soc_timing.h"

# Until the top-level CMakeLists.txt routes ASCEND_TOOLCHAIN=cann to cmake/cann/cann.cmake, a
# `--preset cann` configure would build the sim instead.
needs_cann_hook = pytest.mark.skipif(
    "cmake/cann/cann.cmake" not in (ROOT / "CMakeLists.txt").read_text(),
    reason="the top-level CMakeLists.txt does not include cmake/cann/cann.cmake for ASCEND_TOOLCHAIN=cann yet")


def env_without_cann(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in CANN_ENV_VARS}
    env.update(extra)
    return env


def configure_cann(build_dir: pathlib.Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([CMAKE, "--preset", "cann", "-B", str(build_dir), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def build_target(build_dir: pathlib.Path, target: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([CMAKE, "--build", str(build_dir), "--target", target], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def said(result: subprocess.CompletedProcess) -> str:
    """Everything CMake printed, with its line wrapping undone."""
    return " ".join((result.stdout + result.stderr).split())


def packages_under(directory: pathlib.Path) -> list:
    return sorted(directory.rglob("custom_opp_*.run")) if directory.exists() else []


def write_executable(path: pathlib.Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    path.chmod(0o755)


def fake_cann_root(tmp_path: pathlib.Path) -> pathlib.Path:
    """What every flow's detection looks for, and nothing that works: headers are empty files,
    op_build is a script that fails."""
    root = tmp_path / "Ascend" / "ascend-toolkit" / "latest"
    (root / "include" / "register").mkdir(parents=True)
    (root / "include" / "register" / "op_def_registry.h").write_text("")
    (root / "lib64").mkdir()
    write_executable(root / "tools" / "opbuild" / "op_build", "#!/bin/sh\necho 'stand-in op_build' >&2\nexit 1\n")
    return root


MSOPGEN_FAILING = "#!/bin/sh\necho 'stand-in msopgen: not a real CANN' >&2\nexit 3\n"

# A stand-in msopgen that lays out a project the way msopgen does (skeleton sources, CANN's
# CMake files, a CMakePresets.json with a "default" preset, build.sh); BUILD_SH is its build.sh.
MSOPGEN_GENERATING = textwrap.dedent("""\
    #!{python}
    import json, pathlib, sys
    args = sys.argv[1:]
    assert args[0] == "gen", args
    opts = dict(zip(args[1::2], args[2::2]))
    out = pathlib.Path(opts["-out"])
    assert not out.exists(), "msopgen wants a fresh -out directory"
    for d in ("op_host", "op_kernel", "framework/tf_plugin", "cmake/util"):
        (out / d).mkdir(parents=True)
    for f in ("op_host/thnn_fused_lstm_cell_backward.cpp", "op_host/thnn_fused_lstm_cell_backward_tiling.h",
              "op_host/skeleton_only.h", "op_kernel/thnn_fused_lstm_cell_backward.cpp"):
        (out / f).write_text("// msopgen skeleton\\n")
    for f in ("CMakeLists.txt", "op_host/CMakeLists.txt", "op_kernel/CMakeLists.txt", "cmake/config.cmake"):
        (out / f).write_text("# CANN's generated file\\n")
    unit = opts["-c"].split("-", 1)[1]
    presets = {{"version": 1, "configurePresets": [{{"name": "default", "generator": "Unix Makefiles",
               "cacheVariables": {{"ASCEND_COMPUTE_UNIT": {{"type": "STRING", "value": unit}},
                                  "vendor_name": {{"type": "STRING", "value": "customize"}}}}}}]}}
    (out / "CMakePresets.json").write_text(json.dumps(presets, indent=4))
    (out / "build.sh").write_text({build_sh!r})
    (out / "msopgen_call.json").write_text(json.dumps({{"argv": args, "prototype": json.load(open(opts["-i"]))}}))
    """)

BUILD_SH = {
    "fails": "echo 'stand-in build.sh: op_build failed' >&2\nexit 1\n",
    # CANN 9's build.sh has no `set -e`: a failed kernel compile can still exit 0 without a package.
    "no_package": "mkdir -p build_out\nexit 0\n",
    "packages": "mkdir -p build_out\nprintf '#!/bin/sh\\n' > build_out/custom_opp_standin_x86_64.run\nexit 0\n",
}


def msopgen_generating(build_sh_mode: str) -> str:
    build_sh = "#!/bin/bash\necho \"$ASCEND_HOME_PATH\" > build_sh_saw_ascend_home_path.txt\n" + BUILD_SH[build_sh_mode]
    return MSOPGEN_GENERATING.format(python=sys.executable, build_sh=build_sh)


# A stand-in for CANN's ASC CMake package: records every npu_op_* call instead of building.
ASC_CONFIG_RECORDING = textwrap.dedent("""\
    set(ASCEND_AUTOGEN_PATH ${CMAKE_BINARY_DIR}/autogen)
    file(MAKE_DIRECTORY ${ASCEND_AUTOGEN_PATH})
    file(WRITE ${CMAKE_BINARY_DIR}/standin_empty.cpp "")
    set(NPU_OP_CALLS ${CMAKE_BINARY_DIR}/npu_op_calls.txt)
    file(WRITE ${NPU_OP_CALLS} "")
    function(record name)
      string(REPLACE ";" "|" args "${ARGN}")
      file(APPEND ${NPU_OP_CALLS} "${name}|${args}\\n")
    endfunction()
    function(npu_op_package)
      record(npu_op_package ${ARGN})
    endfunction()
    function(npu_op_code_gen)
      record(npu_op_code_gen ${ARGN})
    endfunction()
    function(npu_op_library name)
      record(npu_op_library ${name} ${ARGN})
      add_library(${name} OBJECT ${CMAKE_BINARY_DIR}/standin_empty.cpp)
    endfunction()
    function(npu_op_kernel_sources)
      record(npu_op_kernel_sources ${ARGN})
    endfunction()
    function(npu_op_kernel_library)
      record(npu_op_kernel_library ${ARGN})
    endfunction()
    function(npu_op_package_add)
      record(npu_op_package_add ${ARGN})
    endfunction()
    """)


def recorded_calls(build_dir: pathlib.Path) -> dict:
    calls = {}
    for line in (build_dir / "npu_op_calls.txt").read_text().splitlines():
        name, *args = line.split("|")
        calls.setdefault(name, []).append(args)
    return calls


NPU_OP_KEYWORDS = {"TYPE", "CONFIG", "ENABLE_SOURCE_PACKAGE", "ENABLE_BINARY_PACKAGE", "INSTALL_PATH", "SRC",
                   "PACKAGE", "OUT_DIR", "COMPILE_OPTIONS", "OP_TYPE", "KERNEL_FILE", "KERNEL_DIR", "COMPUTE_UNIT",
                   "SRC_BASE", "TILING_LIBRARY", "LIBRARY", "FILES"}


def option(args: list, key: str) -> list:
    """The values given after keyword `key` in a recorded npu_op_* call."""
    values = args[args.index(key) + 1:]
    end = next((i for i, v in enumerate(values) if v in NPU_OP_KEYWORDS), len(values))
    return values[:end]


# ---- The presets ---------------------------------------------------------------------------

def test_presets_name_both_toolchains():
    presets = {p["name"]: p for p in json.loads((ROOT / "CMakePresets.json").read_text())["configurePresets"]}
    assert set(presets) == {"sim", "cann"}
    sim, cann = presets["sim"], presets["cann"]
    assert sim["generator"] == "Ninja" and sim["binaryDir"] == "${sourceDir}/build"
    assert sim["cacheVariables"]["ASCEND_TOOLCHAIN"] == "sim"
    # CANN's kernel-compile rules run $(MAKE): its op projects are Makefile builds.
    assert cann["generator"] == "Unix Makefiles"
    variables = cann["cacheVariables"]
    assert variables["ASCEND_TOOLCHAIN"] == "cann"
    assert variables["ASCEND_COMPUTE_UNIT"] == "ascend910b;ascend910_93"
    assert variables["vendor_name"] == "lstm_cell_grad"
    assert variables["ENABLE_BINARY_PACKAGE"]["value"] == "True"
    listed = subprocess.run([CMAKE, "--list-presets"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    assert '"sim"' in listed.stdout and '"cann"' in listed.stdout


def test_msopgen_prototype_matches_the_opdef():
    """cmake/cann/thnn_fused_lstm_cell_backward.json restates the OpDef for msopgen: it must agree
    with what op_host/ registers (the sim build's dump of the OpDef registry)."""
    registry = json.loads(build_path("aclnn", "op_registry.json").read_text())
    opdef = next(op for op in registry["ops"] if op["op_type"] == "ThnnFusedLstmCellBackward")
    prototype = json.loads((ROOT / "cmake" / "cann" / "thnn_fused_lstm_cell_backward.json").read_text())
    assert len(prototype) == 1 and prototype[0]["op"] == opdef["op_type"]
    dtype = {"DT_FLOAT": "float", "DT_FLOAT16": "float16", "DT_BF16": "bfloat16"}
    fmt = {"FORMAT_ND": "ND"}
    for kind, desc in (("inputs", "input_desc"), ("outputs", "output_desc")):
        expected = [{"name": t["name"], "param_type": t["param_type"], "format": [fmt[f] for f in t["formats"]],
                     "type": [dtype[d] for d in t["data_types"]]} for t in opdef[kind]]
        assert prototype[0][desc] == expected, kind
    expected_attrs = [{"name": a["name"], "param_type": a["param_type"], "type": a["type"],
                       "default_value": json.dumps(a["default"])} for a in opdef["attrs"]]
    assert prototype[0]["attr"] == expected_attrs


@needs_cann_hook
def test_sim_preset_configures_the_cpu_build(tmp_path):
    build_dir = tmp_path / "build"
    result = subprocess.run([CMAKE, "--preset", "sim", "-B", str(build_dir), f"-DPython3_EXECUTABLE={sys.executable}"],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    assert (build_dir / "build.ninja").exists()
    assert "ASCEND_TOOLCHAIN:STRING=sim" in (build_dir / "CMakeCache.txt").read_text()
    assert "CANN" not in said(result)  # the sim build never looks for CANN


def test_op_host_compiles_as_cxx11_like_cann_op_build():
    """CANN compiles op_host/ into libascend_all_ops.so for op_build with -std=c++11
    -D_GLIBCXX_USE_CXX11_ABI=0 (its generated func.cmake, and compile_ascendc_all_ops_so.py in the
    ASC modules). The sim's own registry headers need C++17 (register/op_def.h holds the sim's
    op registry types, with std::optional and std::variant), so the sources checked here are those
    that use only CANN-named headers the sim keeps C++11-clean: the argument checks and the tiling
    (with the tiling-data macros and the timing table). -pedantic-errors: g++ accepts C++14/17
    constructs in C++11 mode with a pedantic warning only, where other compilers refuse them."""
    compiler = shutil.which("g++") or shutil.which("c++")
    # Every op_host source but the OpDef's (it includes the sim's C++17 registry headers).
    sources = sorted(p.name for p in (ROOT / "op_host").glob("*.cpp") if p.name != "thnn_fused_lstm_cell_backward.cpp")
    assert "lstm_cell_grad_compute_tiling.cpp" in sources and "lstm_cell_grad_tiling_memo.cpp" in sources
    for source in sources:
        result = subprocess.run([compiler, "-std=c++11", "-pedantic-errors", "-D_GLIBCXX_USE_CXX11_ABI=0",
                                 "-fsyntax-only",
                                 f"-I{ROOT}/sim/include", f"-I{ROOT}/op_host", f"-I{ROOT}/op_kernel",
                                 f"-I{ROOT}/sim/include/ascendc_sim/model",  # soc_timing.h, as the CANN flows
                                 str(ROOT / "op_host" / source)], capture_output=True, text=True, timeout=120)
        assert result.returncode == 0, f"{source}:\n{result.stderr}"


def test_kernel_form_of_the_tiling_header_compiles_as_cxx11():
    """The tiling-data header as the kernel translation unit gets it (its plain-struct form)."""
    compiler = shutil.which("g++") or shutil.which("c++")
    result = subprocess.run([compiler, "-std=c++11", "-pedantic-errors", "-fsyntax-only",
                             "-DASCENDC_SIM_KERNEL_TILING", f"-I{ROOT}/sim/include", "-x", "c++", "-include",
                             str(ROOT / "op_host" / "thnn_fused_lstm_cell_backward_tiling.h"), "/dev/null"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


# ---- Without CANN ---------------------------------------------------------------------------

@needs_cann_hook
def test_without_cann_configure_stops_and_says_what_is_missing(tmp_path):
    build_dir = tmp_path / "build"
    result = configure_cann(build_dir, env_without_cann())
    assert result.returncode != 0
    message = said(result)
    for words in ("CANN is missing", "ASCEND_HOME_PATH", "ASCEND_CANN_PACKAGE_PATH", "set_env.sh",
                  "Ascend-cann-toolkit", "Nothing was built"):
        assert words in message, words
    assert not (build_dir / "Makefile").exists()  # stopped at configure, nothing generated
    assert packages_under(build_dir) == []


@needs_cann_hook
def test_a_cann_path_that_does_not_exist_is_named(tmp_path):
    missing = tmp_path / "no" / "such" / "toolkit"
    result = configure_cann(tmp_path / "build", env_without_cann(), f"-DASCEND_CANN_PACKAGE_PATH={missing}")
    assert result.returncode != 0
    assert f"{missing} (from CMake variable ASCEND_CANN_PACKAGE_PATH) does not exist" in said(result)


@needs_cann_hook
def test_an_incomplete_cann_lists_every_missing_component_at_once(tmp_path):
    root = tmp_path / "not_a_toolkit"
    root.mkdir()
    result = configure_cann(tmp_path / "build", env_without_cann(ASCEND_HOME_PATH=str(root)))
    assert result.returncode != 0
    message = said(result)
    assert f"{root}/include/register/op_def_registry.h" in message
    assert f"{root}/tools/opbuild/op_build" in message and "op_build" in message
    assert "asc-config.cmake" in message and f"{root}/python/site-packages/bin/msopgen" in message
    assert packages_under(tmp_path) == []


@needs_cann_hook
def test_cann_root_without_its_environment_asks_for_set_env(tmp_path):
    root = fake_cann_root(tmp_path)
    write_executable(root / "python" / "site-packages" / "bin" / "msopgen", MSOPGEN_FAILING)
    (root.parent / "set_env.sh").write_text("")
    result = configure_cann(tmp_path / "build", env_without_cann(), f"-DASCEND_CANN_PACKAGE_PATH={root}")
    assert result.returncode != 0
    assert "ASCEND_HOME_PATH is not set" in said(result)
    assert f"source {root.parent}/set_env.sh" in said(result)
    assert "stand-in msopgen" not in said(result)  # no CANN tool runs before detection passes


@needs_cann_hook
def test_build_py_package_without_cann_fails_and_builds_nothing(tmp_path):
    if "install-package" not in (ROOT / "build.py").read_text():
        pytest.skip("build.py has no `package` subcommand yet")
    build_dir = tmp_path / "build-cann"
    result = subprocess.run([sys.executable, str(ROOT / "build.py"), "package"], cwd=ROOT, capture_output=True,
                            text=True, timeout=300, env=env_without_cann(ASCEND_CANN_BUILD_DIR=str(build_dir)))
    assert result.returncode != 0
    assert "ASCEND_HOME_PATH" in said(result) and "No package was built" in said(result)
    assert packages_under(build_dir) == []
    installed = subprocess.run([sys.executable, str(ROOT / "build.py"), "install-package"], cwd=ROOT,
                               capture_output=True, text=True, timeout=60,
                               env=env_without_cann(ASCEND_CANN_BUILD_DIR=str(build_dir)))
    assert installed.returncode != 0 and "build.py package" in said(installed)


# ---- A stand-in CANN 8.0 - 8.3 (msopgen flow) ------------------------------------------------

@needs_cann_hook
def test_stand_in_cann_gets_past_detection_and_stops_at_msopgen(tmp_path):
    root = fake_cann_root(tmp_path)
    msopgen = root / "python" / "site-packages" / "bin" / "msopgen"
    write_executable(msopgen, MSOPGEN_FAILING)
    build_dir = tmp_path / "build"
    result = configure_cann(build_dir, env_without_cann(ASCEND_HOME_PATH=str(root)))
    assert result.returncode != 0
    assert f"CANN toolkit: {root}" in said(result) and "Op-project flow: msopgen" in said(result)
    assert "CANN is missing" not in said(result)
    assert f"CANN's msopgen ({msopgen}) failed (3)" in said(result)
    assert "stand-in msopgen: not a real CANN" in said(result)  # the tool's own words are passed on
    assert packages_under(tmp_path) == []


@needs_cann_hook
@pytest.mark.parametrize("build_sh_mode", ["fails", "no_package", "packages"])
def test_stand_in_msopgen_project_gets_our_sources_and_settings(tmp_path, build_sh_mode):
    root = fake_cann_root(tmp_path)
    write_executable(root / "python" / "site-packages" / "bin" / "msopgen", msopgen_generating(build_sh_mode))
    build_dir = tmp_path / "build"
    env = env_without_cann(ASCEND_HOME_PATH=str(root))
    result = configure_cann(build_dir, env)
    assert result.returncode == 0, result.stderr

    project = build_dir / "opp_project"
    call = json.loads((project / "msopgen_call.json").read_text())
    assert call["argv"][call["argv"].index("-c") + 1] == "ai_core-ascend910b"
    assert call["prototype"][0]["op"] == "ThnnFusedLstmCellBackward"
    # msopgen's skeleton sources are replaced by ours, byte for byte; its CMake files stay.
    # The tiling's include of the model's timing table travels beside it.
    assert sorted(p.name for p in (project / "op_host").glob("*.[ch]*")) == sorted(OP_HOST_FILES + ["soc_timing.h"])
    assert sorted(p.name for p in (project / "op_kernel").glob("*.[ch]*")) == OP_KERNEL_FILES
    for name in OP_HOST_FILES:
        assert (project / "op_host" / name).read_bytes() == (ROOT / "op_host" / name).read_bytes()
    assert (project / "op_host" / "soc_timing.h").read_bytes() == SOC_TIMING.read_bytes()
    assert (project / "op_kernel" / "CMakeLists.txt").read_text() == "# CANN's generated file\n"
    variables = json.loads((project / "CMakePresets.json").read_text())["configurePresets"][0]["cacheVariables"]
    assert variables["ASCEND_COMPUTE_UNIT"] == {"type": "STRING", "value": "ascend910b;ascend910_93"}
    assert variables["vendor_name"]["value"] == "lstm_cell_grad"
    assert variables["ASCEND_CANN_PACKAGE_PATH"]["value"] == str(root)
    assert variables["ENABLE_BINARY_PACKAGE"]["value"] == "True"

    stale = build_dir / "custom_opp_from_an_earlier_build.run"
    stale.write_text("")
    built = build_target(build_dir, "package", env)
    assert (project / "build_sh_saw_ascend_home_path.txt").read_text().strip() == str(root)
    if build_sh_mode == "packages":
        assert built.returncode == 0, said(built)
        assert [p.name for p in build_dir.glob("custom_opp_*.run")] == ["custom_opp_standin_x86_64.run"]
    else:
        assert built.returncode != 0
        assert list(build_dir.glob("custom_opp_*.run")) == []
        if build_sh_mode == "no_package":
            assert "left no custom_opp_*.run" in said(built)


# ---- A stand-in CANN 8.5+ (find_package(ASC) flow) -------------------------------------------

@needs_cann_hook
def test_asc_flow_hands_the_op_to_cann_npu_op_functions(tmp_path):
    root = fake_cann_root(tmp_path)
    asc_dir = root / "compiler" / "tikcpp" / "ascendc_kernel_cmake"
    asc_dir.mkdir(parents=True)
    (asc_dir / "asc-config.cmake").write_text(ASC_CONFIG_RECORDING)
    build_dir = tmp_path / "build"
    result = configure_cann(build_dir, env_without_cann(ASCEND_HOME_PATH=str(root)))
    assert result.returncode == 0, result.stderr
    assert "Op-project flow: asc" in said(result)
    calls = recorded_calls(build_dir)

    [package] = calls["npu_op_package"]
    assert package[0] == "lstm_cell_grad" and option(package, "TYPE") == ["RUN"]
    assert option(package, "ENABLE_BINARY_PACKAGE") == ["True"]
    assert option(package, "INSTALL_PATH") == [f"{build_dir}/"]
    [codegen] = calls["npu_op_code_gen"]
    host_sources = sorted(str(p) for p in (ROOT / "op_host").glob("*.cpp"))
    assert sorted(option(codegen, "SRC")) == host_sources
    assert option(codegen, "PACKAGE") == ["lstm_cell_grad"]
    assert f"-I{ROOT}/op_kernel" in codegen  # op_host includes op_kernel/lstm_cell_grad_layout.h
    libraries = {args[0]: args[1] for args in calls["npu_op_library"]}
    assert libraries == {"cust_opapi": "ACLNN", "cust_op_proto": "GRAPH", "cust_optiling": "TILING"}
    [sources] = calls["npu_op_kernel_sources"]
    assert sources[0] == "ascendc_kernels"
    assert option(sources, "OP_TYPE") == ["ThnnFusedLstmCellBackward"]
    assert option(sources, "KERNEL_FILE") == ["thnn_fused_lstm_cell_backward.cpp"]
    [kernel] = calls["npu_op_kernel_library"]
    assert option(kernel, "SRC_BASE") == [f"{ROOT}/op_kernel/"]
    assert option(kernel, "TILING_LIBRARY") == ["cust_optiling"]
    packaged = {lib for args in calls["npu_op_package_add"] for lib in option(args, "LIBRARY")}
    assert packaged == {"cust_opapi", "cust_op_proto", "cust_optiling", "ascendc_kernels"}
    assert packages_under(build_dir) == []


@needs_cann_hook
def test_asc_package_without_npu_op_functions_is_reported(tmp_path):
    root = fake_cann_root(tmp_path)
    asc_dir = root / "compiler" / "tikcpp" / "ascendc_kernel_cmake"
    asc_dir.mkdir(parents=True)
    (asc_dir / "asc-config.cmake").write_text("# an ASC package without the op-project functions\n")
    result = configure_cann(tmp_path / "build", env_without_cann(ASCEND_HOME_PATH=str(root)))
    assert result.returncode != 0
    assert f"CANN's ASC CMake package ({asc_dir}) does not define npu_op_package" in said(result)
    assert "-DASCEND_OPP_FLOW=msopgen" in said(result)
