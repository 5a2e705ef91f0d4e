"""The transcript of tool calls docs/mcp.md shows: a real ``sim mcp`` over stdio, one Fate scene played by the SDK's
client. ``python tests/mcp_transcript.py`` prints it; tests/test_mcp_docs.py checks the page holds it as printed.

Each call is shown as the tool's name and its arguments (JSON), then what came back, cut to what a GM reads: the
lines told, the decision waiting (prompt, the GM's reasons, the options with their odds), an error's one line.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from mcp_kit import stdio  # noqa: E402

SAVE = "docks.save"
CALLS = [
    ("session_new", {"scenario": "fate_docks", "save": SAVE, "seed": 12, "lang": "en"}),
    ("oracle_ask", {"save": SAVE, "question": "Is the harbourmaster awake?", "likelihood": "unlikely"}),
    ("session_command", {"save": SAVE, "line": "say Mara waits under the crane until the lamps go out"}),
    ("session_answer", {"save": SAVE, "option": 99}),
    ("session_answer", {"save": SAVE, "option": 1}),
    ("session_answer", {"save": SAVE, "option": 1}),
    ("session_answer", {"save": SAVE, "option": 1}),
    ("odds", {"system": "fate", "skill": 2, "vs": 3, "invokes": 1}),
]


def shown(result) -> list[str]:
    if result.is_error:
        return [f"error: {result.content[0].text}"]
    data = result.structured_content
    out = [f"  {line}" for line in (data.get("intro") or []) + (data.get("text") or []) if line.strip()][:12]
    if "outcomes" in data:
        out.append("  " + json.dumps({"exact": data["exact"]}))
    p = data.get("pending")
    if p:
        out.append(f"pending [{p['seat']}] {p['prompt']}")
        out += [f"  GM: {s}" for s in p["gm_says"]]
        out += [f"  {o['number']}. {o['label']}" + (f"   ({o['odds']})" if o["odds"] else "") for o in p["options"]]
    return out


async def transcript() -> str:
    with tempfile.TemporaryDirectory() as tmp:
        lines = []
        async with stdio(Path(tmp) / "saves") as c:
            for name, args in CALLS:
                result = await c.result(name, args)
                lines.append(f"→ {name} {json.dumps(args, ensure_ascii=False)}")
                lines += [f"← {line}" for line in shown(result)]
                lines.append("")
        return "\n".join(lines).rstrip() + "\n"


if __name__ == "__main__":
    sys.stdout.write(asyncio.run(transcript()))
