"""CANN graph mode: the op's InferShape and InferDataType (registered with the OpDef, as the
msopgen template does) run by the sim as GE would for a node of the op: the shapes and dtypes
inferred for every valid input set, and failures for invalid ones."""
import itertools
import subprocess

import pytest

from tests.build_support import build_path

DT_FLOAT, DT_FLOAT16, DT_DOUBLE, DT_INT32, DT_BF16 = 0, 1, 11, 3, 27


@pytest.fixture(scope="module")
def infer():
    """Sends request lines to the inference program; returns its answer lines."""
    program = build_path("tests", "op_host", "graph_mode", "op_infer")

    def ask(*requests):
        result = subprocess.run([str(program)], input="".join(r + "\n" for r in requests), capture_output=True,
                                text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return result.stdout.splitlines()
    return ask


def shape_request(*shapes):
    return "shape " + " ".join("-" if s is None else (",".join(map(str, s)) or "[]") for s in shapes)


def dtype_request(*dtypes):
    return "dtype " + " ".join("-" if d is None else str(d) for d in dtypes)


SIZES = [(1, 1), (4, 16), (0, 8), (333, 1023), (-1, 16), (7, -1)]  # -1: a dynamic-shape graph's unknown dim


def test_shapes_for_every_valid_input_set(infer):
    requests, expected = [], []
    for (batch, hidden), grad_hy, grad_c in itertools.product(SIZES, (True, False), (True, False)):
        gates = -1 if hidden < 0 else 4 * hidden
        bh = (batch, hidden)
        requests.append(shape_request(bh if grad_hy else None, bh if grad_c else None, bh, bh, (batch, gates)))
        expected.append(f"ok {batch},{gates} {batch},{hidden} {gates}")
    assert infer(*requests) == expected


@pytest.mark.parametrize("dtype", [DT_FLOAT, DT_FLOAT16, DT_BF16])
def test_dtypes_for_every_valid_input_set(infer, dtype):
    requests = [dtype_request(dtype if grad_hy else None, dtype if grad_c else None, dtype, dtype, dtype)
                for grad_hy, grad_c in itertools.product((True, False), (True, False))]
    assert infer(*requests) == [f"ok {dtype} {dtype} {dtype}"] * 4


INVALID_SHAPES = {
    "storage not [B, 4H]": ((4, 16), (4, 16), (4, 16), (4, 16), (4, 63)),
    "cy of another batch": (None, None, (4, 16), (5, 16), (4, 64)),
    "gradHy of another hidden size": ((4, 15), None, (4, 16), (4, 16), (4, 64)),
    "gradC of rank 1": (None, (16,), (4, 16), (4, 16), (4, 64)),
    "cx of rank 3": (None, None, (2, 4, 16), (4, 16), (4, 64)),
    "cx a scalar": (None, None, (), (4, 16), (4, 64)),
}


@pytest.mark.parametrize("case", INVALID_SHAPES)
def test_invalid_shapes_fail(infer, case):
    [answer] = infer(shape_request(*INVALID_SHAPES[case]))
    assert answer.startswith("error ThnnFusedLstmCellBackward: InferShape failed with status 4294967295"), answer


INVALID_DTYPES = {
    "float64": (None, None, DT_DOUBLE, DT_DOUBLE, DT_DOUBLE),
    "int32 gradient": (DT_INT32, None, DT_FLOAT, DT_FLOAT, DT_FLOAT),
    "mixed float32 and float16": (DT_FLOAT16, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT),
    "bfloat16 storage with float16": (None, None, DT_FLOAT16, DT_FLOAT16, DT_BF16),
}


@pytest.mark.parametrize("case", INVALID_DTYPES)
def test_invalid_dtypes_fail(infer, case):
    [answer] = infer(dtype_request(*INVALID_DTYPES[case]))
    assert answer.startswith("error ThnnFusedLstmCellBackward: InferDataType failed with status 4294967295"), answer


def test_a_node_must_match_the_opdef(infer):
    missing_cx, too_few = infer(shape_request((4, 16), None, None, (4, 16), (4, 64)),
                                shape_request(None, (4, 16), (4, 16), (4, 64)))
    assert missing_cx == "error ThnnFusedLstmCellBackward: input 'cx' is REQUIRED but absent"
    assert too_few == "error ThnnFusedLstmCellBackward: 4 inputs given, the OpDef declares 5"
