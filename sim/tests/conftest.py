"""The sim's tests: the _simtest module (sim/tests/ext) on sys.path and its fixture."""
import sys

import pytest

from sim.tests.sim_build import SIM_BUILD

SIMTEST_DIR = SIM_BUILD / "tests" / "ext"
if str(SIMTEST_DIR) not in sys.path:
    sys.path.insert(0, str(SIMTEST_DIR))


@pytest.fixture
def simtest():
    """The _simtest module, with check severities reset around each test."""
    import _simtest
    _simtest.reset_severities()
    yield _simtest
    _simtest.reset_severities()
