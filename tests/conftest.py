"""Shared pytest set-up: the build's Python modules on sys.path and the sim test-hook fixture."""
import sys

import pytest

from build_support import BUILD, ROOT

for extra in (BUILD / "python_tests", ROOT / "python"):
    if extra.is_dir() and str(extra) not in sys.path:
        sys.path.insert(0, str(extra))


@pytest.fixture
def simtest():
    """The _simtest module, with check severities reset around each test."""
    import _simtest
    _simtest.reset_severities()
    yield _simtest
    _simtest.reset_severities()
