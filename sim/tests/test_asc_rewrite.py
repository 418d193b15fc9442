"""The `<<<>>>` rewriter of .asc sources (sim/tools/asc/asc_rewrite.py): launches found and
rewritten in code only, callees with templates and namespaces, nested brackets in the
configuration and the arguments, comments and literals left alone, line numbers kept."""
import pathlib
import subprocess
import sys

import pytest

TOOLS = pathlib.Path(__file__).resolve().parents[1] / "tools" / "asc"
sys.path.insert(0, str(TOOLS))
import asc_rewrite as rw  # noqa: E402


def launches(text):
    return [(l.callee, l.config, l.arguments, l.line) for l in rw.find_launches(text)]


def body(text):
    """The rewritten text without the two header lines."""
    out = rw.rewrite(text, "k.asc")
    head = '#include "cpu_debug_launch.h"\n#line 1 "k.asc"\n'
    assert out.startswith(head)
    return out[len(head):]


def test_plain_launch():
    assert launches("k<<<8, 0, s>>>(x, y);") == [("k", ["8", "0", "s"], ["x", "y"], 1)]


def test_template_callee_with_nested_angle_brackets_and_namespace():
    text = "  ns::inner::k<T, Pair<int, float>, (N > 2)><<<n, nullptr, st>>>(a);"
    assert launches(text) == [("ns::inner::k<T, Pair<int, float>, (N > 2)>", ["n", "nullptr", "st"], ["a"], 1)]


def test_global_namespace_callee():
    assert launches("::k<<<1, 0>>>();")[0][0] == "::k"


def test_callee_template_arguments_across_lines():
    text = "k<M, N,\n  K><<<blocks, 0, stream>>>(a, b);\n"
    assert launches(text) == [("k<M, N, K>", ["blocks", "0", "stream"], ["a", "b"], 2)]


def test_nested_parentheses_and_calls_in_config_and_arguments():
    text = "k<<<std::min(a, b), 0, s>>>(f(x, g(y, z)), (uint8_t*)(p), arr[i, j], Tiling{1, 2});"
    (callee, config, args, _), = launches(text)
    assert config == ["std::min(a, b)", "0", "s"]
    assert args == ["f(x, g(y, z))", "(uint8_t*)(p)", "arr[i, j]", "Tiling{1, 2}"]


def test_two_argument_and_simt_configurations():
    assert launches("k<<<4, 0>>>(x);")[0][1] == ["4", "0"]
    assert launches("k<<<4, 128, 0, s>>>(x);")[0][1] == ["4", "128", "0", "s"]


def test_launch_in_comments_strings_and_directives_is_left_alone():
    text = ('// k<<<1, 0, s>>>(x);\n'
            '/* k<<<1, 0, s>>>(x); */\n'
            'const char* a = "k<<<1, 0, s>>>(x)";\n'
            "const char* b = R\"(k<<<1, 0, s>>>(x))\";\n"
            '#define LAUNCH k<<<1, 0, s>>>(x)\n'
            'char c = \'<\';\n')
    assert launches(text) == []
    assert body(text) == text


def test_strings_with_commas_and_parentheses_in_arguments():
    (_, _, args, _), = launches('k<<<1, 0, s>>>(name(")", ","), \'(\', x);')
    assert args == ['name(")", ",")', "'('", "x"]


def test_comments_inside_a_launch_are_dropped_from_the_texts():
    (callee, config, args, _), = launches("k /* kernel */ <<<8, /* l2 */ 0, s>>>(x, // first\n y);")
    assert callee == "k" and config == ["8", "0", "s"] and args == ["x", "y"]


def test_rewritten_call_and_line_numbers_kept():
    text = "int a;\nk<T><<<8, 0,\n  s>>>(x,\n y);\nint b = __LINE__;\n"
    out = body(text)
    assert out.count("\n") == text.count("\n")
    lines = out.splitlines()
    assert lines[0] == "int a;" and lines[4] == "int b = __LINE__;"
    assert lines[1] == ('::sim::asc::ChevronLaunch(::sim::asc::ChevronSite{"k<T>", "x\\ny", __FILE__, __LINE__}, '
                        '::sim::asc::ChevronConfig(8, 0, s), [](auto... a) { k<T>(a...); }, x, y)')
    assert lines[2] == "" and lines[3] == ";"  # the statement's end stays where it was


def test_launch_without_arguments():
    assert "[](auto... a) { k(a...); })" in body("k<<<1, 0, s>>>();")


def test_several_launches_and_shift_operators():
    text = "x = a >> 2; y = b << 3;\nk1<<<1, 0, s>>>(a);\nk2<2><<<n, 0, s>>>(v >> 1);\n"
    assert [(c, l) for c, _, _, l in launches(text)] == [("k1", 2), ("k2<2>", 3)]
    assert launches(text)[1][2] == ["v >> 1"]


def test_digit_separators_are_not_character_literals():
    assert launches("int n = 1'000; k<<<1, 0, s>>>(n);")[0][2] == ["n"]


@pytest.mark.parametrize("text, message", [
    ("<<<1, 0, s>>>(x);", "does not follow a kernel name"),
    ("k<<<1, 0, s(x);", "without a closing '>>>'"),
    ("k<<<1>>>(x);", "takes 2 to 4 arguments"),
    ("k<<<1, 2, 3, 4, 5>>>(x);", "takes 2 to 4 arguments"),
    ("k<<<1, 0, s>>>;", "not followed by the kernel's argument list"),
    ("k<<<1, 0, s>>>(x;", "never closed"),
    ("k<T>><<<1, 0, s>>>(x);", "unbalanced template arguments"),
])
def test_malformed_launches_are_named(text, message):
    with pytest.raises(rw.RewriteError, match=message):
        rw.find_launches(text)


def test_command_line_writes_output_and_reports_errors(tmp_path):
    source = tmp_path / "k.asc"
    source.write_text("k<<<1, 0, s>>>(x);\n")
    target = tmp_path / "out" / "k.cpp"
    done = subprocess.run([sys.executable, TOOLS / "asc_rewrite.py", source, target], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert f'#line 1 "{source.resolve()}"' in target.read_text() and "ChevronLaunch" in target.read_text()
    source.write_text("k<<<1, 0, s>>>(x;\n")
    failed = subprocess.run([sys.executable, TOOLS / "asc_rewrite.py", source, target], capture_output=True, text=True)
    assert failed.returncode == 1 and "k.asc:line 1" in failed.stderr and "never closed" in failed.stderr
    missing = subprocess.run([sys.executable, TOOLS / "asc_rewrite.py", tmp_path / "no.asc", target],
                             capture_output=True, text=True)
    assert missing.returncode == 1 and "cannot read INPUT" in missing.stderr
