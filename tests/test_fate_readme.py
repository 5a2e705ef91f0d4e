"""The "Fate scenes" page's example (``docs/fate-scenes.md``) is real output: run it and compare."""

from docs_kit import python_example


def test_readme_fate_example_output():
    printed, shown = python_example("docs/fate-scenes.md", "Fate scenes")
    assert printed == shown
