"""The sim's host API: op registry, tiling data layout, tiling context, PlatformAscendC, opdef_dump.

The checks live in the C++ programs of sim/tests/host (each exits non-zero and names the
failed CHECK); this file runs them, drives the environment-variable cases, and validates
the registry JSON the aclnn code generator consumes.
"""
import json

import pytest

from sim.tests.sim_build import build_path, run_program

HOST = ("tests", "host")


def host_program(name):
    return build_path(*HOST, name)


def run_checks(name, *args, env=None):
    result = run_program(host_program(name), *args, env=env)
    assert result.returncode == 0, f"{name} failed:\n{result.stdout}\n{result.stderr}"
    assert "all checks passed" in result.stdout
    return result


def registry_json(program, *args):
    result = run_program(host_program(program), *args)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def op_named(registry, op_type):
    matches = [op for op in registry["ops"] if op["op_type"] == op_type]
    assert len(matches) == 1, f"{op_type} not in {[op['op_type'] for op in registry['ops']]}"
    return matches[0]


@pytest.mark.parametrize("program", ["test_op_registry", "test_tiling_data", "test_tiling_context",
                                     "test_platform", "test_infer"])
def test_host_api_checks(program):
    run_checks(program)


@pytest.mark.parametrize("mode", ["assign-temporary", "copy"])
def test_copied_tiling_data_is_caught(mode):
    """The host tiling class owns its buffer as CANN's does: a copy double-frees (glibc
    aborts) or writes freed memory (ASan reports), in a child process."""
    result = run_program(host_program("tiling_copy_abuse"), mode, timeout=60)
    assert result.returncode != 0, f"the copy went unnoticed:\n{result.stdout}{result.stderr}"
    assert "went unnoticed" not in result.stdout
    assert any(text in result.stderr for text in ("double free", "AddressSanitizer")), result.stderr


def test_registry_json_reports_the_declared_op():
    op = op_named(registry_json("test_op_registry", "--json"), "SimTestRegistryOp")
    assert [(p["name"], p["param_type"]) for p in op["inputs"]] == [
        ("x", "required"), ("bias", "optional"), ("extras", "dynamic")]
    x = op["inputs"][0]
    assert x["data_types"] == ["DT_FLOAT", "DT_FLOAT16", "DT_BF16"]
    assert x["data_type_values"] == [0, 1, 27]
    assert x["format_values"] == [2, 2, 2]
    assert x["value_depend"] is True
    assert op["inputs"][2]["data_type_list"] is True
    assert [(o["name"], o["param_type"]) for o in op["outputs"]] == [("y", "required")]
    assert [(a["name"], a["param_type"], a["type"], a["default"]) for a in op["attrs"]] == [
        ("has_bias", "optional", "bool", True),
        ("scale", "optional", "float", 0.25),
        ("mode", "required", "int", None),
        ("tag", "optional", "string", "fwd"),
        ("axes", "optional", "list_int", [1, -1]),
    ]
    configs = op["aicore"]["configs"]
    assert [c["soc"] for c in configs] == ["ascend910b", "ascend910_93"]
    assert configs[0]["has_config"] is False and configs[0]["flags"] == {}
    assert configs[1]["flags"] == {"dynamic_compile_static": True, "dynamic_rank_support": False}
    assert configs[1]["extend_cfg_info"] == {"opFile.value": "sim_test"}
    assert op["tiling"] == {"registered": True, "source": "op_def", "conflict": False,
                            "max_tiling_data_size": 0, "tiling_parse": False}
    assert op["errors"] == []


def test_registry_json_flags_bad_definitions_and_conflicts():
    registry = registry_json("test_op_registry", "--json")
    assert len(op_named(registry, "SimTestBadOp")["errors"]) == 3
    assert op_named(registry, "SimTestTwoTilingsOp")["tiling"]["conflict"] is True
    impl_only = op_named(registry, "SimTestImplOnlyOp")
    assert impl_only["has_op_def"] is False
    assert impl_only["tiling"]["source"] == "impl_op"
    assert impl_only["tiling"]["max_tiling_data_size"] == 1024


@pytest.mark.parametrize("soc,cap", [("Ascend910B4", "7"), ("Ascend910_93", "0"), ("Ascend910B3", "64"),
                                     ("Ascend910B2", "")])
def test_platform_follows_environment(soc, cap):
    env = {"ASCEND_SIM_SOC": soc, "ASCEND_SIM_MAX_CORES": cap}
    run_checks("test_platform", "--expect-env", soc, cap or "0", env=env)


def test_platform_environment_is_really_read():
    # The same expectation without the variables must fail: the check is not vacuous.
    env = {"ASCEND_SIM_SOC": "Ascend910B1", "ASCEND_SIM_MAX_CORES": ""}
    result = run_program(host_program("test_platform"), "--expect-env", "Ascend910B4", "7", env=env)
    assert result.returncode != 0


EXPECTED_DUMP_OPS = ["SimTestDumpImplOp", "SimTestDumpOp"]


@pytest.mark.parametrize("program,args", [
    ("sim_test_opdef_dump_shared", ()),
    ("sim_test_opdef_dump_static", ()),
    ("sim_test_opdef_dump_plain", ("--load",)),
])
def test_opdef_dump_sees_the_linked_op_host(program, args):
    if args:
        args = (*args, host_program("libsim_test_fake_op_host.so"))
    registry = registry_json(program, *args)
    assert [op["op_type"] for op in registry["ops"]] == EXPECTED_DUMP_OPS
    op = op_named(registry, "SimTestDumpOp")
    assert [(p["name"], p["param_type"]) for p in op["inputs"]] == [("gradHy", "optional"), ("cx", "required")]
    assert [(a["name"], a["type"]) for a in op["attrs"]] == [("hasBias", "bool"), ("eps", "float")]
    assert op["attrs"][0]["default"] is False
    assert op["attrs"][1]["default"] == pytest.approx(1e-5)
    assert [c["soc"] for c in op["aicore"]["configs"]] == ["ascend910b", "ascend910_93"]
    assert op["aicore"]["configs"][1]["flags"] == {"dynamic_shape_support": True}
    assert op["tiling"]["source"] == "op_def"
    assert op_named(registry, "SimTestDumpImplOp")["has_op_def"] is False
    assert registry["tiling_data_classes"] == [
        {"op_type": "SimTestDumpOp", "class": "SimTestDumpTiling", "bytes": 16}]


def test_opdef_json_build_rule_matches_the_tool():
    written = json.loads(host_program("sim_test_fake_op_host.json").read_text())
    assert written == registry_json("sim_test_opdef_dump_shared")


def test_opdef_dump_require():
    tool = host_program("sim_test_opdef_dump_shared")
    assert run_program(tool, "--require", "SimTestDumpOp").returncode == 0
    missing = run_program(tool, "--require", "SimTestDumpImplOp")  # a tiling only, no OpDef
    assert missing.returncode == 2
    assert "no OpDef is registered for SimTestDumpImplOp" in missing.stderr
    assert run_program(host_program("sim_test_opdef_dump_plain")).returncode == 0
