"""Shared pytest set-up: the package (or the sanitized build's copy of it) on sys.path."""
import os
import pathlib
import sys

from tests.build_support import BUILD, ROOT

# LSTM_CELL_GRAD_PACKAGE_DIR: where lstm_cell_grad is imported from instead of python/ (the
# sanitized build's package, `build.py test --sanitize`).
PACKAGE_DIR = pathlib.Path(os.environ.get("LSTM_CELL_GRAD_PACKAGE_DIR", ROOT / "python"))
# op_test_modules: the op's test-only modules (tests/aclnn/hooks, tests/op_kernel/debug). Not
# python_tests, where builds from before the sim's tests moved into sim/tests keep a stale _simtest.
for extra in (BUILD / "op_test_modules", PACKAGE_DIR):
    if extra.is_dir() and str(extra) not in sys.path:
        sys.path.insert(0, str(extra))
