"""The examples in the dab modules' docstrings run."""

from __future__ import annotations

import doctest

import pytest

import pseudonymizer.dab
import pseudonymizer.dab.labelstudio
import pseudonymizer.dab.tab


@pytest.mark.parametrize("module", [pseudonymizer.dab, pseudonymizer.dab.labelstudio,
                                    pseudonymizer.dab.tab])
def test_doctests(module) -> None:
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
