"""Lookups derived once per content object for the score (hot path).

Free play, the score and consequences draw from ``blades/targets``,
``blades/bargains``, ``blades/complications`` and ``blades/clocks``. Filtering
those lists per roll would dominate a batch run, so each derived index is built
the first time a content object is seen and kept (keyed by the object, checked
by identity) for the life of the process.

The indexes are plain tuples: ``(entries, cumulative weights)`` ready for one
``rng.random()`` draw (:func:`draw`).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from sim.errors import ContentError, Problem
from sim.i18n import text_of
from sim.rng import Rng

POSITIONS = ("controlled", "risky", "desperate")
SEVERITIES = ("minor", "standard", "serious")
PLANS = ("assault", "deception", "stealth", "occult", "social", "transport")  # BITD.SCORE.2

#: content clock kinds -> sim.clocks kinds (the content names the long-term project in full)
CLOCK_KIND = {"long_term_project": "project"}


@dataclass(frozen=True, slots=True)
class Pool:
    """Entries with positive weight and their cumulative weights, for :func:`draw`.

    ``ids`` and ``weights`` are the plain-data view a decision's context carries
    (:func:`draw_id` draws from them exactly as :func:`draw` does).
    """

    entries: tuple[Mapping[str, Any], ...]
    bounds: tuple[float, ...]
    ids: tuple[str, ...] = ()
    weights: tuple[float, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.entries)


def make_pool(entries: Sequence[Mapping[str, Any]]) -> Pool:
    kept = tuple(e for e in entries if e.get("weight", 1) > 0)
    weights = tuple(float(e.get("weight", 1)) for e in kept)
    return Pool(kept, tuple(accumulate(weights)), tuple(e.get("id", "") for e in kept), weights)


def draw_id(rng: Rng, ids: Sequence[str], weights: Sequence[float]) -> str:
    """One of ``ids`` with probability proportional to ``weights``: the same single rng draw as :func:`draw` on the
    pool they came from (the same cumulative sums, the same bisection)."""
    if not ids:
        raise ValueError("cannot draw from an empty pool")
    hit = _BOUNDS.get(id(weights))
    if hit is not None and hit[0] is weights:
        bounds = hit[1]
    else:
        bounds = tuple(accumulate(weights))
        if type(weights) is tuple:  # a pool's weights: the same (immutable) tuple on every draw from it
            if len(_BOUNDS) > 4096:
                _BOUNDS.clear()
            _BOUNDS[id(weights)] = (weights, bounds)
    i = bisect_right(bounds, rng.random() * bounds[-1])
    return ids[min(i, len(ids) - 1)]


#: id of a weights tuple -> (that tuple, its cumulative sums), for :func:`draw_id`; a tuple never changes, and the
#: entry keeps it alive, so its id is not reused while kept
_BOUNDS: dict[int, tuple[tuple[float, ...], tuple[float, ...]]] = {}


def draw(rng: Rng, pool: Pool) -> Mapping[str, Any]:
    """One entry of ``pool`` with probability proportional to its weight (one rng draw)."""
    if not pool.entries:
        raise ValueError("cannot draw from an empty pool")
    i = bisect_right(pool.bounds, rng.random() * pool.bounds[-1])
    return pool.entries[min(i, len(pool.entries) - 1)]


@dataclass(frozen=True, slots=True)
class ScoreTables:
    """Indexes of one content object the score reads."""

    targets: tuple[Mapping[str, Any], ...]
    targets_by_id: Mapping[str, Mapping[str, Any]]
    #: (plan, position) -> bargains fitting both
    bargains: Mapping[tuple[str, str], Pool]
    #: (plan, position, severity) -> complications fitting all three (relaxed when empty, see build)
    complications: Mapping[tuple[str, str, str], Pool]
    #: the same without complications that lose the opportunity (BITD.CONSEQ.2: for partial successes)
    safe_complications: Mapping[tuple[str, str, str], Pool]
    #: clock id -> (size, kind) for every clock an effect may tick (score clocks and new_clock effects)
    clocks: Mapping[str, tuple[int, str]]
    #: plan -> the name of the detail it needs (blades/plans, BITD.SCORE.2)
    details: Mapping[str, str]
    #: faction id -> (allies, enemies)
    relations: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]]
    #: claim id -> (plans, dice) for claims that add engagement dice (blades/claims, BITD.CREW.CLAIM.3)
    engagement_claims: Mapping[str, tuple[tuple[str, ...], int]]
    #: exposure ids, quietest first (blades/heat, BITD.DOWNTIME.HEAT.1)
    exposures: tuple[str, ...]
    #: claim id -> dice added to gathering information for a score (Informants, BITD.GATHER.4)
    gather_claims: Mapping[str, int]
    #: special ability id -> its mechanics (blades/playbooks and blades/crews, BITD.ABIL)
    abilities: Mapping[str, Mapping[str, Any]]
    #: crew type -> its preferred operations (blades/crews, BITD.CREW.CREATE.4)
    operations: Mapping[str, tuple[str, ...]]
    #: claim id -> (coin, operations, clients) for claims that add payoff coin (blades/claims, BITD.CREW.CLAIM.3)
    payoff_claims: Mapping[str, tuple[int, tuple[str, ...], tuple[str, ...]]]
    #: claim id -> rep it adds to each successful score (Victim trophies, BITD.CREW.CLAIM.3)
    rep_claims: Mapping[str, int]
    #: target id -> what a seat choosing a target weighs, as plain data (id, faction, tier, weight): made once,
    #: shared by every decision's context (read only)
    target_rows: Mapping[str, dict]


_CACHE: dict[int, tuple[Any, ScoreTables]] = {}
#: the content object asked last and its tables (a batch asks of one content object, some 500 times a campaign)
_LAST: list = [None, None]


def score_tables(content: Any) -> ScoreTables:
    """The :class:`ScoreTables` of ``content`` (built once per content object)."""
    if _LAST[0] is content:
        return _LAST[1]
    hit = _CACHE.get(id(content))
    if hit is not None and hit[0] is content:
        _LAST[0], _LAST[1] = content, hit[1]
        return hit[1]
    tables = _build(content)
    if len(_CACHE) > 8:
        _CACHE.clear()
    _CACHE[id(content)] = (content, tables)
    _LAST[0], _LAST[1] = content, tables
    return tables


def table_entries(content: Any, name: str, key: str, required: bool = True) -> list:
    """The list under ``key`` in content table ``name`` (a missing table is an error if ``required``, else empty)."""
    try:
        doc = content.table(name)
    except KeyError:
        if required:
            raise ContentError([Problem(f"content/{name}.yaml", 1, key, "table missing; the score needs it")]) from None
        return []
    return list(doc.get(key, ()) if isinstance(doc, Mapping) else ())


def _fits(entry: Mapping[str, Any], field: str, value: str) -> bool:
    allowed = entry.get(field)
    return not allowed or value in allowed


def _build(content: Any) -> ScoreTables:
    targets = tuple(table_entries(content, "blades/targets", "targets"))
    bargains = table_entries(content, "blades/bargains", "bargains")
    complications = table_entries(content, "blades/complications", "complications")

    bargain_index = {(p, pos): make_pool([b for b in bargains if _fits(b, "plans", p) and _fits(b, "positions", pos)])
                     for p in PLANS for pos in POSITIONS}

    comp_index = _complication_index(complications)
    safe_index = _complication_index([c for c in complications if not (c.get("effect") or {}).get("lose_opportunity")])

    clocks: dict[str, tuple[int, str]] = {}
    for c in table_entries(content, "blades/clocks", "score_clocks", required=False):
        clocks[c["id"]] = (int(c["size"]), CLOCK_KIND.get(c["kind"], c["kind"]))
    for entry in (*bargains, *complications):
        new = (entry.get("effect") or {}).get("new_clock")
        if new:
            clocks.setdefault(new["id"], (int(new["size"]), CLOCK_KIND.get(new["kind"], new["kind"])))

    details = {p["id"]: text_of(p["detail"]["name"], "en")  # journals keep the English name
               for p in table_entries(content, "blades/plans", "plans", required=False)
               if isinstance(p.get("detail"), Mapping)}
    engagement_claims: dict[str, tuple[tuple[str, ...], int]] = {}
    gather_claims: dict[str, int] = {}
    payoff_claims: dict[str, tuple[int, tuple[str, ...], tuple[str, ...]]] = {}
    rep_claims: dict[str, int] = {}
    for claim in table_entries(content, "blades/claims", "claims", required=False):
        benefit = claim.get("benefit") or {}
        if "payoff_coin" in benefit:
            pay = benefit["payoff_coin"]
            payoff_claims[claim["id"]] = (int(pay["coin"]), tuple(pay.get("operations") or ()), tuple(pay.get("clients") or ()))
        if "rep_per_score" in benefit:
            rep_claims[claim["id"]] = int(benefit["rep_per_score"])
        if "engagement_dice" in benefit:
            engagement_claims[claim["id"]] = (tuple(benefit["engagement_dice"]["plans"]), int(benefit["engagement_dice"]["dice"]))
        if "gather_dice" in benefit:
            gather_claims[claim["id"]] = int(benefit["gather_dice"])

    relations = {}
    for f in table_entries(content, "blades/factions", "factions", required=False):
        relations[f["id"]] = (tuple(f.get("allies") or ()), tuple(f.get("enemies") or ()))

    exposures = tuple(e["id"] for e in sorted(table_entries(content, "blades/heat", "exposures", required=False),
                                              key=lambda e: e["heat"])) or ("quiet", "standard", "high", "devastating")
    crews = table_entries(content, "blades/crews", "crews", required=False)
    abilities = {a["id"]: a.get("mechanics") or {}
                 for book in (*table_entries(content, "blades/playbooks", "playbooks", required=False), *crews)
                 for a in book.get("abilities") or ()}
    operations = {c["id"]: tuple(o["id"] if isinstance(o, Mapping) else o for o in c.get("operations") or ())
                  for c in crews}
    return ScoreTables(targets, {t["id"]: t for t in targets}, bargain_index, comp_index, safe_index, clocks, details,
                       relations, engagement_claims, exposures, gather_claims, abilities, operations,
                       MappingProxyType(payoff_claims), MappingProxyType(rep_claims),
                       MappingProxyType({t["id"]: {"id": t["id"], "faction": t["faction"], "tier": t["tier"],
                                                   "weight": t.get("weight", 1)} for t in targets}))


def _complication_index(complications: Sequence[Mapping[str, Any]]) -> dict[tuple[str, str, str], Pool]:
    index: dict[tuple[str, str, str], Pool] = {}
    for p in PLANS:
        for pos in POSITIONS:
            for sev in SEVERITIES:
                # BITD.CONSEQ.1: severity is the GM's call and must match; plan and position tags narrow the draw
                # and are relaxed (position first, then plan) when nothing in the table carries both.
                same = [c for c in complications if c.get("severity") == sev]
                pool = make_pool([c for c in same if _fits(c, "plans", p) and _fits(c, "positions", pos)])
                if not pool:
                    pool = make_pool([c for c in same if _fits(c, "plans", p)])
                if not pool:
                    pool = make_pool(same)
                index[(p, pos, sev)] = pool
    return index
