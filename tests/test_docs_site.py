"""The manual builds: ``mkdocs build --strict`` on ``mkdocs.yml`` with no warning, broken links and anchors
included; Mermaid diagrams come out as diagrams; the command-line reference (``docs/hooks.py``, generated from
``sim.cli``'s parsers) lists every command and flag ``sim --help`` and each ``sim CMD --help`` show."""

from __future__ import annotations

import contextlib
import html
import io
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("mkdocs")
pytest.importorskip("material")

ROOT = Path(__file__).resolve().parents[1]


def build(config: Path, site: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
                          cwd=ROOT, capture_output=True, text=True, timeout=300,
                          env={**__import__("os").environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    done = build(ROOT / "mkdocs.yml", out)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "WARNING" not in done.stdout + done.stderr, done.stdout + done.stderr
    return out


def test_the_site_builds_strict_with_no_warning(site):
    for page in ("index.html", "solo.html", "batch.html", "cli.html", "rules/index.html", "dev/performance.html"):
        assert (site / page).is_file(), page


def test_a_broken_link_fails_the_build(tmp_path):
    """The strict build is not vacuous: a page with a link to a missing page, or to a missing anchor, fails it."""
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs, ignore=shutil.ignore_patterns("__pycache__"))
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    config = config.replace("docs_dir: docs", f"docs_dir: {docs}").replace("- docs/hooks.py", f"- {ROOT / 'docs' / 'hooks.py'}")
    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    for broken in ("[gone](no_such_page.md)", "[gone](solo.md#no-such-heading)"):
        (docs / "seats.md").write_text((ROOT / "docs" / "seats.md").read_text(encoding="utf-8") + f"\n{broken}\n",
                                       encoding="utf-8")
        done = build(tmp_path / "mkdocs.yml", tmp_path / "site")
        assert done.returncode != 0 and "seats.md" in done.stdout + done.stderr, broken


def test_mermaid_diagrams_are_diagrams(site):
    """A ```mermaid fence becomes the <pre class="mermaid"> Material renders (pymdownx.superfences custom fence)."""
    sources = [p for p in (ROOT / "docs").rglob("*.md") if "```mermaid" in p.read_text(encoding="utf-8")]
    assert sources, "no page shows a diagram"
    for page in sources:
        built = site / page.relative_to(ROOT / "docs").with_suffix(".html")
        if page.name == "README.md":
            built = built.with_name("index.html")
        text = built.read_text(encoding="utf-8")
        assert '<pre class="mermaid"><code>' in text, page
        assert "language-mermaid" not in text, page


# --- the command-line reference ------------------------------------------------------------------

def helps(argv: list[str]) -> str:
    """What ``sim ARGV --help`` prints."""
    from sim.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main([*argv, "--help"])
    return out.getvalue()


def commands_and_flags(argv: list[str]):
    """(command words, flags its --help shows) for ``sim ARGV`` and, recursively, every sub-command it lists."""
    text = helps(argv)
    options = re.search(r"\noptions:\n(.*?)(?:\n\n(?=\S)|\Z)", text, re.S).group(1)  # not the epilog after it
    heads = [m.group(1) for m in re.finditer(r"^ {2}(-\S.*?)(?: {2,}|$)", options, re.M)]  # "  -h, --help  show..."
    flags = sorted({f for head in heads for f in re.findall(r"(?<![\w-])(--?[A-Za-z][\w-]*)", head)})
    yield argv, flags
    listed = re.search(r"\n {2}(?:COMMAND|SYSTEM|SUBCOMMAND|WHAT|TARGET|ACTION)\n((?: {4}\S.*\n|\s{10,}.*\n)+)", text)
    if listed:
        for name in re.findall(r"^ {4}(\S+)", listed.group(1), re.M):
            yield from commands_and_flags([*argv, name])


def sections(page: str) -> dict[str, str]:
    """The reference page's sections, by heading id, as text."""
    return {key: _plain(part) for key, part in _sections(page).items()}


def argument_cells(page: str) -> dict[str, str]:
    """Each section's argument column (the first cell of each table row), as text: a flag counts as listed
    only there, not because the usage line above the table names it."""
    return {key: "\n".join(_plain(cell) for cell in re.findall(r"<tr>\s*<td>(.*?)</td>", part, re.S))
            for key, part in _sections(page).items()}


def _sections(page: str) -> dict[str, str]:
    body = page[page.index("<article"):page.index("</article>")]
    parts = re.split(r'<h[1-6] id="([^"]+)"', body)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


def _plain(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", fragment))


def test_the_cli_reference_lists_every_command_and_flag(site):
    from markdown.extensions.toc import slugify

    found = argument_cells((site / "cli.html").read_text(encoding="utf-8"))
    seen = list(commands_and_flags([]))
    assert len(seen) > 20  # every command and its sub-commands
    assert seen[0] == ([], ["--help", "--version", "-h"])
    for argv, flags in seen:
        key = slugify(" ".join(["sim", *argv]), "-") if argv else "command-line-reference"
        assert key in found, f"sim {' '.join(argv)} has no section in the CLI reference"
        text = found[key]
        for flag in flags:
            assert re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", text), f"sim {' '.join(argv)}: {flag} missing"


def test_the_cli_reference_states_choices_and_defaults(site):
    found = sections((site / "cli.html").read_text(encoding="utf-8"))
    blades = found["sim-odds-blades"]
    assert "choices: controlled, risky, desperate" in blades
    assert "choices: en, zh-Hant, zh-Hans" in found["sim-play"]
    critical = next(line for line in found["sim-odds-clock"].splitlines() if "--critical-ticks" in line)
    assert "choices: 4, 5; default: 5" in found["sim-odds-clock"], critical


def test_the_docs_kit_reads_a_section_past_headings_in_code():
    """docs_kit.section: a Markdown export shown in a fence has its own "## Score 1"; the section runs past it
    to the next real heading of its level."""
    from docs_kit import runnable, section

    text = section("docs/solo.md", "Saves and export")
    assert "\n## Score 1\n" in text and "## Final sheets" in text
    assert "Fate and mist, solo" not in text
    assert runnable("sim batch starter --campaigns 5") == "sim batch scenarios/starter.yaml --campaigns 5"
    assert runnable("sim play scenarios/tests/two_scores.yaml") == "sim play scenarios/tests/two_scores.yaml"
