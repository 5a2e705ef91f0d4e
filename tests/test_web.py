"""Issue 35: ``sim web``, solo play on a local web page, driven by Starlette's TestClient.

Every page and action is requested; the token, the Host header and the CSRF token are refused when wrong; a save
named outside the saves folder (by ``..``, an absolute path or a link) is refused; a Blades score (BITD.CORE) played
to its end by POSTs makes the save ``sim solo new --script`` makes from the same lines, byte for byte, and its
journal exports the same; Fate (FATE.DICE) and mist (MIST.ROLL) sessions are played by POSTs to their scripts' saves
too; an answer from a page showing an older decision is refused (409), a second tab follows the same session and a
save held by another writer is refused by its lock.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("jinja2")
pytest.importorskip("python_multipart")
from starlette.testclient import TestClient  # noqa: E402

from mcp_kit import ROOT, env, scripted_save, sim  # noqa: E402
from markupsafe import escape  # noqa: E402
from sim.web.app import build, clock_svg  # noqa: E402

TOKEN = "test-token-0123456789"
BASE = "http://127.0.0.1:8765"


@pytest.fixture
def web(tmp_path):
    app, saves, token = build(str(tmp_path / "saves"), token=TOKEN, port=8765)
    client = TestClient(app, base_url=BASE, follow_redirects=True)
    first = client.get(f"/?token={TOKEN}")
    assert first.status_code == 200
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/new?scenario=starter").text).group(1)
    yield client, csrf, saves, tmp_path / "saves"
    saves.close_all()


def pending_step(html: str) -> str | None:
    found = re.search(r'name="step" value="(\d+)"', html)
    return found.group(1) if found else None


def play_by_posts(client, csrf, save: str, extra: dict[int, list[tuple[str, dict]]] | None = None,
                  most: int = 600, registry=None) -> tuple[list[str], list[float]]:
    """Answer the first option until the campaign ends, by POSTs; ``extra``: forms posted before answer N.
    Returns the lines a person would type for the same play, and each answer's round trip in seconds. With
    ``registry`` (the server's sessions), every option the page shows has the session's own label and odds."""
    from markupsafe import escape

    lines, took = [], []
    page = client.get(f"/play?save={save}").text
    n = 0
    while (step := pending_step(page)) is not None:
        assert n < most, "the session did not end"
        if registry is not None:
            p = registry.open_sessions[save].session.pending
            assert step == str(p.step)
            for c in p.options:
                shown = f"{c.number}. {escape(c.label)}" + (f'<span class="odds">Odds: {escape(c.odds)}</span>'
                                                            if c.odds else "</button>")
                assert shown in page, shown
        for route, form in (extra or {}).get(n, []):
            done = client.post(route, data={"csrf": csrf, "save": save, **form})
            assert done.status_code == 200, done.text
            lines.append(form["line"] if route == "/command" else f"ask {form['question']} {form['likelihood']}")
        t0 = time.perf_counter()
        done = client.post("/answer", data={"csrf": csrf, "save": save, "step": step, "option": "1"})
        took.append(time.perf_counter() - t0)
        assert done.status_code == 200, done.text
        lines.append("1")
        page = done.text
        n += 1
    return lines, took


def new_session(client, csrf, scenario: str, save: str, **form: str):
    data = {"csrf": csrf, "scenario": scenario, "save": save, "seats": "all", "seed": "", "scores": "", "lang": "en"}
    return client.post("/new", data={**data, **form})


# ---------------------------------------------------------------------------------------------- safety


def test_every_request_needs_the_token_and_the_first_visit_sets_a_cookie(tmp_path):
    app, saves, _ = build(str(tmp_path / "saves"), token=TOKEN, port=8765)
    client = TestClient(app, base_url=BASE, follow_redirects=False)
    for path in ("/", "/new", "/play?save=a.save", "/export?save=a.save", "/static/htmx.min.js"):
        refused = client.get(path)
        assert refused.status_code == 403 and "token" in refused.text, path
    assert client.get("/?token=wrong").status_code == 403
    assert client.post(f"/new?token={TOKEN}", data={}).status_code == 403  # a POST's token is the cookie's
    first = client.get(f"/new?scenario=starter&token={TOKEN}")
    assert first.status_code == 303 and first.headers["location"] == "/new?scenario=starter"
    cookie = first.headers["set-cookie"]
    assert TOKEN in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert client.get("/new?scenario=starter").status_code == 200  # the cookie carries it now
    other = TestClient(app, base_url=BASE, cookies={"sim_web_token": "wrong"})
    assert other.get("/").status_code == 403
    saves.close_all()


def test_a_foreign_host_header_and_other_methods_are_refused(web):
    client, csrf, _, _ = web
    assert client.get("/", headers={"host": "evil.example:8765"}).status_code == 421  # DNS rebinding
    assert client.get("/", headers={"host": "127.0.0.1:9999"}).status_code == 421
    assert client.get("/", headers={"host": "localhost:8765"}).status_code == 200
    for method in ("PUT", "DELETE", "PATCH"):
        assert client.request(method, "/new").status_code == 405
    assert client.get("/answer").status_code == 405  # a state-changing route takes only POST
    assert "<html" in client.get("/answer").text and "Traceback" not in client.get("/answer").text


def test_every_post_needs_the_csrf_token(web):
    client, csrf, _, saves = web
    for wrong in (None, "wrong", csrf[:-1], ""):
        form = {"scenario": "starter", "save": "x.save"} | ({} if wrong is None else {"csrf": wrong})
        done = client.post("/new", data=form)
        assert done.status_code == 403 and "CSRF" in done.text
    assert not (saves / "x.save").exists()
    assert new_session(client, csrf, "starter", "x.save").status_code == 200
    for route in ("/answer", "/command", "/ask", "/close", "/open"):
        refused = client.post(route, data={"save": "x.save", "line": "say hi", "option": "1", "question": "q?"})
        assert refused.status_code == 403, route
    assert b'"say"' not in (saves / "x.save").read_bytes()


def test_a_save_named_outside_the_saves_folder_is_refused(web, tmp_path):
    client, csrf, _, saves = web
    outside = tmp_path / "outside"
    outside.mkdir()
    (saves / "link").symlink_to(outside)
    for name in ("../out.save", str(tmp_path / "abs.save"), "link/in.save", "", "a\x00.save"):
        done = new_session(client, csrf, "starter", name)
        assert 400 <= done.status_code < 500 and "Traceback" not in done.text, name
    assert list(outside.iterdir()) == [] and not (tmp_path / "out.save").exists()
    assert not (tmp_path / "abs.save").exists()
    for path in ("/play?save=../../etc/passwd", "/play?save=/etc/passwd", "/export?save=link/x.save",
                 "/export?save=../x.save&format=jsonl"):
        done = client.get(path)
        assert 400 <= done.status_code < 500 and "outside the saves folder" in done.text, path
    done = client.post("/open", data={"csrf": csrf, "save": "../../etc/passwd"})
    assert done.status_code == 400 and "outside the saves folder" in done.text
    assert new_session(client, csrf, "../scenarios/starter.yaml", "y.save").status_code == 400  # bundled only


def test_bad_input_is_a_readable_page_and_a_4xx(web):
    client, csrf, _, _ = web
    assert new_session(client, csrf, "starter", "a.save").status_code == 200
    cases = [("/new", {"scenario": "starter", "save": "a.save"}, 409, "open already"),
             ("/open", {"save": "a.save"}, 200, "a.save"),  # open already: this tab follows it
             ("/new", {"scenario": "nope", "save": "b.save"}, 400, "no bundled scenario"),
             ("/new", {"scenario": "starter", "save": "b.save", "seed": "x"}, 400, "whole numbers"),
             ("/new", {"scenario": "starter", "save": "b.save", "seats": "pc9"}, 400, "--seats"),
             ("/new", {"scenario": "starter", "save": "b.save", "lang": "xx"}, 400, "lang"),
             ("/answer", {"save": "a.save", "step": "1", "option": "99"}, 400, "not an option"),
             ("/answer", {"save": "a.save", "step": "7", "option": "1"}, 409, "older decision"),
             ("/answer", {"save": "nope.save", "step": "1", "option": "1"}, 400, "no session"),
             ("/command", {"save": "a.save", "line": ""}, 400, "command line"),
             ("/command", {"save": "a.save", "line": "a\nb"}, 400, "one command at a time"),
             ("/command", {"save": "a.save", "line": "x" * 5000}, 400, "longer than"),
             ("/ask", {"save": "a.save", "question": "", "likelihood": "even"}, 400, "question"),
             ("/ask", {"save": "a.save", "question": "Q?", "likelihood": "maybe"}, 400, "likelihood"),
             ("/open", {"save": "missing.save"}, 400, "no save"),
             ("/close", {"save": "missing.save"}, 400, "no session")]
    for route, form, status, words in cases:
        done = client.post(route, data={"csrf": csrf, **form})
        assert done.status_code == status and words in done.text, (route, form, done.status_code, done.text[-300:])
        assert "Traceback" not in done.text and ('role="alert"' in done.text) == (status != 200)
    client.post("/close", data={"csrf": csrf, "save": "a.save"})
    done = new_session(client, csrf, "starter", "a.save")
    assert done.status_code == 400 and "already exists" in done.text
    for path, status in (("/nope", 404), ("/new?scenario=nope", 404), ("/play", 400), ("/play?save=z.save", 404),
                         ("/export?save=a.save&format=pdf", 400), ("/export?save=z.save", 400)):
        done = client.get(path)
        assert done.status_code == status and "Traceback" not in done.text, path
    garbled = client.post("/command", content=b"\xff\xfe--", headers={"content-type": "multipart/form-data"})
    assert 400 <= garbled.status_code < 500


# ---------------------------------------------------------------------------------------------- pages


def test_the_index_lists_scenarios_of_all_three_systems_and_the_saves(web):
    client, csrf, _, _ = web
    page = client.get("/").text
    for name, system in (("starter", "blades"), ("fate_docks", "fate"), ("mist_harbor", "mist")):
        assert re.search(rf"<td>{name}</td><td>{system}</td>", page), name
        assert f'href="/new?scenario={name}"' in page
    assert "No saves" in page
    new_session(client, csrf, "starter", "a.save")
    assert 'href="/play?save=a.save"' in client.get("/").text
    client.post("/close", data={"csrf": csrf, "save": "a.save"})
    page = client.get("/").text
    assert 'action="/open"' in page and 'value="a.save"' in page
    assert client.post("/open", data={"csrf": csrf, "save": "a.save"}).url.path == "/play"
    assert client.get("/static/htmx.min.js").text.startswith("var htmx=")
    assert '<script src="/static/htmx.min.js"' in page and 'hx-boost="true"' in page


def test_the_pages_switch_language_and_a_session_plays_in_its_own(web):
    client, csrf, _, _ = web
    assert "時鐘" not in client.get("/").text
    zh = client.get("/?lang=zh-Hant")
    assert '<html lang="zh-Hant">' in zh.text and "劇本" in zh.text
    assert "劇本" in client.get("/").text  # kept in a cookie
    assert "剧本" in client.get("/?lang=zh-Hans").text
    assert '<html lang="en">' in client.get("/?lang=en").text
    assert '<html lang="en">' in client.get("/?lang=xx").text  # an unknown one: the server's
    page = new_session(client, csrf, "starter", "zh.save", lang="zh-Hant", seed="3").text
    assert "zh-Hant" in page and "行動" in page or "組織" in page


def test_the_play_page_shows_the_decision_odds_sheets_clocks_journal_and_exports(web):
    client, csrf, registry, saves = web
    page = new_session(client, csrf, "starter", "a.save", seed="3", scores="1").text
    assert 'id="decision"' in page and pending_step(page) == "1"
    assert page.count('name="option"') >= 2 and "autofocus" in page
    for words in ('<label for="line">', '<label for="question">', '<label for="likelihood">', 'class="view"',
                  'class="reply"', "Export", "Journal"):
        assert words in page, words
    page = client.post("/command", data={"csrf": csrf, "save": "a.save", "line": "clock new Alarm 4"}).text
    assert re.search(r'<svg class="clock"[^>]*aria-label="Alarm: 0/4"', page)
    page = client.post("/command", data={"csrf": csrf, "save": "a.save", "line": "clock tick Alarm 3"}).text
    assert 'aria-label="Alarm: 3/4"' in page
    page = client.post("/command", data={"csrf": csrf, "save": "a.save", "line": "say The gate gives"}).text
    assert page.index("The gate gives") < page.index("Alarm")  # the journal, newest first
    journal = page[page.index('class="journal"'):]
    assert journal.index("The gate gives") < journal.index("Alarm")
    # the oracle's answer odds before asking are sim oracle's (the session's tension, the likelihood)
    before = client.post("/ask", data={"csrf": csrf, "save": "a.save", "question": "Is it late?",
                                       "likelihood": "likely", "odds": "1"}).text
    printed = sim("odds", "oracle", "--likelihood", "likely", "--tension", "5").stdout.splitlines()[2:8]
    for row in printed:  # ORACLE.SCALE.1: the six answers, as sim odds oracle prints them
        *answer, pct, frac = row.split()
        assert f"{' '.join(answer)}: {pct} ({frac})" in before, row
    assert b'"oracle"' not in (saves / "a.save").read_bytes()  # odds first journal nothing
    client.post("/ask", data={"csrf": csrf, "save": "a.save", "question": "Is it late?", "likelihood": "likely"})
    assert b'"oracle"' in (saves / "a.save").read_bytes()
    # the odds a decision's options show are the session's own
    state = registry.open_sessions["a.save"].session
    md = client.get("/export?save=a.save&format=markdown")
    assert md.status_code == 200 and md.headers["content-type"].startswith("text/markdown")
    assert 'filename="a.md"' in md.headers["content-disposition"] and "The gate gives" in md.text
    jl = client.get("/export?save=a.save&format=jsonl")
    assert all(json.loads(line) for line in jl.text.splitlines()) and jl.headers["content-type"].startswith(
        "application/x-ndjson")
    assert state.pending is not None


def test_clocks_are_segmented_circles():
    svg = clock_svg("Alarm", 3, 6)
    assert svg.count("<path") == 6 and svg.count('class="seg on"') == 3 and 'aria-label="Alarm: 3/6"' in svg
    assert clock_svg("<b>", 9, 4).count('class="seg on"') == 4 and "<b>" not in clock_svg("<b>", 0, 4)
    assert clock_svg("One", 1, 1).count("<circle") == 1


# ---------------------------------------------------------------------------------------------- the same save


def test_a_blades_score_played_by_posts_is_the_save_a_script_makes(web, tmp_path):
    """BITD.CORE: a whole score, with a fiction line, a free roll, an oracle question, a note and a clock on the
    way; the save equals ``sim solo new starter --scores 1 --seed 3 --script`` of the same lines, byte for byte,
    and its journal exports as ``sim solo export --json`` writes it."""
    client, csrf, saves, folder = web
    assert new_session(client, csrf, "starter", "heist.save", seed="3", scores="1").status_code == 200
    extra = {0: [("/command", {"line": "say Tracie slips in by the coal chute"}), ("/command", {"line": "roll 2d"}),
                 ("/ask", {"question": "Is the Bluecoat patrol late?", "likelihood": "likely"})],
             3: [("/command", {"line": "note The gate is rusted shut"}),
                 ("/command", {"line": "clock new Alarm 4"}), ("/command", {"line": "event"})]}
    lines, took = play_by_posts(client, csrf, "heist.save", extra, registry=saves)
    page = client.get("/play?save=heist.save").text
    assert "The campaign is over." in page
    print(f"\nsim web: a decision's round trip on the server, {len(took)} answers: "
          f"median {sorted(took)[len(took) // 2] * 1000:.1f} ms, mean {sum(took) / len(took) * 1000:.1f} ms")
    journal = client.get("/export?save=heist.save&format=jsonl").text
    client.post("/close", data={"csrf": csrf, "save": "heist.save"})
    ours = folder / "heist.save"
    theirs = scripted_save(tmp_path, "starter", lines, "--scores", "1", "--seed", "3")
    assert ours.read_bytes() == theirs
    done = sim("solo", "export", str(ours), "--json")
    assert done.returncode == 0 and journal == done.stdout
    entries = [json.loads(line) for line in ours.read_text(encoding="utf-8").splitlines()[1:]]
    assert {"say", "roll", "oracle", "note", "clock", "event"} <= {e["type"] for e in entries}
    assert any(e.get("odds") for e in entries)  # options with odds were shown (and checked) on the way


@pytest.mark.parametrize("scenario,system", [("fate_docks", "fate"), ("mist_harbor", "mist")])
def test_fate_and_mist_sessions_played_by_posts_match_their_scripts(web, tmp_path, scenario, system):
    """FATE.DICE and MIST.ROLL: started on the page, answered by the first option to the end; the save is the
    script's, and it continues at ``sim solo continue``."""
    client, csrf, _, folder = web
    page = new_session(client, csrf, scenario, f"{scenario}.save", seed="5").text
    assert f"({system}, en, seed 5)" in page and pending_step(page) == "1"
    lines, _ = play_by_posts(client, csrf, f"{scenario}.save", registry=web[2])
    client.post("/close", data={"csrf": csrf, "save": f"{scenario}.save"})
    theirs = scripted_save(tmp_path, scenario, lines, "--seed", "5", "--lang", "en")
    assert (folder / f"{scenario}.save").read_bytes() == theirs
    done = sim("solo", "continue", str(folder / f"{scenario}.save"), "--script", "-", stdin="")
    assert done.returncode == 0, done.stderr


def test_a_save_begun_at_the_terminal_continues_on_the_page(web, tmp_path):
    client, csrf, _, folder = web
    done = sim("solo", "new", "starter", "--save", str(folder / "t.save"), "--seed", "3", "--script", "-",
               stdin="1\n1\n")
    assert done.returncode == 0, done.stderr
    before = (folder / "t.save").read_bytes()
    page = client.post("/open", data={"csrf": csrf, "save": "t.save"}).text
    assert pending_step(page) == "3"
    client.post("/answer", data={"csrf": csrf, "save": "t.save", "step": "3", "option": "1"})
    client.post("/close", data={"csrf": csrf, "save": "t.save"})
    copy = tmp_path / "copy.save"
    copy.write_bytes(before)
    done = sim("solo", "continue", str(copy), "--script", "-", stdin="1\n")
    assert done.returncode == 0, done.stderr
    assert (folder / "t.save").read_bytes() == copy.read_bytes() and len(before) < copy.stat().st_size


def test_two_tabs_follow_one_session_and_a_save_held_elsewhere_is_refused(web, tmp_path):
    client, csrf, saves, folder = web
    new_session(client, csrf, "starter", "a.save", seed="3")
    tab2 = TestClient(client.app, base_url=BASE, cookies={"sim_web_token": TOKEN})
    assert pending_step(tab2.get("/play?save=a.save").text) == "1"
    client.post("/answer", data={"csrf": csrf, "save": "a.save", "step": "1", "option": "1"})
    assert pending_step(tab2.get("/play?save=a.save").text) == "2"  # the second tab follows
    stale = tab2.post("/answer", data={"csrf": csrf, "save": "a.save", "step": "1", "option": "2"})
    assert stale.status_code == 409  # never applied to the decision waiting now
    size = (folder / "a.save").stat().st_size
    other, _, _ = build(str(folder), token=TOKEN, port=8765)  # another server on the same folder
    elsewhere = TestClient(other, base_url=BASE, cookies={"sim_web_token": TOKEN})
    done = elsewhere.post("/open", data={"csrf": re.search(r'name="csrf" value="([^"]+)"', elsewhere.get(
        "/new?scenario=starter").text).group(1), "save": "a.save"})
    assert done.status_code == 409 and "Traceback" not in done.text
    assert (folder / "a.save").stat().st_size == size


# ---------------------------------------------------------------------------------------------- the command


def test_sim_web_serves_on_loopback_with_a_token_and_warns_on_another_host(tmp_path):
    import socket
    import urllib.error
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([sys.executable, "-m", "sim", "web", "--port", str(port), "--saves",
                             str(tmp_path / "saves")], cwd=ROOT, env=env(), stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stderr.readline()
        url = re.search(r"open (http://127\.0\.0\.1:\d+/\?token=\S+)", line).group(1)
        import http.cookiejar

        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        for _ in range(100):
            try:
                with opener.open(url, timeout=5) as r:
                    assert r.status == 200 and b"starter" in r.read()
                break
            except urllib.error.URLError as exc:
                assert not isinstance(exc, urllib.error.HTTPError), exc
                time.sleep(0.1)
        else:
            pytest.fail("sim web did not answer")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(url.split("?")[0], timeout=5)
        assert refused.value.code == 403
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    warned = subprocess.run([sys.executable, "-c", "import importlib.machinery, sys, types; m = types.ModuleType('uvicorn'); "
                             "m.__spec__ = importlib.machinery.ModuleSpec('uvicorn', None); m.run = lambda *a, **k: None; "
                             "sys.modules['uvicorn'] = m; from sim.cli import main; "
                             f"sys.exit(main(['web', '--host', '0.0.0.0', '--saves', {str(tmp_path / 's')!r}]))"],
                            env=env(), capture_output=True, text=True, timeout=60)
    assert warned.returncode == 0 and "warning: serving on 0.0.0.0" in warned.stderr, warned.stderr


def test_sim_web_without_the_extra_or_with_bad_flags_is_one_line_and_exit_2(tmp_path):
    code = "import sys; sys.modules['starlette'] = None; from sim.cli import main; sys.exit(main(['web']))"
    done = subprocess.run([sys.executable, "-c", code], env=env(), capture_output=True, text=True, timeout=60,
                          cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "pip install 'sim[web]'" in done.stderr
    for argv in (["--port", "70000"], ["--port", "0"], ["--host", "a b"], ["--lang", "xx"],
                 ["--saves", str(ROOT / "README.md")]):
        bad = sim("web", *argv)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr, argv


def test_undo_steps_back_and_quit_lets_go_of_the_save(web):
    """``undo`` and ``quit`` are the session's own: undo cuts the save back one answer, quit closes the session
    (the page goes home) and the save continues from the first page."""
    client, csrf, registry, folder = web
    new_session(client, csrf, "starter", "a.save", seed="3")
    one = client.post("/answer", data={"csrf": csrf, "save": "a.save", "step": "1", "option": "1"}).text
    assert pending_step(one) == "2"
    back = client.post("/command", data={"csrf": csrf, "save": "a.save", "line": "undo"}).text
    assert pending_step(back) == "1"
    done = client.post("/command", data={"csrf": csrf, "save": "a.save", "line": "quit"})
    assert done.url.path == "/" and "a.save" not in registry.open_sessions
    again = client.post("/open", data={"csrf": csrf, "save": "a.save"}).text
    assert pending_step(again) == "1"


def test_the_sheets_crew_and_factions_on_the_page_are_the_sessions_own_words_no_engine_keys(web):
    """Issue 30/35: no id a person reads: the page shows each view as the session prints it (its ``shown`` lines,
    in the play's language), never the view data's keys (``stress_max``, ``taken_out``) or a clock's id."""
    client, csrf, registry, saves = web
    page = new_session(client, csrf, "starter", "v.save", seed="3", scores="1").text
    for key in ("stress_max", "taken_out", "crew.turf", "trauma_max"):
        assert key not in page, key
    opened = registry.get("v.save")
    for command in ("sheet", "crew", "factions"):
        for line in opened.session.handle(command).text[:3]:
            assert str(escape(line)) in page, (command, line)
