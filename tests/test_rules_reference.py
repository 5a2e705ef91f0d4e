"""The project's rules reference (``docs/rules/``) defines every rule ID we cite (issue 15).

Code, tests, content and docs cite rule IDs (``BITD.RESIST.3``, ``FATE.CONTEST.3``,
``MIST.ROLL.3``). Each must be a heading of the reference in the agreed format::

    ### `BITD.RESIST.3` — Resistance costs stress
    *Tag: seed* · *Option: `resist_mode` (default `gm_choice`; ...)*

A cited ID that no heading defines fails here, listed by name; so does an
option of :data:`sim.options.OPTIONS` not named under its rule's heading, a
heading without a tag line of known tags, and an options table in
``docs/rules/README.md`` that no longer matches ``OPTIONS``.

Coverage (issue 31): every rule defined in the reference is cited in ``sim/`` and in a test's name or
docstring, or is in :data:`NOT_PLAYED` with the reason nothing can test it; the counts by system are in
``docs/rules/README.md``.

``python tests/test_rules_reference.py`` prints the options table and the coverage table.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from sim.options import OPTIONS, Option

ROOT = Path(__file__).resolve().parents[1]
RULES_DIR = ROOT / "docs" / "rules"
PART_FILES = {"BITD": "blades.md", "FATE": "fate.md", "MIST": "mist.md", "ORACLE": "oracle.md"}
SYSTEMS = tuple(PART_FILES)
KNOWN_TAGS = frozenset({"seed", "SRD", "sheet", "derived", "inferred", "unverified", "conflict", "ours"})

# Where citations live. This file is left out: its extractor examples are
# about citation forms, not rules the engine implements.
CITING_GLOBS = (
    "sim/**/*.py", "tests/**/*.py", "tests/**/*.yaml", "content/**/*.yaml",
    "scenarios/**/*.yaml", "README.md", "docs/architecture.md", "docs/events.yaml",
)
SELF = Path(__file__).resolve()
# The manual moved out of README.md into docs/ (its rules reference, docs/rules/, defines the IDs).
CITING_GLOBS += ("docs/*.md", "docs/dev/*.md")

# --- extracting citations ---------------------------------------------------

_SYSTEM = "|".join(SYSTEMS)
_NUMBERS = r"\d+(?:[-–]\d+)?"
# BITD.CORE.1, BITD.CORE.1-3, BITD.HARM.1/.4, BITD.CORE.2/4/5, BITD.COIN.3, .6-7,
# section IDs (BITD.DOWNTIME.ACQUIRE) and wildcards (BITD.DOWNTIME.* -> the section).
DOTTED = re.compile(
    rf"\b({_SYSTEM})((?:\.[A-Z][A-Z0-9]*)+)"
    rf"(?:\.({_NUMBERS})((?:(?:/\.?|,[ \t]*\.){_NUMBERS})*))?"
)
# test_BITD_RESIST_3_..., test_BITD_CREW_XP_2_3_4_..., test_BITD_CORE_6_and_DOWNTIME_1_...
TEST_NAME = re.compile(rf"\btest_((?:{_SYSTEM})_[A-Za-z0-9_]*)")
_WORD = re.compile(r"[A-Z][A-Z0-9]*")


def _expand(numbers: str) -> list[int]:
    """``"3"`` -> [3]; ``"6-7"`` -> [6, 7] (inclusive)."""
    low, _, high = numbers.replace("–", "-").partition("-")
    return list(range(int(low), int(high or low) + 1))


def _dotted_ids(text: str) -> list[str]:
    found = []
    for m in DOTTED.finditer(text):
        base = m.group(1) + m.group(2)
        if m.group(3) is None:
            found.append(base)
            continue
        numbers = [m.group(3)] + re.findall(_NUMBERS, m.group(4) or "")
        found += [f"{base}.{n}" for part in numbers for n in _expand(part)]
    return found


def _test_name_ids(name: str) -> list[str]:
    """IDs a test name cites: ``BITD_RESIST_3_critical_...`` -> ``BITD.RESIST.3``.

    The ID is the system, its upper-case words and the numbers after them
    (each a rule of that section); the lower-case words after it describe the
    test. ``_and_`` joins another citation: a system starts a new ID
    (``..._and_FATE_FP_2``); upper-case words and a number name a sibling
    section, replacing as many trailing words of the previous one
    (``DOWNTIME_LTP_1_..._and_ACQUIRE_2`` -> ``BITD.DOWNTIME.ACQUIRE.2``); bare
    numbers right after the previous numbers add rules to it (``PAYOFF_1_and_3``).
    """
    tokens = name.split("_")
    found: list[str] = []
    system, words, i = tokens[0], None, 1
    while True:
        new_words, numbers = [], []
        while i < len(tokens) and _WORD.fullmatch(tokens[i]):
            new_words.append(tokens[i])
            i += 1
        while i < len(tokens) and tokens[i].isdigit():
            numbers.append(int(tokens[i]))
            i += 1
        if words is None:  # a head citation: the section words are required
            if not new_words:
                return found
            words = new_words
        elif numbers:  # a sibling: "and CAPS" with no rule number is prose
            words = words[: max(0, len(words) - len(new_words))] + new_words
        else:
            return found
        while numbers and i + 1 < len(tokens) and tokens[i] == "and" and tokens[i + 1].isdigit():
            i += 1
            while i < len(tokens) and tokens[i].isdigit():
                numbers.append(int(tokens[i]))
                i += 1
        section = ".".join([system, *words])
        found += [f"{section}.{n}" for n in numbers] if numbers else [section]
        while i + 1 < len(tokens) and not (tokens[i] == "and" and _WORD.fullmatch(tokens[i + 1])):
            i += 1
        if i + 1 >= len(tokens):
            return found
        i += 1
        if tokens[i] in SYSTEMS:
            system, words, i = tokens[i], None, i + 1


def cited_ids(text: str) -> list[str]:
    """Every rule ID ``text`` cites, repeats kept: dotted citations in order, then those of test names."""
    found = _dotted_ids(text)
    for m in TEST_NAME.finditer(text):
        found += _test_name_ids(m.group(1))
    return found


def citing_files() -> list[Path]:
    files = {p.resolve() for pattern in CITING_GLOBS for p in ROOT.glob(pattern)}
    return sorted(p for p in files if p != SELF and ".venv" not in p.parts)


def citations() -> dict[str, list[str]]:
    """Cited ID -> the files (relative paths) that cite it."""
    where: dict[str, list[str]] = {}
    for path in citing_files():
        rel = path.relative_to(ROOT).as_posix()
        for rule in cited_ids(path.read_text(encoding="utf-8")):
            files = where.setdefault(rule, [])
            if rel not in files:
                files.append(rel)
    return where


# --- reading the reference ---------------------------------------------------

HEADING = re.compile(rf"^(#{{2,4}}) `((?:{_SYSTEM})(?:\.[A-Z0-9]+)+)`(?: — (\S.*))?$")
ANY_ID_HEADING = re.compile(rf"^#+ .*\b(?:{_SYSTEM})\.[A-Z]")
TAG_LINE = re.compile(r"^\*Tag: ([^*]+)\*(?: · \*Options?: (.+)\*)?$")


def parse_reference(text: str) -> dict[str, dict]:
    """Rule ID -> {"line", "tags", "options" (tag-line text or None), "body"}.

    ``body`` is the text under the heading up to the next heading of any level.
    Raises ValueError for a heading that names an ID outside the format, a
    duplicate ID, or a heading not followed by its tag line.
    """
    rules: dict[str, dict] = {}
    lines = text.splitlines()
    starts = [n for n, line in enumerate(lines) if line.startswith("#")]
    for k, n in enumerate(starts):
        m = HEADING.match(lines[n])
        if not m:
            if ANY_ID_HEADING.match(lines[n]):
                raise ValueError(f"line {n + 1}: heading not in the format '### `ID` — title': {lines[n]!r}")
            continue
        rule = m.group(2)
        if rule in rules:
            raise ValueError(f"line {n + 1}: {rule} defined twice (first on line {rules[rule]['line']})")
        end = starts[k + 1] if k + 1 < len(starts) else len(lines)
        body = lines[n + 1:end]
        first = next((line for line in body if line.strip()), "")
        tag = TAG_LINE.match(first)
        if not tag:
            raise ValueError(f"line {n + 1}: {rule} is not followed by its '*Tag: ...*' line, got {first!r}")
        rules[rule] = {
            "line": n + 1,
            "tags": [t.strip() for t in tag.group(1).split(",")],
            "options": tag.group(2),
            "body": "\n".join(body),
        }
    return rules


def reference() -> dict[str, dict]:
    """Every rule of every part file present, with its ``part`` (file name)."""
    rules: dict[str, dict] = {}
    for system, name in PART_FILES.items():
        path = RULES_DIR / name
        if not path.exists():
            continue
        for rule, entry in parse_reference(path.read_text(encoding="utf-8")).items():
            rules[rule] = {**entry, "part": name, "system": system}
    return rules


def is_defined(rule: str, defined: set[str] | dict) -> bool:
    """A heading of its own, or a section prefix of headed rules (``BITD.ARMOR``)."""
    return rule in defined or any(d.startswith(rule + ".") for d in defined)


def option_value(value) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def option_choices(opt: Option) -> str:
    if opt.choices is None:
        return f"integer {opt.bounds[0]}..{opt.bounds[1]}"
    return ", ".join(f"`{option_value(c)}`" for c in opt.choices)


def options_table() -> str:
    """The options table of docs/rules/README.md, rendered from ``OPTIONS``."""
    rows = ["| Option | Rule | Tag | Default | Choices |", "|---|---|---|---|---|"]
    for opt in OPTIONS.values():
        rows.append(f"| `{opt.name}` | `{opt.rule}` | {opt.tag} | `{option_value(opt.default)}` | {option_choices(opt)} |")
    return "\n".join(rows)


# --- the extractor on every citation form in use ------------------------------

@pytest.mark.parametrize("text, expected", [
    ("see BITD.RESIST.3 here", ["BITD.RESIST.3"]),
    ("BITD.FACTION.10) and MIST.ARC.GROW.2.", ["BITD.FACTION.10", "MIST.ARC.GROW.2"]),
    ("ends a sentence BITD.BARGAIN.1. Next", ["BITD.BARGAIN.1"]),
    ("(BITD.CHAR.CREATE.1-2, .5: dots)", ["BITD.CHAR.CREATE.1", "BITD.CHAR.CREATE.2", "BITD.CHAR.CREATE.5"]),
    ("BITD.CORE.1–3", ["BITD.CORE.1", "BITD.CORE.2", "BITD.CORE.3"]),
    ("BITD.HARM.1/.4", ["BITD.HARM.1", "BITD.HARM.4"]),
    ("BITD.CORE.2/4/5", ["BITD.CORE.2", "BITD.CORE.4", "BITD.CORE.5"]),
    ("BITD.CREW.CREATE.3, .5, .6:", ["BITD.CREW.CREATE.3", "BITD.CREW.CREATE.5", "BITD.CREW.CREATE.6"]),
    ("BITD.COIN.3, .6-7)", ["BITD.COIN.3", "BITD.COIN.6", "BITD.COIN.7"]),
    ("BITD.DOWNTIME.ACQUIRE and FATE.CHALLENGE,", ["BITD.DOWNTIME.ACQUIRE", "FATE.CHALLENGE"]),
    ("(BITD.DOWNTIME.*)", ["BITD.DOWNTIME"]),
    ("FATE.DICE.3, 81 ways", ["FATE.DICE.3"]),
    ("sim.fate.scenes.contest, FATE_POLICIES.items, MIST_RESULTS", []),
])
def test_dotted_citation_forms(text, expected):
    assert cited_ids(text) == expected


@pytest.mark.parametrize("name, expected", [
    ("test_BITD_RESIST_3_critical_clears_stress", ["BITD.RESIST.3"]),
    ("test_BITD_DOWNTIME_REDUCEHEAT_1_heat_removed", ["BITD.DOWNTIME.REDUCEHEAT.1"]),
    ("test_BITD_RESIST_3_...", ["BITD.RESIST.3"]),
    ("test_BITD_CORE_any_pool_rolls", ["BITD.CORE"]),
    ("test_BITD_CREW_XP_2_3_4_track_length", ["BITD.CREW.XP.2", "BITD.CREW.XP.3", "BITD.CREW.XP.4"]),
    ("test_FATE_ACTION_4_5_attack_rolls", ["FATE.ACTION.4", "FATE.ACTION.5"]),
    ("test_BITD_DOWNTIME_PAYOFF_1_and_3_rep_and_tithe", ["BITD.DOWNTIME.PAYOFF.1", "BITD.DOWNTIME.PAYOFF.3"]),
    ("test_BITD_DOWNTIME_PRISON_2_and_3", ["BITD.DOWNTIME.PRISON.2", "BITD.DOWNTIME.PRISON.3"]),
    ("test_BITD_CORE_6_and_DOWNTIME_1_phases_in_order", ["BITD.CORE.6", "BITD.DOWNTIME.1"]),
    ("test_BITD_DOWNTIME_LTP_1_ticks_and_ACQUIRE_2_quality", ["BITD.DOWNTIME.LTP.1", "BITD.DOWNTIME.ACQUIRE.2"]),
    ("test_BITD_CHAR_CREATE_4_vices_and_DOWNTIME_VICE_2_overindulgences",
     ["BITD.CHAR.CREATE.4", "BITD.DOWNTIME.VICE.2"]),
    ("test_FATE_LADDER_1_names_and_FATE_LADDER_2_out_of_range", ["FATE.LADDER.1", "FATE.LADDER.2"]),
    ("test_FATE_RECOVER_2_moderate_waits_for_a_session_and_FATE_RECOVER_4_milestone",
     ["FATE.RECOVER.2", "FATE.RECOVER.4"]),
    ("test_FATE_DICE_3_sampled_4dF_sums_match_exact", ["FATE.DICE.3"]),
    ("test_BITD_HARM_4_level_1_and_2_rows", ["BITD.HARM.4"]),  # numbers after words are prose
    ("test_BITD_ARMOR_3_rule_and_SRD_example", ["BITD.ARMOR.3"]),  # "and CAPS" with no number is prose
    ("test_FATE_odds_sum_to_one", []),
    ("def test_a_BITD_RESIST_3(): FATE_FACES = 1", []),
])
def test_test_name_citation_forms(name, expected):
    assert cited_ids(name) == expected


def test_a_test_name_and_its_docstring_both_count():
    text = 'def test_BITD_TEAM_2_leader():\n    """BITD.TEAM.2, BITD.XP.1."""\n'
    assert cited_ids(text) == ["BITD.TEAM.2", "BITD.XP.1", "BITD.TEAM.2"]


# --- the reference parser ------------------------------------------------------

SAMPLE = """# Part I
## `BITD.CORE` — Dice
*Tag: seed, SRD*

### `BITD.CORE.1` — A pool
*Tag: seed* · *Option: `dice_sampler` (default `faces`; `faces`, `table`)*

Roll and read.
#### `BITD.CORE.1` — again
*Tag: seed*
"""


def test_parser_reads_headings_tags_options_and_bodies():
    rules = parse_reference(SAMPLE.split("#### ")[0])
    assert list(rules) == ["BITD.CORE", "BITD.CORE.1"]
    assert rules["BITD.CORE"]["tags"] == ["seed", "SRD"]
    assert rules["BITD.CORE"]["options"] is None
    assert rules["BITD.CORE.1"]["options"].startswith("`dice_sampler` (default `faces`")
    assert "Roll and read." in rules["BITD.CORE.1"]["body"]
    assert "Roll and read." not in rules["BITD.CORE"]["body"]


@pytest.mark.parametrize("text, message", [
    (SAMPLE, "BITD.CORE.1 defined twice"),
    ("### BITD.CORE.1 — no backticks\n*Tag: seed*\n", "not in the format"),
    ("###### `BITD.CORE.1` — too deep\n*Tag: seed*\n", "not in the format"),
    ("### `BITD.CORE.1` — untagged\n\nRoll.\n", "not followed by its '\\*Tag"),
])
def test_parser_rejects_malformed_headings(text, message):
    with pytest.raises(ValueError, match=message):
        parse_reference(text)


def test_a_section_prefix_counts_as_defined_but_a_sibling_does_not():
    defined = {"BITD.ARMOR.1", "BITD.ARMOR.2"}
    assert is_defined("BITD.ARMOR", defined)
    assert is_defined("BITD.ARMOR.1", defined)
    assert not is_defined("BITD.ARMOR.3", defined)
    assert not is_defined("BITD.ARM", defined)


# --- the reference against the code ---------------------------------------------

def test_the_reference_parses():
    for name in PART_FILES.values():
        path = RULES_DIR / name
        if path.exists():
            parse_reference(path.read_text(encoding="utf-8"))  # raises with the line on a bad heading


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_cited_id_is_defined(system):
    """Fails listing each cited ID of this system with no heading (a missing part file defines none)."""
    defined = {r for r, e in reference().items() if e["system"] == system}
    cited = {r: files for r, files in citations().items() if r.split(".")[0] == system}
    assert cited, f"nothing cites a {system} rule: the extractor is broken"
    missing = {r: files for r, files in sorted(cited.items()) if not is_defined(r, defined)}
    part = RULES_DIR / PART_FILES[system]
    assert not missing, f"{len(missing)} cited {system} IDs are not defined in {part.relative_to(ROOT)}" + (
        "" if part.exists() else " (the file is missing)") + ":\n" + "\n".join(
        f"  {r}  (cited in {', '.join(files)})" for r, files in missing.items())


def test_each_rule_is_in_its_own_part_with_known_tags():
    problems = []
    for rule, entry in reference().items():
        if rule.split(".")[0] != entry["system"]:
            problems.append(f"{entry['part']}:{entry['line']}: {rule} belongs in {PART_FILES[rule.split('.')[0]]}")
        unknown = [t for t in entry["tags"] if t not in KNOWN_TAGS]
        if unknown or not entry["tags"]:
            problems.append(f"{entry['part']}:{entry['line']}: {rule} has unknown tags {unknown}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_option_is_named_under_its_rule_with_its_default(system):
    """Each option of this system's rules appears, with its default, in its rule's tag line, and only there."""
    rules = {r: e for r, e in reference().items() if e["system"] == system}
    problems = []
    for opt in OPTIONS.values():
        if opt.rule.split(".")[0] != system:
            continue
        if not (RULES_DIR / PART_FILES[system]).exists():
            problems.append(f"{opt.name}: {opt.rule} has no reference ({PART_FILES[system]} is missing)")
            continue
        entry = rules.get(opt.rule)
        if entry is None:
            problems.append(f"{opt.name}: its rule {opt.rule} has no heading")
            continue
        named = f"`{opt.name}` (default `{option_value(opt.default)}`"
        if named.lower() not in (entry["options"] or "").lower():
            problems.append(f"{entry['part']}:{entry['line']}: {opt.rule}'s Option part lacks {named}...)")
    for rule, entry in rules.items():
        for name in re.findall(r"`([a-z0-9_]+)` \(default", entry["options"] or ""):
            if name not in OPTIONS or OPTIONS[name].rule != rule:
                where = OPTIONS[name].rule if name in OPTIONS else "no rule: not an option"
                problems.append(f"{entry['part']}:{entry['line']}: {rule} names option {name} ({where})")
    assert not problems, "\n".join(problems)


def test_the_index_table_matches_the_options():
    index = (RULES_DIR / "README.md").read_text(encoding="utf-8")
    table = options_table()
    assert table in index, (
        "docs/rules/README.md's options table differs from sim.options.OPTIONS; "
        "replace it with `python tests/test_rules_reference.py`:\n" + table)


def test_the_index_links_every_part():
    index = (RULES_DIR / "README.md").read_text(encoding="utf-8")
    for name in PART_FILES.values():
        assert f"]({name})" in index


# --- coverage: every rule cited in the engine and tested (issue 31) ---------------------------------------

#: Rules nothing in the engine can cite or test, each with the reason. Keep it short and honest: a rule the
#: engine plays belongs in the code and in a test, not here.
NOT_PLAYED: dict[str, str] = {
    "FATE.OPT": "the SRD's optional rules, all off and none implemented (the reference says so); "
                "FATE.CONTEST.6, the one played, has its own heading and test",
}

#: Rules another branch of issue 31 cites and tests (the lead merges it): listed so this branch's check passes,
#: and reported by :func:`test_pending_rules_are_still_uncovered` the moment they are covered, to be removed.
PENDING: dict[str, str] = {}


def ids_of_tests(text: str) -> set[str]:
    """IDs cited by the test functions of a test file: their names and their docstrings."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            found.update(cited_ids(node.name))
            found.update(cited_ids(ast.get_docstring(node) or ""))
    return found


def _covered(rule: str, cited: set[str]) -> bool:
    """Cited itself or, for a section, through a rule under it."""
    return rule in cited or any(c.startswith(rule + ".") for c in cited)


def coverage() -> dict[str, dict[str, list[str]]]:
    """System -> {"rules", "in_sim", "tested", "not_played", "pending", "missing_sim", "missing_test"} (rule IDs)."""
    in_sim: set[str] = set()
    for path in sorted(ROOT.glob("sim/**/*.py")):
        in_sim.update(cited_ids(path.read_text(encoding="utf-8")))
    tested: set[str] = set()
    for path in sorted(ROOT.glob("tests/**/*.py")):
        tested |= ids_of_tests(path.read_text(encoding="utf-8"))
    out: dict[str, dict[str, list[str]]] = {}
    for rule, entry in reference().items():
        row = out.setdefault(entry["system"], {k: [] for k in (
            "rules", "in_sim", "tested", "not_played", "pending", "missing_sim", "missing_test")})
        row["rules"].append(rule)
        cited, test = _covered(rule, in_sim), _covered(rule, tested)
        row["in_sim"] += [rule] if cited else []
        row["tested"] += [rule] if test else []
        if rule in NOT_PLAYED or rule in PENDING:
            row["not_played" if rule in NOT_PLAYED else "pending"].append(rule)
            continue
        row["missing_sim"] += [] if cited else [rule]
        row["missing_test"] += [] if test else [rule]
    return out


def coverage_table() -> str:
    """The coverage table of docs/rules/README.md."""
    rows = ["| System | Rules | Cited in `sim/` | Tested by name or docstring | Not played (allow-list) |",
            "|---|---|---|---|---|"]
    for system in SYSTEMS:
        c = coverage().get(system)
        if c:
            rows.append(f"| `{system}` | {len(c['rules'])} | {len(c['in_sim'])} | {len(c['tested'])} | "
                        f"{len(c['not_played'])} |")
    return "\n".join(rows)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_rule_is_cited_in_the_engine_and_tested(system):
    """Each rule of this system's part is cited in sim/ and in a test name or docstring (or NOT_PLAYED)."""
    c = coverage()[system]
    problems = [f"  {r}: no citation in sim/ (cite it in the docstring of the code that plays it)"
                for r in c["missing_sim"]]
    problems += [f"  {r}: no test names it (add test_{r.replace('.', '_')}_... or cite it in a test's docstring)"
                 for r in c["missing_test"]]
    assert not problems, f"{len(problems)} gaps in {system}'s rule coverage:\n" + "\n".join(problems)


def test_the_allow_lists_name_defined_rules_with_reasons():
    rules = reference()
    for name, listed in (("NOT_PLAYED", NOT_PLAYED), ("PENDING", PENDING)):
        for rule, why in listed.items():
            assert rule in rules, f"{name} lists {rule}, which the reference does not define"
            assert len(why) > 20, f"{name}[{rule!r}] needs its reason"


def test_not_played_rules_are_still_untested():
    """A rule of NOT_PLAYED that a test now names is played after all: take it off the list."""
    tested = coverage()
    stale = [r for c in tested.values() for r in c["not_played"] if r in c["tested"]]
    assert not stale, f"tested now, remove from NOT_PLAYED: {stale}"


def test_pending_rules_are_still_uncovered():
    """PENDING is for rules another branch tests; once they are tested here, drop them from the list."""
    cov = coverage()
    done = [r for c in cov.values() for r in c["pending"] if r in c["tested"] and r in c["in_sim"]]
    assert not done, f"covered now, remove from PENDING in tests/test_rules_reference.py: {done}"


def test_the_index_has_the_coverage_counts():
    index = (RULES_DIR / "README.md").read_text(encoding="utf-8")
    table = coverage_table()
    assert table in index, ("docs/rules/README.md's coverage table is out of date; replace it with the second "
                            "table `python tests/test_rules_reference.py` prints:\n" + table)


if __name__ == "__main__":
    print(options_table())
    print()
    print(coverage_table())
