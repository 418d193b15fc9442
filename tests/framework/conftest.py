"""The PyTorch subpackage's tests (lstm_cell_grad.torch): this directory on sys.path for
fw_reference (tests/conftest.py adds python/)."""
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
