"""What the journal export tests share: the `tally` binary under test, and the rule that a
missing prerequisite skips a test locally but fails it under CI=true."""
import os

import pytest


def require(condition, why):
    """Skips (or, under CI=true, fails) the test when `condition` does not hold."""
    if condition:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(f"{why} (CI=true, so this is not skipped)")
    pytest.skip(why)


@pytest.fixture(scope="module")
def tally_bin():
    """The binary under test, from TALLY_BIN."""
    binary = os.environ.get("TALLY_BIN")
    require(bool(binary), "TALLY_BIN is not set: build `tally` and point TALLY_BIN at it")
    return binary
