"""The C++ example of this op's aclnn API page in CANN ops-nn
(rnn/thnn_fused_lstm_cell_grad/docs/aclnnThnnFusedLstmCellBackward.md, section 调用示例) is a
whole host program: ACL runtime, device buffers, aclTensor descriptors, the two aclnn phases,
copies back, teardown. Taken from an ops-nn checkout at run time (CANN_SOURCES_DIR, see
cann_sources.py), it must compile with `build.py flags` and run against the sim unchanged, and
print what the op computes for its inputs (every input 1.0, batch 1, hidden 8)."""
import math
import re
import subprocess

from tests.build_support import host_program_flags
from tests.cann.cann_sources import cann_checkout

API_PAGE = "rnn/thnn_fused_lstm_cell_grad/docs/aclnnThnnFusedLstmCellBackward.md"


def example_source(page: str) -> str:
    """The page's one C++ block that has a main()."""
    blocks = re.findall(r"```[Cc]pp\n(.*?)```", page, flags=re.S)
    programs = [b for b in blocks if re.search(r"\bint main\s*\(", b)]
    assert len(programs) == 1, f"expected one C++ program on the page, found {len(programs)}"
    return programs[0]


def test_example_source_is_found_on_a_page():
    page = "text\n```Cpp\nint f();\n```\n```cpp\n#include <x>\nint main() { return 0; }\n```\n"
    assert example_source(page) == "#include <x>\nint main() { return 0; }\n"


def test_ops_nn_api_page_example_runs_unchanged(tmp_path):
    page = (cann_checkout("ops-nn") / API_PAGE).read_text(encoding="utf-8")
    source = tmp_path / "example.cpp"
    source.write_text(example_source(page), encoding="utf-8")
    flags = host_program_flags()
    binary = tmp_path / "example"
    subprocess.run(["g++", str(source), "-o", str(binary), *flags], check=True)
    result = subprocess.run([str(binary)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert not [line for line in lines if "failed" in line.lower()], result.stdout
    # Every gate is 1: each gate derivative has a factor 1 - 1 or 1 - 1^2, so gradGates and
    # gradBias are 0; gradCx = f * (dhy * o * (1 - tanh(1)^2) + dc).
    grad_cx = 1.0 * (1.0 * 1.0 * (1.0 - math.tanh(1.0) ** 2) + 1.0)
    expected = {"dgates": (32, 0.0), "db": (32, 0.0), "dcPrev": (8, grad_cx)}
    for name, (count, value) in expected.items():
        printed = [float(m.group(1)) for line in lines
                   if (m := re.fullmatch(rf"result {name}\[\d+\] is: (\S+)", line))]
        assert len(printed) == count, result.stdout
        assert all(abs(v - value) <= 1e-6 for v in printed), (name, printed)
