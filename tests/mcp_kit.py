"""The tests' side of ``sim mcp``: the server started as a subprocess, talked to with the SDK's own client.

:func:`stdio` starts ``python -m sim mcp --saves DIR`` and yields an initialised :class:`mcp.ClientSession` over
its stdin and stdout; :func:`http` starts ``sim mcp --http PORT`` and connects with the SDK's streamable HTTP
client. :class:`Client` wraps a session with ``call`` (the structured answer; a tool error raises
:class:`ToolFailed` with its one line) and ``fails`` (the tool error's text, which a test expects).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, AsyncIterator

ROOT = Path(__file__).resolve().parents[1]


class ToolFailed(AssertionError):
    pass


class Client:
    def __init__(self, session):
        self.session = session
        self.calls: list[tuple[str, dict, Any]] = []  # every call and its answer: a transcript

    async def result(self, name: str, args: dict | None = None):
        return await self.session.call_tool(name, args or {})

    async def call(self, name: str, args: dict | None = None) -> dict:
        r = await self.result(name, args)
        if r.is_error:
            raise ToolFailed(f"{name}({args}): {r.content[0].text}")
        self.calls.append((name, dict(args or {}), r.structured_content))
        return r.structured_content

    async def fails(self, name: str, args: dict | None = None) -> str:
        r = await self.result(name, args)
        assert r.is_error, f"{name}({args}) should have failed: {r.structured_content}"
        (content,) = r.content
        text = content.text
        assert "\n" not in text and "Traceback" not in text, text
        return text


def env() -> dict[str, str]:
    out = dict(os.environ)
    out["PYTHONPATH"] = str(ROOT) + (os.pathsep + out["PYTHONPATH"] if out.get("PYTHONPATH") else "")
    return out


@contextlib.asynccontextmanager
async def stdio(saves: Path, cwd: Path | None = None, errlog=None) -> AsyncIterator[Client]:
    from mcp import ClientSession
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=sys.executable, args=["-m", "sim", "mcp", "--saves", str(saves)],
                                   env=env(), cwd=str(cwd or saves.parent))
    with open(os.devnull, "w") if errlog is None else contextlib.nullcontext(errlog) as err:
        async with stdio_client(params, errlog=err) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                yield Client(session)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.asynccontextmanager
async def http(saves: Path) -> AsyncIterator[Client]:
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "sim", "mcp", "--http", str(port), "--saves", str(saves)],
                            env=env(), cwd=saves.parent, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 30
        while True:  # until the port answers
            assert proc.poll() is None, proc.stderr.read().decode()
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert time.monotonic() < deadline, "sim mcp --http did not start listening"
            time.sleep(0.1)
        async with streamable_http_client(f"http://127.0.0.1:{port}/mcp") as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                yield Client(session)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()


def sim(*argv: str, cwd: Path | None = None, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "sim", *argv], cwd=cwd or ROOT, env=env(), capture_output=True,
                          text=True, input=stdin, timeout=300)


def scripted_save(tmp_path, scenario: str, lines: list[str], *flags: str) -> bytes:
    """The save ``sim solo new SCENARIO --script`` makes of ``lines`` (what a surface's save is compared with)."""
    script = tmp_path / f"{scenario}.script"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    save = tmp_path / f"{scenario}-script.save"
    done = sim("solo", "new", scenario, "--save", str(save), "--script", str(script), *flags)
    assert done.returncode == 0, done.stderr
    return save.read_bytes()
