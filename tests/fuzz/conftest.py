"""The op tests' float64 references (tests/op/reference.py) for the fuzz properties."""
import pathlib
import sys

OP_TESTS = str(pathlib.Path(__file__).resolve().parents[1] / "op")
if OP_TESTS not in sys.path:
    sys.path.insert(0, OP_TESTS)
