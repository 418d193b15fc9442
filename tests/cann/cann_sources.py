"""Checkouts of CANN's open-source repositories, for the checks that compare the project with
CANN's own sources. CANN_SOURCES_DIR names a directory holding one checkout per repository,
each under the repository's name (ops-nn, metadef, asc-devkit, ...). CANN's code is read from
there when a test runs and is never copied into the project (its license does not allow it);
without the variable, or without the checkout a test needs, the test is skipped and says why."""
import os
import pathlib

import pytest

CANN_SOURCES_ENV = "CANN_SOURCES_DIR"


def cann_checkout(repository: str) -> pathlib.Path:
    """The checkout of `repository` (e.g. "ops-nn"), or a skip naming what is missing."""
    root = os.environ.get(CANN_SOURCES_ENV)
    if not root:
        pytest.skip(f"{CANN_SOURCES_ENV} is not set: point it at a directory holding a checkout of "
                    f"{repository} (github.com/hicann/{repository}) to run this check")
    path = pathlib.Path(root) / repository
    if not path.is_dir():
        pytest.skip(f"{CANN_SOURCES_ENV}={root} holds no {repository} checkout ({path} is missing)")
    return path
