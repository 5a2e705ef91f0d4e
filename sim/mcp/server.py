"""The ``sim mcp`` server: the engine's tools, resources and prompts on the official ``mcp`` SDK (``MCPServer``).

Tools (each with an input schema from its signature, a description a model can act on, structured output):
``odds``, ``roll``, ``oracle_ask``, ``oracle_event``, ``oracle_meaning``, ``scene_check`` (outside a session as
``sim odds``, ``sim roll`` and ``sim oracle`` compute them, :mod:`sim.mcp.dice`; inside one, given ``save``,
through the session's own commands, journaled and saved), ``session_new``, ``session_open``, ``session_list``,
``session_state``, ``session_answer``, ``session_command``, ``session_export``, ``session_close``
(:mod:`sim.mcp.saves`) and ``rules_lookup`` (:mod:`sim.mcp.rules`). Every failure a caller can cause is a tool
error of one line (``is_error``): a :class:`~sim.errors.SimError` says what :mod:`sim` says; anything else is
logged on stderr and answered in one line, never a traceback on the wire or a dropped connection.

Resources: ``sim://rules/{page}`` (the rules reference), ``sim://scenarios/{name}`` (the bundled scenarios),
``sim://session/{save}/journal`` and ``sim://session/{save}/sheets``. Prompts: ``gm_<system>`` for each
registered system (:mod:`sim.mcp.prompts`).

The SDK is imported when the server is built, not with this module: its stdio transport imports POSIX-only
modules at import time on POSIX, and every module of ``sim`` imports where those do not exist
(tests/test_hardening_imports.py).
"""

import functools
import json
import logging
from typing import Annotated, Any, Literal

from pydantic import Field

from sim import __version__
from sim.errors import SimError, UsageError
from sim.mcp import dice as dicing
from sim.mcp import prompts, rules
from sim.mcp.saves import Saves, reply_of

log = logging.getLogger("sim.mcp")

INSTRUCTIONS = (
    "sim is a rules engine for Blades in the Dark, Fate Condensed and a mist (tags and statuses) system, and a solo "
    "game's GM machinery (an oracle, scene checks, tension). You narrate; sim keeps the rules. Start a session with "
    "session_new (a bundled scenario: starter, fate_docks, mist_harbor, ...), read session_state, answer its pending "
    "decision with session_answer, pass what the player types to session_command. Never invent dice or outcomes: "
    "ask odds, roll and the oracle tools. The gm_<system> prompts brief you as the session's GM."
)

Save = Annotated[str, Field(description="the session's save name inside the server's saves folder, e.g. heist.save")]
InSave = Annotated[str | None, Field(description="a session's save name: ask inside that session (journaled and "
                                                 "saved, at its tension, drawing on its threads and NPCs); "
                                                 "omit for a stateless answer")]
Seed = Annotated[int | None, Field(description="seed 0..2^63-1 for a stateless answer (default: a fresh one, "
                                               "returned, so the answer can be drawn again)")]
Likelihood = Annotated[str, Field(description="how likely a yes is: impossible, very_unlikely, unlikely, even, "
                                              "likely, very_likely, certain (a name in any language or a synonym "
                                              "too)")]
Tension = Annotated[int, Field(ge=1, le=9, description="tension 1..9 for a stateless answer (a session uses its own)")]
Names = Annotated[list[str] | None, Field(description="open threads / NPCs a random event may pick (stateless "
                                                     "only)")]
System = Literal["blades", "fate", "mist", "clock", "oracle", "dice"]


def _one_line(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= 2000 else f"{text[:1900]}...{text[-60:]}"


def tool_errors(fn):
    """A tool whose every failure is one line: a SimError as sim says it, anything else logged and named."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from mcp.server.mcpserver.exceptions import ToolError

        try:
            return fn(*args, **kwargs)
        except ToolError:
            raise
        except SimError as exc:
            raise ToolError(_one_line(str(exc))) from None
        except Exception as exc:  # a bug: logged with its traceback on stderr, one line to the caller
            log.exception("tool %s failed", fn.__name__)
            raise ToolError(_one_line(f"internal error in {fn.__name__}: {type(exc).__name__}: {exc}")) from None

    return wrapper


def build(saves_dir: str) -> tuple[Any, Saves]:
    """The server (an ``mcp.server.mcpserver.MCPServer``) and the saves folder it holds sessions in."""
    from mcp.server.mcpserver import MCPServer

    saves = Saves(saves_dir)
    server = MCPServer("sim", title="sim: tabletop rules engine", version=__version__, instructions=INSTRUCTIONS,
                       log_level="WARNING")

    def tool(description: str):
        def register(fn):
            server.add_tool(tool_errors(fn), name=fn.__name__, description=description, structured_output=True)
            return fn
        return register

    # ------------------------------------------------------------------ dice, odds and the oracle

    @tool("Exact odds (fractions, no sampling) of any roll, as `sim odds` computes them. system blades: dice (the "
          "rating), assist, push, bargain, position (controlled/risky/desperate), effect, resist (an attribute "
          "rating: the stress a resistance roll costs, BITD.RESIST.3). fate: skill, vs, invokes, opposed. mist: "
          "power, or tags, weaknesses, status (levels), burned. clock: size, dice, critical_ticks (fortune rolls to "
          "fill a clock). oracle: likelihood, tension (the six answers and the random-event chance). dice: expr (any "
          "dice expression: 1d6+2, 3d6kh1, 4dF+2, d%, 3d a Blades pool). Give only the fields of your system.")
    def odds(system: System,
             dice: Annotated[int | None, Field(description="blades: action rating; clock: dice per roll")] = None,
             assist: bool | None = None, push: bool | None = None, bargain: bool | None = None,
             position: Literal["controlled", "risky", "desperate"] | None = None,
             effect: Literal["zero", "limited", "standard", "great", "extreme"] | None = None,
             resist: int | None = None, skill: int | None = None, vs: int | None = None,
             invokes: int | None = None, opposed: bool | None = None, power: int | None = None,
             tags: int | None = None, weaknesses: int | None = None, status: list[int] | None = None,
             burned: int | None = None, size: int | None = None, critical_ticks: Literal[4, 5] | None = None,
             likelihood: str | None = None, tension: int | None = None, expr: str | None = None) -> dict[str, Any]:
        given = {"dice": dice, "assist": assist, "push": push, "bargain": bargain, "position": position,
                 "effect": effect, "resist": resist, "skill": skill, "vs": vs, "invokes": invokes,
                 "opposed": opposed, "power": power, "tags": tags, "weaknesses": weaknesses, "status": status,
                 "burned": burned, "size": size, "critical_ticks": critical_ticks, "likelihood": likelihood,
                 "tension": tension, "expr": expr}
        return dicing.odds(system, given)

    @tool("Roll dice with the engine's dice code. In a session (save): expr, any dice expression (1d6+2, 3d a "
          "Blades pool, 4dF+2), rolled from the session's own stream and journaled and saved like the session's "
          "`roll` command. Outside a session: as `sim roll SYSTEM --seed S --json`, with the fields of odds "
          "(system blades/fate/mist/oracle/dice) and seed; the answer carries the faces and the seed.")
    def roll(system: Literal["blades", "fate", "mist", "oracle", "dice"] = "dice", expr: str | None = None,
             save: InSave = None, seed: Seed = None,
             dice: Annotated[int | None, Field(description="blades: action rating")] = None,
             assist: bool | None = None, push: bool | None = None, bargain: bool | None = None,
             position: Literal["controlled", "risky", "desperate"] | None = None,
             effect: Literal["zero", "limited", "standard", "great", "extreme"] | None = None,
             resist: int | None = None, skill: int | None = None, vs: int | None = None,
             invokes: int | None = None, opposed: bool | None = None, power: int | None = None,
             tags: int | None = None, weaknesses: int | None = None, status: list[int] | None = None,
             burned: int | None = None, likelihood: str | None = None, tension: int | None = None) -> dict[str, Any]:
        given = {"dice": dice, "assist": assist, "push": push, "bargain": bargain, "position": position,
                 "effect": effect, "resist": resist, "skill": skill, "vs": vs, "invokes": invokes,
                 "opposed": opposed, "power": power, "tags": tags, "weaknesses": weaknesses, "status": status,
                 "burned": burned, "likelihood": likelihood, "tension": tension, "expr": expr}
        if save is not None:
            others = sorted(k for k, v in given.items() if v is not None and k != "expr")
            if system != "dice" or others or seed is not None:
                raise UsageError("in a session, roll takes expr only (a dice expression, e.g. 3d or 1d6+2): the "
                                "session's rolls come from its own seed")
            if not expr or not expr.strip():
                raise UsageError("roll in a session needs expr, a dice expression (e.g. 3d, 1d6+2, 4dF)")
            from sim import dicexpr

            dicexpr.parse(expr)  # a bad expression is the tool's error, in the words sim roll says it
            return _line(save, f"roll {expr.strip()}")
        return dicing.roll(system, given, seed)

    @tool("Ask the oracle a yes/no question (ORACLE.ANSWER): the answer is yes/no, with 'and'/'but' bands, and may "
          "bring a random event (ORACLE.EVENT.1). In a session (save) it is asked at the session's tension, "
          "journaled and saved; outside, seeded as `sim oracle ask`.")
    def oracle_ask(question: Annotated[str, Field(description="the yes/no question")],
                   likelihood: Likelihood = "even", save: InSave = None, seed: Seed = None, tension: Tension = 5,
                   threads: Names = None, npcs: Names = None) -> dict[str, Any]:
        if save is not None:
            if not question.strip() or "\n" in question:
                raise UsageError("oracle_ask needs a question of one line")
            return _line(save, f"ask {question.strip()} {dicing.likelihood(likelihood)}")
        return dicing.oracle("ask", seed=seed, question=question, likelihood_word=likelihood, tension=tension,
                           threads=threads, npcs=npcs)

    @tool("Draw a random event: its focus (what it is about: an NPC acts, a thread moves, ...) and a meaning word "
          "pair to read together (ORACLE.EVENT). In a session (save) journaled and drawn on its threads and NPCs.")
    def oracle_event(save: InSave = None, seed: Seed = None, threads: Names = None, npcs: Names = None) -> dict[str, Any]:
        if save is not None:
            return _line(save, "event")
        return dicing.oracle("event", seed=seed, threads=threads, npcs=npcs)

    @tool("Draw a meaning word pair, an action and a subject, to interpret together (ORACLE.MEANING). In a session "
          "(save) journaled and saved.")
    def oracle_meaning(save: InSave = None, seed: Seed = None) -> dict[str, Any]:
        if save is not None:
            return _line(save, "meaning")
        return dicing.oracle("meaning", seed=seed)

    @tool("A scene check (ORACLE.SCENE.1): does a new scene go as expected, altered or interrupted (d20 + tension). "
          "In a session (save): the current scene, the check the session made when it opened, and the tension "
          "(a session checks each new scene itself). Outside: a seeded check at the given tension.")
    def scene_check(save: InSave = None, seed: Seed = None, tension: Tension = 5) -> dict[str, Any]:
        if save is not None:
            return _line(save, "scene")
        return dicing.oracle("scene", seed=seed, tension=tension)

    # ------------------------------------------------------------------ sessions

    def _line(save: str, line: str) -> dict[str, Any]:
        opened, reply = saves.handle(save, line)
        return reply_of(opened, reply)

    @tool("Start a solo session: you (the player's side) hold the player seats, sim is the rules and the GM's "
          "machinery. scenario: a bundled name (starter: Blades; fate_docks, fate_cult: Fate; mist_harbor: mist; "
          "sim://scenarios lists them) or a scenario file. save: a new file name inside the saves folder. Returns "
          "the opening story and the session's state with its first decision.")
    def session_new(scenario: Annotated[str, Field(description="a bundled scenario's name (starter, fate_docks, "
                                                               "mist_harbor, ...) or a scenario file's path")],
                    save: Save,
                    seats: Annotated[str | None, Field(description="the player seats held, comma-separated "
                                                                   "(pc1,pc2), or all (the default)")] = None,
                    seed: Annotated[int | None, Field(description="seed 0..2^63-1 (default: the scenario's)")] = None,
                    lang: Literal["en", "zh-Hant", "zh-Hans"] | None = None,
                    scores: Annotated[int | None, Field(description="Blades: the number of scores to play "
                                                                    "(default: the scenario's)")] = None) -> dict[str, Any]:
        opened = saves.new(scenario, save, seats=seats, seed=seed, lang=lang, scores=scores)
        return {"intro": opened.session.intro(), **saves.state(opened.name)}

    @tool("Continue a saved session in the saves folder (as `sim solo continue`): replayed to its last step and "
          "checked; a save open elsewhere is refused by its lock.")
    def session_open(save: Save, on_diverge: Literal["stop", "last-agreeing"] = "stop") -> dict[str, Any]:
        opened = saves.open(save, on_diverge=on_diverge)
        return {"intro": opened.session.intro(), "warnings": list(opened.session.warnings), **saves.state(opened.name)}

    @tool("The saves in the saves folder and the sessions open now.")
    def session_list() -> dict[str, Any]:
        return {"saves_folder": str(saves.root), "saves": saves.names(), "open": sorted(saves.open_sessions)}

    @tool("A session's state: the characters' sheets, clocks, scene and scene check, tension, threads, NPCs, and "
          "the pending decision (prompt, options each with its number, label and exact odds, and the GM's reasons "
          "gm_says). Read it before every narration.")
    def session_state(save: Save) -> dict[str, Any]:
        return saves.state(save)

    @tool("Answer the session's pending decision with one of its options, by number (1, 2, ...) or exact label. "
          "The campaign plays on to the next decision; returns what happened (the narrated text and the journal "
          "events) and the next pending decision. An option that is not offered is an error listing the legal ones.")
    def session_answer(save: Save, option: Annotated[int | str, Field(description="the option's number or label")]
                       ) -> dict[str, Any]:
        opened, reply = saves.answer(save, option)
        return reply_of(opened, reply)

    @tool("What the player types at `sim solo`, passed to the session: say TEXT (what happens in the fiction), note "
          "TEXT (a note; its text may go on over several lines), clock new NAME SIZE | clock tick NAME [N] | clock "
          "clear NAME, tension N, threads add TEXT, npcs add NAME, npc (draw a new NPC), expect TEXT, ask QUESTION "
          "[LIKELIHOOD], odds, auto (the seat's policy answers) | auto score (to the end of the score), undo, "
          "journal [N], sheet, clocks, help, quit, and any command the session knows (help lists them).")
    def session_command(save: Save, line: Annotated[str, Field(description="the command line, e.g. say Tracie "
                                                                           "slips in by the coal chute")]) -> dict[str, Any]:
        opened, reply = saves.command(save, line)
        return reply_of(opened, reply)

    @tool("A session's story as Markdown (for a notes app) or its journal as JSON Lines, exactly as `sim solo "
          "export --md|--json` writes it.")
    def session_export(save: Save, format: Literal["markdown", "jsonl"] = "markdown") -> dict[str, Any]:
        return {"save": saves.path(save)[0], "format": format, "text": saves.export(save, format)}

    @tool("Close a session (everything resolved is saved already) and let go of its save, so `sim solo continue` "
          "or session_open can take it.")
    def session_close(save: Save) -> dict[str, Any]:
        return {"closed": saves.close(save)}

    # ------------------------------------------------------------------ rules

    @tool("Look up the rules reference: a rule ID (BITD.RESIST.3, FATE.ASPECT, MIST.ROLL.2, ORACLE.SCENE.1) gives "
          "that rule's text; a phrase (resistance stress) gives the rules that hold its words, best first. Use it "
          "instead of remembering a rule.")
    def rules_lookup(query: Annotated[str, Field(description="a rule ID or a search phrase")]) -> dict[str, Any]:
        return rules.lookup(query)

    _resources(server, saves)
    _prompts(server, saves)
    return server, saves


def _resource_errors(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        from mcp.server.mcpserver.exceptions import ResourceError

        try:
            return fn(*args, **kwargs)
        except SimError as exc:
            raise ResourceError(_one_line(str(exc))) from None
    return wrapper


def _resources(server: Any, saves: Saves) -> None:
    from sim.content.bundled import bundled_path, bundled_scenarios

    def page_reader(page: str):
        def read_page() -> str:
            return rules.page_text(page)
        return read_page

    def scenario_reader(name: str):
        def read_scenario() -> str:
            return bundled_path(name).read_text(encoding="utf-8")
        return read_scenario

    for page in rules.pages():
        server.resource(f"sim://rules/{page}", name=f"rules-{page}", title=f"Rules reference: {page}",
                        description=f"The rules reference page {page} (docs/rules/{page}.md), one heading per rule ID",
                        mime_type="text/markdown")(page_reader(page))
    for name in bundled_scenarios():
        server.resource(f"sim://scenarios/{name}", name=f"scenario-{name}", title=f"Scenario {name}",
                        description=f"The bundled scenario {name} (session_new takes its name)",
                        mime_type="application/yaml")(scenario_reader(name))

    @server.resource("sim://session/{save}/journal", name="session-journal", mime_type="application/jsonl",
                     description="An open session's journal so far, as JSON Lines (sim solo export --json)")
    @_resource_errors
    def journal(save: str) -> str:
        return saves.export(save, "jsonl")

    @server.resource("sim://session/{save}/sheets", name="session-sheets", mime_type="application/json",
                     description="An open session's sheets, clocks, scene, tension and pending decision (JSON)")
    @_resource_errors
    def sheets(save: str) -> str:
        return json.dumps(saves.state(save), ensure_ascii=False)


def _prompts(server: Any, saves: Saves) -> None:
    from sim.systems import systems

    def briefer(system: str):
        def brief(save: str = "", lang: str = "") -> str:
            try:
                if save:
                    state = saves.state(save)
                    if state["system"] != system:
                        raise SimError(f"session {save!r} plays {state['system']}, not {system}: "
                                       f"use the gm_{state['system']} prompt")
                    return prompts.gm_brief(system, lang or state["lang"], state["save"])
                return prompts.gm_brief(system, lang or "en")
            except SimError as exc:
                raise ValueError(_one_line(str(exc))) from None
        return brief

    for system in sorted(systems()):
        server.prompt(name=f"gm_{system}", title=f"Be the GM of a {prompts.system_title(system, 'en')} session",
                      description=f"Brief the model as the game master of a {system} session: what it may narrate "
                                  f"and what it must ask the engine. save: the session (its language); lang: "
                                  f"en, zh-Hant or zh-Hans")(briefer(system))
