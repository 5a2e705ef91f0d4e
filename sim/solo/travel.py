"""Saves that travel (issue 30): which scenario a save replays against, and what changed since it was made.

A save carries its scenario's text and hash (:mod:`sim.solo.save`), so it continues wherever it goes: against the
file it names or the bundled scenario of its name while that is still the one it was made with, else against its
own copy. :func:`likely_causes` names what moved when a replay diverges anyway.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from sim.errors import UsageError
from sim.files import shown
from sim.i18n import t
from sim.solo.fingerprints import file_hash


def scenario_of(h: Mapping[str, Any], save_path: str | Path, given: str | Path | None) -> Path:
    """The scenario file a save replays against: ``given`` (``--scenario``); else the file it names, or the bundled
    scenario of its name, while that file is still the one it was made with; else the scenario text it carries,
    written once to a private folder (the save's own copy: the file was moved, deleted or edited)."""
    from sim.content.scenario import check_scenario_path

    if given is not None:
        return check_scenario_path(given)
    candidates = [Path(str(h["scenario_path"]))]
    if isinstance(h.get("scenario_bundled"), str):
        from sim.content.bundled import bundled_path

        found = bundled_path(h["scenario_bundled"])  # a shipped scenario, from another install
        if found is not None:
            candidates.append(found)
    for path in candidates:
        if path.is_file() and (h.get("scenario_hash") is None or file_hash(path.read_bytes()) == h["scenario_hash"]):
            return path
    text = h.get("scenario")
    if isinstance(text, str) and text:
        return _carried_scenario(text, Path(str(h["scenario_path"])).name)
    for path in candidates:
        if path.is_file():
            return path  # edited, and the save carries no text: replay against it and say where it diverges
    raise UsageError(f"save file {shown(save_path)}: its scenario {shown(candidates[0])} is gone and the save "
                     f"carries no copy of it; name one with --scenario FILE")


_CARRIED: dict[str, Path] = {}


def _carried_scenario(text: str, name: str) -> Path:
    """The scenario text a save carries as a file of its own (one per text and process, removed at exit)."""
    import atexit
    import shutil
    import tempfile

    digest = file_hash(text.encode("utf-8"))
    if digest not in _CARRIED:
        folder = Path(tempfile.mkdtemp(prefix="sim-carried-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        path = folder / (name if name.endswith((".yaml", ".yml")) else "scenario.yaml")
        path.write_text(text, encoding="utf-8")
        _CARRIED[digest] = path
    return _CARRIED[digest]



def likely_causes(header: dict, engine_now: dict, scenario_changed: Path | None, content_changed: bool,
                  lang: str) -> list[str]:
    """What changed since a save was made, most likely cause of a divergent replay first: the name pools (every
    generated name moves), the scenario, the content, the engine's version or code, the Python version. Fields
    an older save lacks are not compared."""
    then = header.get("engine") if isinstance(header.get("engine"), dict) else {}

    def moved(key: str) -> bool:
        return isinstance(then.get(key), str) and then[key] != engine_now.get(key)

    out = []
    if moved("names"):
        out.append(t("solo.cause.names", lang, then=then["names"], faker_then=then.get("names_faker", "?"),
                     now=engine_now["names"], faker_now=engine_now["names_faker"]))
    if scenario_changed is not None:
        out.append(t("solo.cause.scenario", lang, path=shown(scenario_changed)))
    if content_changed:
        out.append(t("solo.cause.content", lang))
    if moved("version"):
        out.append(t("solo.cause.version", lang, then=then["version"], now=engine_now["version"]))
    elif moved("fingerprint"):
        out.append(t("solo.cause.code", lang, then=then["fingerprint"][:12], now=engine_now["fingerprint"][:12]))
    if moved("python"):
        out.append(t("solo.cause.python", lang, then=then["python"], now=engine_now["python"]))
    return out

