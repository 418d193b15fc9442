"""Shared pytest set-up: the build's Python modules on sys.path and the sim test-hook fixture."""
import os
import pathlib
import sys

import pytest

from build_support import BUILD, ROOT

# LSTM_CELL_GRAD_PACKAGE_DIR: where lstm_cell_grad is imported from instead of python/ (the
# sanitized build's package, `build.py test --sanitize`).
PACKAGE_DIR = pathlib.Path(os.environ.get("LSTM_CELL_GRAD_PACKAGE_DIR", ROOT / "python"))
for extra in (BUILD / "python_tests", PACKAGE_DIR):
    if extra.is_dir() and str(extra) not in sys.path:
        sys.path.insert(0, str(extra))


@pytest.fixture
def simtest():
    """The _simtest module, with check severities reset around each test."""
    import _simtest
    _simtest.reset_severities()
    yield _simtest
    _simtest.reset_severities()
