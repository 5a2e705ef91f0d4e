"""Issue 35 in a real browser: ``sim web`` served by its own command and played in headless Chromium (Debian's
``chromium-headless-shell``, launched by its path) through Playwright, by clicks and keys.

A Blades score (BITD.CORE) is started from the first page's link, a fiction line typed into the command line and
sent with Enter, a clock made, and every decision answered by its first option (the first by the keyboard: the
option has the focus, Enter answers it); the save equals the save ``sim solo new --script`` makes from the same
lines; axe-core (vendored from the npm registry) finds no serious or critical WCAG 2 A/AA violation on the play
page, the first page and the new session form. With ``SIM_WEB_SCREENSHOT=PATH`` the play page, at a decision with odds, is saved as a PNG there
(docs/img/web-play.png is made so).

Skipped, saying why, when Playwright or the browser is missing (``.ci/run`` installs the browser with apt-get).
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
playwright = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed (pip install playwright)")

from mcp_kit import ROOT, env, sim  # noqa: E402

CANDIDATES = ("/usr/lib/chromium/chromium-headless-shell", "/usr/bin/chromium-headless-shell",
              "/usr/lib/chromium/chromium", "/usr/bin/chromium")


def browser_binary() -> str | None:
    found = shutil.which("chromium-headless-shell")
    return found or next((c for c in CANDIDATES if os.access(c, os.X_OK)), None)


BINARY = browser_binary()
#: axe-core 4.14.1 from the npm registry (npm pack axe-core), vendored for this test, with its license (MPL-2.0)
AXE = Path(__file__).parent / "vendor" / "axe.min.js"


def serious_violations(page) -> list[str]:
    """The page's accessibility violations axe-core rates serious or critical (WCAG 2 A and AA rules)."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate("""async () => {
        const r = await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}});
        return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
                           .map(v => v.id + ': ' + v.help + ' (' + v.nodes.length + ')');
    }""")
    return list(found)
pytestmark = pytest.mark.skipif(BINARY is None, reason="no Chromium binary (apt-get install chromium-headless-shell)")


@pytest.fixture
def server(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    saves = tmp_path / "saves"
    proc = subprocess.Popen([sys.executable, "-m", "sim", "web", "--port", str(port), "--saves", str(saves)],
                            cwd=ROOT, env=env(), stderr=subprocess.PIPE, text=True)
    try:
        url = re.search(r"open (http://\S+)", proc.stderr.readline()).group(1)
        yield url, saves
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_blades_score_played_in_the_browser_by_clicks_and_keys_is_the_scripts_save(server, tmp_path):
    url, saves = server
    lines: list[str] = []
    shot = os.environ.get("SIM_WEB_SCREENSHOT")
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=BINARY, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        for _ in range(50):  # the server may still be starting
            try:
                page.goto(url)
                break
            except playwright.Error:
                page.wait_for_timeout(100)
        assert page.get_by_role("cell", name="mist_harbor", exact=True).is_visible()
        assert serious_violations(page) == []
        page.get_by_role("link", name="New session: starter", exact=True).click()
        page.get_by_label("Seed").wait_for()
        assert serious_violations(page) == []
        page.get_by_label("Seed").fill("3")
        page.get_by_label("Scores").fill("1")
        page.get_by_role("button", name="Start").click()
        page.wait_for_selector("#decision")
        # the keyboard: the first option has the focus, Enter answers it
        page.get_by_role("button", name=re.compile(r"^1\. ")).focus()
        page.keyboard.press("Enter")
        page.wait_for_function("document.querySelector('input[name=step]').value === '2'")
        lines.append("1")
        for line in ("say Tracie slips in by the coal chute", "clock new Alarm 4", "clock tick Alarm 2"):
            box = page.get_by_label(re.compile("^Command"))
            box.fill(line)
            box.press("Enter")
            page.wait_for_selector(".reply")
            page.wait_for_function("document.querySelector('#line').value === ''")
            lines.append(line)
        assert page.locator('svg.clock[aria-label="Alarm: 2/4"]').count() == 1
        assert serious_violations(page) == []
        # bad input: the error page is shown in place (a 4xx is swapped in too), and Back leads home
        box = page.get_by_label(re.compile("^Command"))
        box.fill("note")
        box.press("Enter")
        assert "note needs its text" in page.get_by_role("alert").inner_text()
        page.get_by_role("link", name="Back").click()
        page.get_by_role("link", name="starter.save").click()
        page.wait_for_selector("#decision")
        shot_taken = False
        for _ in range(600):
            step = page.locator("input[name=step]")
            if step.count() == 0:
                break
            n = step.get_attribute("value")
            if shot and not shot_taken and page.locator(".odds").count() >= 2 and page.locator(".gm").count():
                Path(shot).parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=shot, full_page=False)
                shot_taken = True
            page.get_by_role("button", name=re.compile(r"^1\. ")).click()
            page.wait_for_function(f"(document.querySelector('input[name=step]') || {{value: 'end'}}).value "
                                   f"!== '{n}'")
            lines.append("1")
        assert page.get_by_text("The campaign is over.").is_visible()
        page.get_by_role("button", name="Close the session").click()
        page.wait_for_selector("text=Saves")
        browser.close()
    script = tmp_path / "heist.script"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    theirs = tmp_path / "script.save"
    done = sim("solo", "new", "starter", "--save", str(theirs), "--seed", "3", "--scores", "1", "--script",
               str(script))
    assert done.returncode == 0, done.stderr
    assert (saves / "starter.save").read_bytes() == theirs.read_bytes()


@pytest.mark.parametrize("scenario,system", [("fate_docks", "fate"), ("mist_harbor", "mist")])
def test_fate_and_mist_sessions_started_and_answered_in_the_browser(server, tmp_path, scenario, system):
    """FATE.DICE and MIST.ROLL: a session started from the first page in another language of the pages, four
    decisions answered by clicks; the save is the script's of the same four answers."""
    url, saves = server
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=BINARY, args=["--no-sandbox"])
        page = browser.new_page()
        page.goto(url)
        page.get_by_role("link", name=f"New session: {scenario}", exact=True).click()
        page.get_by_label("Seed").fill("5")
        page.get_by_role("button", name="Start").click()
        page.wait_for_selector("#decision")
        assert f"({system}, en, seed 5)" in page.locator("h2").first.inner_text()
        for n in range(1, 5):
            assert page.locator("input[name=step]").get_attribute("value") == str(n)
            page.get_by_role("button", name=re.compile(r"^1\. ")).click()
            page.wait_for_function(f"(document.querySelector('input[name=step]') || {{value: 'end'}}).value "
                                   f"!== '{n}'")
        page.get_by_role("link", name="zh-Hant").click()
        page.get_by_role("heading", name="待決的決定").wait_for()
        page.get_by_role("button", name="關閉遊戲").click()
        page.wait_for_selector("text=存檔")
        browser.close()
    theirs = tmp_path / "script.save"
    done = sim("solo", "new", scenario, "--save", str(theirs), "--seed", "5", "--lang", "en", "--script", "-",
               stdin="1\n1\n1\n1\n")
    assert done.returncode == 0, done.stderr
    assert (saves / f"{scenario}.save").read_bytes() == theirs.read_bytes()


def test_the_accessibility_check_finds_a_serious_violation_when_there_is_one():
    """The check can fail: an image with no text and an unlabelled field are found."""
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=BINARY, args=["--no-sandbox"])
        page = browser.new_page()
        page.set_content('<!doctype html><html lang="en"><title>x</title><main><img src="x.png">'
                         '<input name="q"></main></html>')
        found = serious_violations(page)
        browser.close()
    assert any(v.startswith("image-alt") for v in found) and any(v.startswith("label") for v in found), found
