"""Issue 32: a balance study that can be read to its end.

Option ``crew_breaks`` (``BITD.DOWNTIME.NPC.1``): ``end`` stops a campaign when its crew breaks, ``play_on`` keeps
the city running to the scenario's length; faction_balance plays on, so every variant's city is measured over the
same 24 scores, and the report states the crew's survival beside each variant's city figures.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from sim.batch import plan
from sim.batch.runner import run_batch
from sim.rng import derive_seed
from sim.systems import get_system

ROOT = Path(__file__).resolve().parent.parent
BALANCE = str(ROOT / "scenarios" / "faction_balance.yaml")
SWEEP = ["faction_clock_size=4,8", "policy.hive=expansionist,vengeful"]


def _play(crew_breaks: str, seed: int):
    game = get_system("blades").batch_game()
    prepared = game.prepare(BALANCE, (("crew_breaks", crew_breaks),))
    series: list = []
    return game.play(prepared, seed, None, series), series


def test_BITD_DOWNTIME_NPC_1_crew_breaks_end_stops_the_campaign_and_play_on_runs_the_city_to_its_length():
    seed = next(derive_seed(2024, i) for i in range(40) if _play("end", derive_seed(2024, i))[0]["end"] == "broken")
    ended, ended_rows = _play("end", seed)
    assert ended["end"] == "broken" and ended["scores"] < 24 and ended["crew_scores"] == ended["scores"]
    assert max(r["score"] for r in ended_rows) == ended["scores"]  # no city past the break
    on, on_rows = _play("play_on", seed)
    assert on["end"] == "broken" and on["scores"] == 24 and on["crew_scores"] == ended["crew_scores"]
    assert sorted({r["score"] for r in on_rows}) == list(range(1, 25))  # the city measured after every score
    assert [r for r in on_rows if r["score"] <= ended["scores"]] == ended_rows  # the same play up to the break
    after = [r for r in on_rows if r["score"] > on["crew_scores"]]
    # no crew: its fields stop (a per-score crew mean is over crews still playing), the city's go on
    assert after and all("active" not in r and "coin" not in r and "faction_tier_hive" in r for r in after)
    assert on["faction_moves"] > ended["faction_moves"]


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    out = tmp_path_factory.mktemp("balance") / "out"
    return run_batch(BALANCE, get_system("blades").batch_game(), 6, workers=1, out=out, chunk_size=6, journals=0,
                     sweep=plan.parse_sweep(SWEEP))


def test_the_four_variant_study_measures_every_variants_city_over_the_full_length(study):
    out = study.out
    series = pd.read_parquet(out / "series.parquet")
    wide = pd.read_parquet(out / "campaigns.parquet")
    assert len(study.summary["variants"]) == 4
    for saved in study.summary["variants"]:
        label = saved["variant"]
        assert (wide[wide.variant == label]["scores"] == 24).all()
        tiers = series[(series.variant == label) & (series.field == "faction_tier_hive")]
        assert tiers.groupby("score").size().to_dict() == {s: 6 for s in range(1, 25)}  # every campaign, every score
        assert saved["series"]["faction_tier_hive"]["n"] == [6] * 24
        crew_n = saved["series"]["coin"]["n"]  # crew fields: the crews still playing, never more than 6
        assert crew_n[0] == 6 and all(a >= b for a, b in zip(crew_n, crew_n[1:]))
    assert (wide["crew_scores"] < wide["scores"]).any()  # crews did break, and the city went on


def test_the_report_has_every_variants_city_section_with_the_crews_survival(study):
    report = (study.out / "report.md").read_text(encoding="utf-8")
    city = report.split("## The city", 1)[1]
    wide = pd.read_parquet(study.out / "campaigns.parquet")
    for k, saved in enumerate(study.summary["variants"]):
        label = saved["variant"]
        section = city.split(f"### Variant `{label}`", 1)[1].split("### Variant", 1)[0]
        assert "The crew beside the city: it broke in" in section
        share = (wide[wide.variant == label]["end"] == "broken").mean()
        assert f"it broke in {100 * share:.1f}% [" in section
        assert "the city was measured over 24.00 [24.00, 24.00] scores" in section
        for plot in ("city_wars", "city_status", "city_tiers"):
            assert f"plots/{plot}_v{k}.png" in section and (study.out / "plots" / f"{plot}_v{k}.png").is_file()
    assert "## Headline" in report and report.index("## Headline") < report.index("## Summary fields")
