"""build.py's command line: what `build.py test` hands to pytest."""
import importlib.util

import pytest

from tests.build_support import ROOT
spec = importlib.util.spec_from_file_location("build_py", ROOT / "build.py")
build_py = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build_py)


@pytest.mark.parametrize("args,chosen", [
    ([], False),
    (["-k", "traffic", "-x"], False),
    (["-k", "tests"], False),                      # a -k expression that happens to name a folder
    (["tests/op_kernel", "-k", "traffic", "-x"], True),
    (["-x", "tests/op_kernel/test_gm_traffic.py::test_traffic_ratio"], True),
    (["-m", "not slow", "-q"], False),
])
def test_paths_replace_the_whole_suite_only_when_given(args, chosen):
    assert build_py.names_test_paths(args) is chosen


def test_test_forwards_unknown_options_and_other_commands_refuse_them(monkeypatch):
    seen = {}
    monkeypatch.setattr(build_py, "cmd_test", lambda a: seen.update(vars(a)))
    build_py.main(["test", "tests/op_kernel", "-k", "traffic", "-x", "--quick"])
    assert seen["pytest_args"] == ["tests/op_kernel", "-k", "traffic", "-x"] and seen["quick"]
    with pytest.raises(SystemExit):
        build_py.main(["run", "-k", "traffic"])
