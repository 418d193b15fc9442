"""The PyTorch adapter's tests: framework/torch_cpu on sys.path (tests/conftest.py adds python/)."""
import pathlib
import sys

FRAMEWORK = pathlib.Path(__file__).resolve().parents[2] / "framework"
for extra in (FRAMEWORK / "torch_cpu", pathlib.Path(__file__).resolve().parent):
    if str(extra) not in sys.path:
        sys.path.insert(0, str(extra))
