"""Claim seizures on the crew's claim map (BITD.CREW.CLAIM.1-3, BITD.SCORE.1, BITD.FACTION.6).

A crew type's ``claim_map`` (``blades/crews``) is 3 rows of 5 claims with the
lair in the centre; paths join orthogonal neighbours. Every claim off the
lair is held by one of the scenario's factions: :func:`claim_holders` draws
the holders once per campaign from a child stream of the campaign's
generator and journals them (``claim_holders``). During free play a crew may
make its score a seizure (player trait ``claim_chance``): it picks a claim
joined to the lair by a path through claims it already holds
(:func:`seizable`), and :func:`claim_target` turns it into a target against
the holder (Tier from the faction, obstacle layers sized by that Tier). On
success :func:`settle` hands the claim over: the crew gains it (its benefit
is read where the engine reads claim benefits), a turf claim marks turf
(BITD.CREW.TURF.1, max 6, lowering the rep needed), and the crew's status
with the loser drops by 2.
"""

from __future__ import annotations

from functools import lru_cache

from typing import Any, Mapping, Sequence

from sim.agents.base import Decision, decision, pick_weighted
from sim.blades.score.outcomes import ScorePlan, ScoreResult
from sim.blades.tables import PLANS, table_entries
from sim.rng import Rng

LAIR = "lair"
TURF = "turf"
#: a claim score's obstacle layers: (name, clock size = 4 + 2 x this x Tier, capped at 12) [inferred]
CLAIM_OBSTACLES = (("Claim holders", 1), ("Holding the claim", 0))

Cell = tuple[int, int]


#: (id of the content, crew type) -> (content, its claim map): content does not change, so read once per crew type
_MAPS: dict[tuple[int, str], tuple[Any, tuple[tuple[str, ...], ...]]] = {}


def claim_map(content: Any, crew_type: str) -> tuple[tuple[str, ...], ...]:
    """The crew type's claim map (rows of claim ids); empty when the crew type (or the crews table) has none."""
    key = (id(content), crew_type)
    hit = _MAPS.get(key)
    if hit is None or hit[0] is not content:
        grid: tuple[tuple[str, ...], ...] = ()
        for rec in table_entries(content, "blades/crews", "crews", required=False):
            if rec["id"] == crew_type:
                grid = tuple(tuple(row) for row in rec.get("claim_map") or ())
                break
        if len(_MAPS) > 64:
            _MAPS.clear()
        hit = _MAPS[key] = (content, grid)
    return hit[1]


@lru_cache(maxsize=64)
def _cells(grid: tuple[tuple[str, ...], ...]) -> tuple[Cell, ...]:
    return tuple((r, c) for r in range(len(grid)) for c in range(len(grid[r])))


@lru_cache(maxsize=4096)
def _neighbours(grid: tuple[tuple[str, ...], ...], cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    out = [(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))]
    return tuple((a, b) for a, b in out if 0 <= a < len(grid) and 0 <= b < len(grid[a]))


def held_cells(grid: tuple[tuple[str, ...], ...], claims: list[str]) -> set[Cell]:
    """The map cells the crew holds: the lair, then claims it holds reached from held cells (row-major order).

    ``claims`` may name an id twice (two turfs); each copy covers one cell.
    Held claims not reachable from the lair (gained elsewhere) cover none.
    """
    return set(_held(_frozen(grid), tuple(claims)))


def _frozen(grid) -> tuple[tuple[str, ...], ...]:
    return grid if type(grid) is tuple and all(type(row) is tuple for row in grid) else tuple(map(tuple, grid))


@lru_cache(maxsize=1024)
def _held(grid: tuple[tuple[str, ...], ...], claims: tuple[str, ...]) -> frozenset[Cell]:
    """:func:`held_cells` of a (hashable) grid and claims: a pure function of both, asked on every score."""
    lair = [cell for cell in _cells(grid) if grid[cell[0]][cell[1]] == LAIR]
    held = set(lair)
    left: dict[str, int] = {}
    for claim in claims:
        left[claim] = left.get(claim, 0) + 1
    grew = True
    while grew:
        grew = False
        for cell in _cells(grid):
            cid = grid[cell[0]][cell[1]]
            if cell not in held and left.get(cid, 0) > 0 and any(n in held for n in _neighbours(grid, cell)):
                held.add(cell)
                left[cid] -= 1
                grew = True
    return frozenset(held)


def seizable(grid: tuple[tuple[str, ...], ...], claims: list[str]) -> list[Cell]:
    """BITD.CREW.CLAIM.1: cells not held that border a held cell (a path from the lair), row-major."""
    return list(_seizable(_frozen(grid), tuple(claims)))


@lru_cache(maxsize=1024)
def _seizable(grid: tuple[tuple[str, ...], ...], claims: tuple[str, ...]) -> tuple[Cell, ...]:
    held = _held(grid, claims)
    return tuple(cell for cell in _cells(grid) if cell not in held and any(n in held for n in _neighbours(grid, cell)))


@lru_cache(maxsize=1024)
def _seizable_keys(grid: tuple[tuple[str, ...], ...], claims: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(:func:`cell_key`, claim id) of each :func:`seizable` cell, row-major."""
    return tuple((cell_key(cell), grid[cell[0]][cell[1]]) for cell in _seizable(grid, claims))


def cell_key(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def _cell(key: str) -> Cell:
    r, c = key.split(",")
    return int(r), int(c)


def claim_holders(campaign: Any) -> dict[str, str]:
    """Every claim cell's holding faction (``"row,col"`` -> faction id), drawn once per campaign and journaled."""
    ledger = campaign.ledger
    if ledger.claim_holders or not campaign.factions:
        return ledger.claim_holders
    grid = claim_map(campaign.content, campaign.crew.type)
    if not grid:
        return ledger.claim_holders
    factions = sorted(campaign.factions)
    rng = campaign.stream("claim_map")
    campaign.set_claim_holders({cell_key(cell): rng.choice(factions) for cell in _cells(grid)
                                if grid[cell[0]][cell[1]] != LAIR})
    return ledger.claim_holders


def obstacle_size(tier: int, step: int) -> int:
    """A claim obstacle's clock: 4, plus 2 per holder Tier for the guarded layer, at most 12 [inferred]."""
    return min(12, 4 + 2 * step * max(0, tier))


def claim_target(campaign: Any, cell: Cell) -> dict[str, Any]:
    """A target mapping (as in ``blades/targets``) for seizing ``cell`` from its holder (BITD.SCORE.1)."""
    grid = claim_map(campaign.content, campaign.crew.type)
    claim = grid[cell[0]][cell[1]]
    faction = campaign.factions[claim_holders(campaign)[cell_key(cell)]]
    return {"id": f"claim:{claim}", "name": claim, "faction": faction.id, "kind": "claim", "tier": faction.tier,
            "plans": list(PLANS), "coin": 0, "exposure": "contained", "claim": claim, "cell": cell_key(cell),
            "obstacles": [{"name": name, "size": obstacle_size(faction.tier, step)} for name, step in CLAIM_OBSTACLES]}


def choose_claim(campaign: Any, leader: Any) -> dict[str, Any] | None:
    """The leader's policy may make this score a claim seizure; return its target, or None."""
    holders = claim_holders(campaign)
    grid = claim_map(campaign.content, campaign.crew.type)
    factions = campaign.factions
    cells = {k: name for k, name in _seizable_keys(grid, tuple(campaign.crew.claims)) if holders.get(k) in factions}
    if not cells:
        return None
    chosen = campaign.ask(leader.id, "claim", ("",) + tuple(cells), {
        "pc": leader.id, "claims": cells, "statuses": {k: factions[holders[k]].status for k in cells},
        "tiers": {k: factions[holders[k]].tier for k in cells}, "holders": {k: holders[k] for k in cells},
        "crew_tier": campaign.crew.tier})
    if not chosen:
        return None
    return claim_target(campaign, _cell(chosen))


def settle(campaign: Any, plan: ScorePlan, result: ScoreResult) -> str:
    """Journal the seizure (``claim``); on success transfer the claim, mark turf, -2 status with the loser.

    Returns the faction whose status this already settled ("" when none).
    """
    if not plan.claim:
        return ""
    success = result.success and not result.abandoned
    if not success:
        campaign.emit("claim", claim=plan.claim, gained=False, change="none", success=False, reason="score",
                      faction=plan.target_faction, from_faction=plan.target_faction)
        return ""
    campaign.add_claim(plan.claim, "score", success=True, faction=plan.target_faction,
                       from_faction=plan.target_faction)
    campaign.count("claims_seized")
    if plan.claim == TURF:  # BITD.CREW.TURF.1
        campaign.set_crew("claim seized", turf=campaign.crew.turf + 1)
    if plan.target_faction in campaign.factions:  # BITD.FACTION.6: seizing a claim, -2 with the target
        campaign.change_status(plan.target_faction, -2, "claim seized")
    return plan.target_faction


@decision("claim")
def choose_claim_policy(traits: Mapping[str, Any], d: Decision, rng: Rng) -> str:
    """Player trait ``claim_chance``: make the score a seizure. The claim is drawn with weight quartered per Tier
    its holder stands above or below the crew (as targets, :func:`sim.blades.score.engagement.target_weight`), among
    holders that are not friends (status below +2, BITD.FACTION.5) while any such is on offer. With ``avoid_war``,
    never from a holder at -1 or worse: the seizure's -2 (BITD.FACTION.6) would mean war (BITD.FACTION.7)."""
    if rng.random() >= traits["claim_chance"]:
        return ""
    c = d.context
    options = [o for o in d.options if o and not (traits["avoid_war"] and c["statuses"][o] <= -1)]
    if not options:
        return ""
    unfriendly = [o for o in options if c["statuses"][o] < 2] or options
    return pick_weighted(rng, unfriendly, [0.25 ** abs(c["tiers"][o] - c["crew_tier"]) for o in unfriendly])


def benefits(campaign: Any) -> Sequence[str]:
    """BITD.CREW.CLAIM.2: the claims whose benefits the crew enjoys: all it holds, none while it has no lair."""
    crew = campaign.crew
    return crew.claims if crew.lair else ()
