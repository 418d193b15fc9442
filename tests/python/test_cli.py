"""python -m lstm_cell_grad: example, check, plan, socs (output and exit codes)."""
import os
import pathlib
import subprocess
import sys

import pytest

import lstm_cell_grad as lcg
from lstm_cell_grad import __main__ as cli

PYTHON_DIR = pathlib.Path(lcg.__file__).resolve().parents[1]


def run_cli(*args, env=None):
    full_env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(PYTHON_DIR), os.environ.get("PYTHONPATH", "")]))
    full_env.update(env or {})
    return subprocess.run([sys.executable, "-m", "lstm_cell_grad", *map(str, args)], capture_output=True,
                          text=True, env=full_env, timeout=300)


def test_example_prints_what_the_cpp_example_prints():
    result = run_cli("example")
    assert result.returncode == 0, result.stderr
    expected = ([f"result dgates[{i}] is: 0.000000" for i in range(32)] +
                [f"result db[{i}] is: 0.000000" for i in range(32)] +
                [f"result dcPrev[{i}] is: 1.419974" for i in range(8)])
    assert result.stdout.splitlines() == expected


@pytest.mark.parametrize("options", [
    [], ["--dtype", "float16", "--batch", "130", "--hidden", "17"],
    ["--no-bias", "--no-grad-hy", "--soc", "Ascend910B4", "--cores", "7"], ["--no-grad-c", "--cores", "1"],
    ["--dtype", "bfloat16", "--batch", "300", "--hidden", "33"],
])
def test_check_passes(options):
    result = run_cli("check", *options)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[-1] == "PASS"
    names = ["gradGates", "gradCx"] + ([] if "--no-bias" in options else ["gradBias"])
    for name in names:
        line = next(line for line in lines if line.strip().startswith(name))
        assert "max abs" in line and "max rel" in line and "tolerance:" in line and line.endswith("ok")
    assert ("max ulps" in result.stdout) == ("float16" in options or "bfloat16" in options)


def test_check_fails_past_tolerance(monkeypatch, capsys):
    # The op made one element wrong by 1e-4 relative: past float32's 1e-5.
    real = cli.thnn_fused_lstm_cell_backward

    def slightly_wrong(*args, **kwargs):
        gates, grad_cx, grad_bias = real(*args, **kwargs)
        grad_cx[0, 0] *= 1 + 1e-4
        return gates, grad_cx, grad_bias

    monkeypatch.setattr(cli, "thnn_fused_lstm_cell_backward", slightly_wrong)
    assert cli.main(["check", "--batch", "4", "--hidden", "8"]) == cli.EXIT_TOLERANCE
    out = capsys.readouterr().out
    assert "gradCx" in out and "FAIL (1 of 32 elements)" in out and out.splitlines()[-1].startswith("FAIL")


def test_check_fails_bfloat16_past_half_an_ulp(monkeypatch, capsys):
    real = cli.thnn_fused_lstm_cell_backward

    def three_ulps_off(*args, **kwargs):
        gates, grad_cx, grad_bias = real(*args, **kwargs)
        grad_cx[0, 0] = grad_cx[0, 0] * 1.03  # bfloat16 ulps are at most 2^-7 relative
        return gates, grad_cx, grad_bias

    monkeypatch.setattr(cli, "thnn_fused_lstm_cell_backward", three_ulps_off)
    assert cli.main(["check", "--batch", "4", "--hidden", "8", "--dtype", "bfloat16"]) == cli.EXIT_TOLERANCE
    out = capsys.readouterr().out
    assert "0.5 ulp of bfloat16" in out and "FAIL (1 of 32 elements)" in out


def test_check_reports_api_errors_with_exit_2():
    result = run_cli("check", "--soc", "Ascend310")
    assert result.returncode == cli.EXIT_API_ERROR
    assert "unknown SoC 'Ascend310'" in result.stderr


def test_plan_prints_the_table():
    result = run_cli("plan", "--batch", "1000", "--hidden", "300", "--dtype", "float16", "--soc", "Ascend910B4",
                     "--cores", "7")
    assert result.returncode == 0, result.stderr
    plan = lcg.plan(1000, 300, "float16", soc="Ascend910B4", num_cores=7)
    assert result.stdout.strip() == str(plan)
    assert f"block dim      {plan.block_dim} of 7 AIV cores" in result.stdout


def test_socs_lists_every_soc_with_its_source():
    result = run_cli("socs")
    assert result.returncode == 0
    for soc in lcg.socs():
        assert soc.name in result.stdout and soc.source in result.stdout


def test_default_soc_comes_from_the_environment():
    result = run_cli("plan", "--batch", "64", "--hidden", "64", env={"ASCEND_SIM_SOC": "Ascend910B3"})
    assert result.returncode == 0 and "on Ascend910B3" in result.stdout
    assert "of 40 AIV cores" in result.stdout


def test_usage_errors_exit_2():
    assert run_cli().returncode == 2
    assert run_cli("check", "--dtype", "float64").returncode == 2


@pytest.mark.parametrize("argv,option", [
    (["tune", "--max-trials", "0"], "--max-trials"),
    (["tune", "--max-trials", "-5"], "--max-trials"),
    (["tune", "--cores", "0"], "--cores"),
    (["tune", "--soc", "junk"], "--soc"),
    (["check", "--seed", "-1"], "--seed"),
    (["check", "--batch", "-1"], "--batch"),
    (["plan", "--batch", str(2 ** 70)], "--batch"),
    (["plan", "--cores", str(2 ** 32)], "--cores"),
    (["profile", "--tile-rows", str(2 ** 33)], "--tile-rows"),
    (["bench", "--sim", "--rounds", "0"], "--rounds"),
])
def test_bad_option_values_are_usage_errors_naming_the_option(capsys, argv, option):
    with pytest.raises(SystemExit) as caught:
        cli.main(argv)
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert f"argument {option}:" in err and "Traceback" not in err, err


@pytest.mark.parametrize("flag", ["--trace", "--plot"])
def test_unwritable_output_file_is_an_error_not_a_traceback(capsys, tmp_path, flag):
    target = tmp_path / "missing-dir" / "out.file"
    status = cli.main(["profile", "--batch", "8", "--hidden", "8", flag, str(target)])
    err = capsys.readouterr().err
    assert status in (cli.EXIT_FAILURE, cli.EXIT_API_ERROR) and "error:" in err, err
    if status == cli.EXIT_FAILURE:  # (--plot without matplotlib says so instead, exit 2)
        assert str(target) in err and "No such file or directory" in err


def test_more_memory_than_there_is_is_an_error_with_exit_1():
    result = run_cli("check", "--batch", "3000000", "--hidden", "3000")
    assert result.returncode == cli.EXIT_FAILURE, result.stderr
    assert "Traceback" not in result.stderr and "not enough memory for batch 3000000, hidden 3000" in result.stderr


def test_a_closed_pipe_ends_the_cli_quietly():
    """`python -m lstm_cell_grad ... | head`: the reader gone, no BrokenPipeError report."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(PYTHON_DIR), os.environ.get("PYTHONPATH", "")]))
    process = subprocess.Popen([sys.executable, "-m", "lstm_cell_grad", "example"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=env)
    process.stdout.close()  # before the child (still importing) writes anything
    _, err = process.communicate(timeout=300)
    assert process.returncode == cli.EXIT_FAILURE and b"BrokenPipeError" not in err and not err.strip(), err
