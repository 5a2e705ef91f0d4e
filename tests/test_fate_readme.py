"""The README's "Fate scenes" example is real output: run it and compare."""

from readme_kit import python_example


def test_readme_fate_example_output():
    printed, shown = python_example("Fate scenes")
    assert printed == shown

