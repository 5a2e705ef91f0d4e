"""Issue 36: ``sim mcp --http PORT`` on 127.0.0.1, the SDK's streamable HTTP transport, driven by its own HTTP
client: the same tools, a session played a few steps and continued by ``sim solo continue``, and a session's
journal and sheets read as resources."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("mcp")

from mcp_kit import ROOT, http, sim  # noqa: E402


def test_sim_mcp_over_http_plays_a_session_the_terminal_continues(tmp_path):
    async def go():
        async with http(tmp_path / "saves") as c:
            tools = {t.name for t in (await c.session.list_tools()).tools}
            odds = await c.call("odds", {"system": "blades", "dice": 1})
            await c.call("session_new", {"scenario": "starter", "save": "web/heist.save", "scores": 1, "seed": 9})
            for _ in range(3):
                await c.call("session_answer", {"save": "web/heist.save", "option": 1})
            asked = await c.call("oracle_ask", {"save": "web/heist.save", "question": "Is it raining?",
                                                "likelihood": "likely"})
            journal = await c.session.read_resource("sim://session/web%2Fheist.save/journal")
            sheets = await c.session.read_resource("sim://session/web%2Fheist.save/sheets")
            missing = await c.fails("session_answer", {"save": "web/nope.save", "option": 1})
            state = await c.call("session_state", {"save": "web/heist.save"})
            await c.call("session_close", {"save": "web/heist.save"})
            return tools, odds, asked, journal, sheets, missing, state

    tools, odds, asked, journal, sheets, missing, state = asyncio.run(asyncio.wait_for(go(), 120))
    assert "session_answer" in tools and odds["system"] == "blades" and odds["exact"]["success"] == "1/6"
    assert [e["event"] for e in asked["events"]][:1] == ["oracle"]  # journaled in the session (ORACLE.ANSWER.1)
    save = tmp_path / "saves" / "web" / "heist.save"
    events = [json.loads(line) for line in journal.contents[0].text.splitlines()]
    assert events[-1]["event"] == "oracle" and events[-1]["question"] == "Is it raining?"
    assert json.loads(sheets.contents[0].text)["pending"] == state["pending"]
    assert "no session" in missing
    entries = [json.loads(line) for line in save.read_text(encoding="utf-8").splitlines()[1:]]
    assert [e["type"] for e in entries].count("answer") >= 3 and entries[-1]["type"] == "oracle"
    # the terminal goes on from the same save: replayed without a divergence, then one more answer
    done = sim("solo", "continue", str(save), "--script", "-", stdin="1\n")
    assert done.returncode == 0 and "diverge" not in done.stdout.lower(), done.stdout + done.stderr
    after = [json.loads(line) for line in save.read_text(encoding="utf-8").splitlines()[1:]]
    assert [e["type"] for e in after[len(entries):]] == ["sitting", "answer"]  # the terminal's sitting, its answer


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    """Issue 36: errors are one clear line: a port another program holds is refused before the server starts."""
    import socket
    import subprocess
    import sys as _sys

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind(("127.0.0.1", 0))
        held.listen(1)
        port = held.getsockname()[1]
        done = subprocess.run([_sys.executable, "-m", "sim", "mcp", "--http", str(port), "--saves", str(tmp_path)],
                              capture_output=True, text=True, timeout=60, cwd=tmp_path,
                              env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 2, done.stderr
    assert f"cannot serve on 127.0.0.1:{port}" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr
