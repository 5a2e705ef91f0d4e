"""Issue 36, done means: ``sim mcp`` started as a subprocess and driven by the SDK's own client, over stdio.

The tools are listed and their schemas are valid JSON Schema; a Blades score, a Fate scene and a mist challenge
are played to their end by tool calls, and each save is byte for byte the save ``sim solo new --script`` makes from
the same lines (its journal, exported, too); odds, rolls and the oracle answer what ``sim odds``, ``sim roll`` and
``sim oracle`` print; illegal answers, bad scenarios and escaping paths are tool errors of one line; two sessions
interleaved stay apart; a save open elsewhere is refused by its lock.
"""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("mcp")
jsonschema = pytest.importorskip("jsonschema")

from mcp_kit import ROOT, Client, scripted_save, sim, stdio  # noqa: E402

TOOLS = {"odds", "roll", "oracle_ask", "oracle_event", "oracle_meaning", "scene_check", "session_new",
         "session_open", "session_list", "session_state", "session_answer", "session_command", "session_export",
         "session_close", "rules_lookup"}


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


async def play_to_end(c: Client, save: str, extra: dict[int, list[tuple[str, dict]]] | None = None,
                      most: int = 600) -> list[str]:
    """Answer the first option until the campaign ends; ``extra``: tool calls made before answer N. Returns the
    lines a person would type for the same play (a ``sim solo --script``)."""
    lines: list[str] = []
    state = await c.call("session_state", {"save": save})
    n = 0
    while state["pending"] is not None:
        assert n < most, "the session did not end"
        for name, args in (extra or {}).get(n, []):
            await c.call(name, {"save": save, **args})
            lines.append(LINE[name](args))
        answer = await c.call("session_answer", {"save": save, "option": 1})
        lines.append("1")
        state = answer
        n += 1
    assert state["finished"], state
    return lines


def command_lines(line: str) -> str:
    """A command as a script types it: a note of several lines is ``note``, its lines, then a lone ``.``."""
    head, _, rest = line.partition("\n")
    if not rest:
        return line
    return "\n".join(["note", head[len("note"):].strip(), *rest.split("\n"), "."])


LINE = {
    "session_command": lambda a: command_lines(a["line"]),
    "roll": lambda a: f"roll {a['expr']}",
    "oracle_ask": lambda a: f"ask {a['question']} {a['likelihood']}",
    "oracle_event": lambda a: "event",
    "oracle_meaning": lambda a: "meaning",
}


def export_json(path) -> str:
    done = sim("solo", "export", str(path), "--json")
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_tools_are_listed_with_valid_json_schemas_resources_and_prompts(tmp_path):
    async def go():
        async with stdio(tmp_path / "saves") as c:
            tools = (await c.session.list_tools()).tools
            assert {t.name for t in tools} == TOOLS
            for tool in tools:
                assert tool.description and len(tool.description) > 40, tool.name
                jsonschema.Draft202012Validator.check_schema(tool.input_schema)
                assert tool.input_schema["type"] == "object"
                jsonschema.Draft202012Validator.check_schema(tool.output_schema)
            # a schema refuses what the tool cannot take: the SDK validates before the tool runs
            bad = await c.result("odds", {"system": "chess"})
            assert bad.is_error
            resources = {str(r.uri) for r in (await c.session.list_resources()).resources}
            assert {"sim://rules/blades", "sim://rules/fate", "sim://rules/mist", "sim://rules/oracle",
                    "sim://scenarios/starter", "sim://scenarios/fate_docks"} <= resources
            page = await c.session.read_resource("sim://rules/blades")
            assert page.contents[0].text == (ROOT / "docs/rules/blades.md").read_text(encoding="utf-8")
            scenario = await c.session.read_resource("sim://scenarios/starter")
            assert scenario.contents[0].text == (ROOT / "scenarios/starter.yaml").read_text(encoding="utf-8")
            templates = {t.uri_template for t in (await c.session.list_resource_templates()).resource_templates}
            assert templates == {"sim://session/{save}/journal", "sim://session/{save}/sheets"}
            prompts = {p.name for p in (await c.session.list_prompts()).prompts}
            assert {"gm_blades", "gm_fate", "gm_mist"} <= prompts
            brief = await c.session.get_prompt("gm_fate", {"lang": "zh-Hant"})
            text = brief.messages[0].content.text
            assert "命運" in text and "session_answer" in text and "請以中文對玩家說話" in text

    run(go())


def test_odds_rolls_and_the_oracle_answer_what_the_commands_print(tmp_path):
    """Odds are exact and equal ``sim odds --json`` (BITD.RESIST.3, FATE.DICE, MIST.ROLL.2, ORACLE.ANSWER.1)."""
    cases = [
        ("odds", {"system": "blades", "dice": 2, "push": True, "position": "risky", "resist": 2},
         ["odds", "blades", "--dice", "2", "--push", "--position", "risky", "--resist", "2", "--json"]),
        ("odds", {"system": "fate", "skill": 2, "vs": 3, "invokes": 1},
         ["odds", "fate", "--skill", "2", "--vs", "3", "--invokes", "1", "--json"]),
        ("odds", {"system": "mist", "tags": 2, "status": [-2]},
         ["odds", "mist", "--tags", "2", "--status", "-2", "--json"]),
        ("odds", {"system": "clock", "size": 6, "dice": 2}, ["odds", "clock", "--size", "6", "--dice", "2", "--json"]),
        ("odds", {"system": "oracle", "likelihood": "very likely", "tension": 7},
         ["odds", "oracle", "--likelihood", "very_likely", "--tension", "7", "--json"]),
        ("odds", {"system": "dice", "expr": "3d6kh1"}, ["odds", "roll", "3d6kh1", "--json"]),
        ("roll", {"system": "blades", "dice": 3, "seed": 11}, ["roll", "blades", "--dice", "3", "--seed", "11", "--json"]),
        ("roll", {"system": "dice", "expr": "4dF+2", "seed": 5}, ["roll", "4dF+2", "--seed", "5", "--json"]),
        ("oracle_ask", {"question": "Is the door guarded?", "likelihood": "likely", "seed": 3, "tension": 6},
         ["oracle", "ask", "Is the door guarded?", "--likelihood", "likely", "--tension", "6", "--seed", "3", "--json"]),
        ("oracle_event", {"seed": 4, "threads": ["the debt"]},
         ["oracle", "event", "--threads", "the debt", "--seed", "4", "--json"]),
        ("oracle_meaning", {"seed": 9}, ["oracle", "meaning", "--seed", "9", "--json"]),
        ("scene_check", {"seed": 2, "tension": 8}, ["oracle", "scene", "--tension", "8", "--seed", "2", "--json"]),
    ]

    async def go():
        async with stdio(tmp_path / "saves") as c:
            out = [await c.call(name, args) for name, args, _ in cases]
            errors = [await c.fails("odds", {"system": "blades", "dice": 2, "push": True, "bargain": True}),
                      await c.fails("odds", {"system": "fate", "skill": 2}),
                      await c.fails("odds", {"system": "oracle", "likelihood": "perhaps"}),
                      await c.fails("odds", {"system": "blades", "dice": 99}),
                      await c.fails("odds", {"system": "mist", "skill": 2, "power": 1}),
                      await c.fails("roll", {"system": "blades", "dice": 2, "seed": -1})]
            return out, errors

    out, errors = run(go())
    for (name, args, argv), got in zip(cases, out):
        done = sim(*argv)
        assert done.returncode == 0, done.stderr
        assert got == json.loads(done.stdout), (name, args)
    assert "BITD.PUSH.2" in errors[0]
    assert "vs" in errors[1] and "perhaps" in errors[2] and "--dice" in errors[3] and "skill" in errors[4]
    assert "seed" in errors[5]


def test_a_blades_score_played_by_tool_calls_is_the_save_a_script_makes(tmp_path):
    """A whole score (BITD.CORE), with a free roll, an oracle question, a fiction line and a note given on the
    way: the save equals ``sim solo new starter --scores 1 --script`` of the same lines, byte for byte."""
    extra = {0: [("session_command", {"line": "say Tracie slips in by the coal chute"}),
                 ("roll", {"expr": "2d"}),
                 ("oracle_ask", {"question": "Is the Bluecoat patrol late?", "likelihood": "likely"})],
             3: [("session_command", {"line": "note The gate\nis *rusted* shut"}),
                 ("session_command", {"line": "clock new Alarm 4"}),
                 ("oracle_event", {})]}

    async def go():
        async with stdio(tmp_path / "saves") as c:
            first = await c.call("session_new", {"scenario": "starter", "save": "heist.save", "scores": 1,
                                                 "seed": 3, "seats": "all"})
            assert first["system"] == "blades" and first["pending"]["options"][0]["number"] == 1
            assert first["sheets"]["pcs"] and "tension" in first and first["intro"]
            lines = await play_to_end(c, "heist.save", extra)
            state = await c.call("session_state", {"save": "heist.save"})
            story = await c.call("session_export", {"save": "heist.save", "format": "markdown"})
            journal = await c.call("session_export", {"save": "heist.save", "format": "jsonl"})
            await c.call("session_close", {"save": "heist.save"})
            return lines, state, story, journal

    lines, state, story, journal = run(go())
    assert state["finished"] and state["closing"] and state["pending"] is None
    assert "The gate" in story["text"] and "is *rusted* shut" in story["text"]
    ours = tmp_path / "saves" / "heist.save"
    theirs = scripted_save(tmp_path, "starter", lines, "--scores", "1", "--seed", "3")
    assert ours.read_bytes() == theirs
    assert journal["text"] == export_json(ours)
    done = sim("solo", "export", str(ours), "--md")
    assert done.stdout == story["text"]
    entries = [json.loads(line) for line in ours.read_text(encoding="utf-8").splitlines()[1:]]
    assert {"say", "roll", "oracle", "note", "clock", "event"} <= {e["type"] for e in entries}


def test_a_fate_scene_and_a_mist_challenge_played_by_tool_calls_match_their_scripts(tmp_path):
    """FATE.DICE and MIST.ROLL sessions answered by the first option to the end; each save is the script's."""

    async def go():
        async with stdio(tmp_path / "saves") as c:
            out = {}
            for scenario in ("fate_docks", "mist_harbor"):
                first = await c.call("session_new", {"scenario": scenario, "save": f"{scenario}.save", "seed": 5,
                                                     "lang": "en"})
                assert first["system"] == {"fate_docks": "fate", "mist_harbor": "mist"}[scenario]
                out[scenario] = await play_to_end(c, f"{scenario}.save")
                await c.call("session_close", {"save": f"{scenario}.save"})
            return out

    lines = run(go())
    for scenario, played in lines.items():
        theirs = scripted_save(tmp_path, scenario, played, "--seed", "5", "--lang", "en")
        assert (tmp_path / "saves" / f"{scenario}.save").read_bytes() == theirs, scenario


def test_illegal_answers_bad_scenarios_and_escaping_paths_are_tool_errors(tmp_path):
    outside = tmp_path / "outside.save"

    async def go():
        async with stdio(tmp_path / "saves") as c:
            await c.call("session_new", {"scenario": "starter", "save": "a.save", "scores": 1})
            state = await c.call("session_state", {"save": "a.save"})
            n = len(state["pending"]["options"])
            errors = {
                "number": await c.fails("session_answer", {"save": "a.save", "option": n + 1}),
                "label": await c.fails("session_answer", {"save": "a.save", "option": "dance a jig"}),
                "zero": await c.fails("session_answer", {"save": "a.save", "option": 0}),
                "scenario": await c.fails("session_new", {"scenario": "no_such_scenario", "save": "b.save"}),
                "up": await c.fails("session_new", {"scenario": "starter", "save": "../outside.save"}),
                "absolute": await c.fails("session_new", {"scenario": "starter", "save": str(outside)}),
                "again": await c.fails("session_new", {"scenario": "starter", "save": "a.save"}),
                "unopened": await c.fails("session_state", {"save": "nobody.save"}),
                "export_up": await c.fails("session_export", {"save": "../../etc/passwd"}),
                "roll_seed": await c.fails("roll", {"save": "a.save", "expr": "2d", "seed": 4}),
                "multi": await c.fails("session_command", {"save": "a.save", "line": "say a\nsay b"}),
                "seats": await c.fails("session_new", {"scenario": "starter", "save": "c.save", "seats": "pc9"}),
                "dice": await c.fails("roll", {"save": "a.save", "expr": "2x7"}),
                "rules": await c.fails("rules_lookup", {"query": "  "}),
            }
            after = await c.call("session_state", {"save": "a.save"})
            label = state["pending"]["options"][0]["label"]
            by_label = await c.call("session_answer", {"save": "a.save", "option": label})
            undone = await c.call("session_command", {"save": "a.save", "line": "undo"})
            back = await c.call("session_state", {"save": "a.save"})
            assert undone["text"] and back["pending"] == state["pending"]  # undo steps back through the session
            return state, errors, after, by_label

    state, errors, after, by_label = run(go())
    legal = "; ".join(f"{o['number']}. {o['label']}" for o in state["pending"]["options"])
    for key in ("number", "label", "zero"):
        assert "not an option" in errors[key] and legal in errors[key], errors[key]
    assert "no_such_scenario" in errors["scenario"] and "bundled" in errors["scenario"]
    for key in ("up", "absolute", "export_up"):
        assert "outside the saves folder" in errors[key], errors[key]
    assert not outside.exists() and not (tmp_path / "saves" / "b.save").exists()
    assert "open already" in errors["again"] and "nobody.save" in errors["unopened"]
    assert "expr only" in errors["roll_seed"] and "one line" in errors["multi"] and "pc9" in errors["seats"]
    assert "2x7" in errors["dice"] or "dice" in errors["dice"]
    assert after["pending"] == state["pending"] and after["step"] == state["step"]  # nothing was answered
    assert by_label["pending"] is None or by_label["pending"]["step"] == state["pending"]["step"] + 1


def test_two_sessions_interleaved_stay_apart_and_a_locked_save_is_refused(tmp_path):
    """Two sessions answered in turn each make the save their own script makes; a save held by another writer
    (sim/locks.py) is refused in one line."""
    from sim.solo.session import Session

    async def go():
        async with stdio(tmp_path / "saves") as c:
            for name, seed in (("one.save", 1), ("two.save", 2)):
                await c.call("session_new", {"scenario": "starter", "save": name, "scores": 1, "seed": seed})
            lines = {"one.save": [], "two.save": []}
            pending = {"one.save": True, "two.save": True}
            turn = 0
            while any(pending.values()):
                name = ("one.save", "two.save")[turn % 2]
                turn += 1
                if not pending[name]:
                    continue
                if turn % 7 == 0:
                    await c.call("session_command", {"save": name, "line": f"say turn {turn}"})
                    lines[name].append(f"say turn {turn}")
                answer = await c.call("session_answer", {"save": name, "option": 1})
                lines[name].append("1")
                pending[name] = answer["pending"] is not None
            listed = await c.call("session_list")
            for name in lines:
                await c.call("session_close", {"save": name})
            held = Session.resume(tmp_path / "saves" / "one.save")  # this process holds its lock now
            try:
                refused = await c.fails("session_open", {"save": "one.save"})
            finally:
                held.close()
            reopened = await c.call("session_open", {"save": "one.save"})
            return lines, listed, refused, reopened

    lines, listed, refused, reopened = run(go())
    assert listed["open"] == ["one.save", "two.save"] and listed["saves"] == ["one.save", "two.save"]
    assert "open in another session" in refused
    assert reopened["finished"]
    for name, seed in (("one.save", "1"), ("two.save", "2")):
        script = tmp_path / f"{name}.script"
        script.write_text("\n".join(lines[name]) + "\n", encoding="utf-8")
        save = tmp_path / f"{name}-script"
        done = sim("solo", "new", "starter", "--save", str(save), "--script", str(script), "--scores", "1",
                   "--seed", seed)
        assert done.returncode == 0, done.stderr
        ours = (tmp_path / "saves" / name).read_bytes()
        if name == "one.save":  # reopened once more: a sitting of its own, as ``sim solo continue`` records one
            ours, _, last = ours.rstrip(b"\n").rpartition(b"\n")
            ours += b"\n"
            assert json.loads(last)["type"] == "sitting"
        assert ours == save.read_bytes(), name


def test_rules_lookup_by_id_and_phrase(tmp_path):
    """BITD.RESIST.3 by its ID gives the reference's own section; a phrase finds it first."""

    async def go():
        async with stdio(tmp_path / "saves") as c:
            return (await c.call("rules_lookup", {"query": "bitd.resist.3"}),
                    await c.call("rules_lookup", {"query": "resistance stress"}),
                    await c.call("rules_lookup", {"query": "ORACLE.SCENE"}))

    by_id, phrase, group = run(go())
    page = (ROOT / "docs/rules/blades.md").read_text(encoding="utf-8")
    (rule,) = by_id["rules"]
    assert rule["id"] == "BITD.RESIST.3" and rule["page"] == "blades" and rule["text"] in page
    assert rule["text"].startswith("### `BITD.RESIST.3` — Resistance costs stress")
    assert "6 minus the highest die" in rule["text"] and "BITD.RESIST.4" not in rule["text"].split("\n")[0]
    assert phrase["match"] == "phrase" and phrase["rules"][0]["id"] == "BITD.RESIST.3"
    assert "ORACLE.SCENE.1" in group["rules"][0]["text"]


def test_sim_mcp_without_the_extra_says_what_to_install():
    import subprocess
    import sys

    from mcp_kit import env

    code = "import sys; sys.modules['mcp'] = None; from sim.cli import main; sys.exit(main(['mcp']))"
    done = subprocess.run([sys.executable, "-c", code], env=env(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "pip install 'sim[mcp]'" in done.stderr, done.stderr
    bad = sim("mcp", "--http", "70000")
    assert bad.returncode == 2 and "--http" in bad.stderr and "Traceback" not in bad.stderr
    a_file = sim("mcp", "--saves", "README.md")
    assert a_file.returncode == 2 and a_file.stderr.count("\n") == 1 and "saves folder" in a_file.stderr, a_file.stderr


def test_a_link_out_of_the_saves_folder_is_refused_and_a_bug_is_one_line(tmp_path):
    """In process: a save name through a symlink that leaves the folder is refused; a tool that fails by a bug
    answers one line naming it (its traceback goes to the server's log), never the traceback."""
    from mcp.server.mcpserver.exceptions import ToolError

    from sim.errors import UsageError
    from sim.mcp.saves import Saves
    from sim.mcp.server import tool_errors

    saves = Saves(tmp_path / "saves")
    (tmp_path / "elsewhere").mkdir()
    (saves.root / "link").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(UsageError, match="outside the saves folder"):
        saves.path("link/x.save")
    assert saves.path("club/week1.save")[0] == "club/week1.save"

    def broken(x: int) -> dict:
        raise KeyError("pcs")

    with pytest.raises(ToolError) as caught:
        tool_errors(broken)(1)
    assert str(caught.value) == "internal error in broken: KeyError: 'pcs'"
