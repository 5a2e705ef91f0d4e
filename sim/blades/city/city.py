"""The city as a graph: the factions in play and the crew, with status between factions both ways.

Nodes are the factions in play and :data:`CREW`. Each directed faction edge ``a -> b`` carries ``status``,
how ``a`` stands toward ``b`` (BITD.FACTION.5 read between factions: -3..+3, 0 where there is no edge), and
``intel`` (``a`` gathered information on ``b``, spent on its next opposed roll against ``b``). The crew's
edges are the factions' statuses with the crew, one number each, kept where they always were
(``Faction.status``, changed by ``Campaign.change_status``); :func:`picture` draws both.

Seeding (BITD.FACTION.8 read for factions): ``a -> b`` takes the status of ``a``'s own relation to ``b`` in
the faction table (``allies`` -> option ``faction_ally_status``, default +2; ``enemies`` ->
``faction_enemy_status``, default -2), else ``b``'s relation to ``a`` mirrored, else nothing (0).

Wars between factions (BITD.FACTION.7 read for two factions): a pair is at war while either stands at -3
toward the other. A faction at war makes one move fewer each downtime (at least one); the war ends when
neither stands at -3 any more: a negotiated new status (a ``seek_peace`` move), or the enemy destroyed (a
faction brought to Tier 0 by a move of the other: both statuses are set to -2, the war is over). The crew's
own wars are as before (:func:`sim.blades.downtime.downtime.update_war`).

Everything here iterates in sorted order, so a campaign is the same on every worker and backend.

What a faction's moves read of the graph (its rivals, enemies, allies, wars, offers and target contexts) is kept
beside it, one :class:`View` per faction in ``graph.graph["views"]``, updated by the change methods below instead
of recomputed on every move.
"""

from __future__ import annotations

from typing import Any, Container, Iterable, Mapping

import networkx as nx

from sim.errors import IllegalMove

CREW = "crew"
STATUS_MIN, STATUS_MAX = -3, 3
RELATIONS = ("ally", "enemy")


def empty_city(faction_ids: Iterable[str]) -> nx.DiGraph:
    """A city of ``faction_ids`` and the crew, no status between anyone yet; ``graph.graph["wars"]`` is the set of
    pairs ``(a, b)``, ``a < b``, at war; ``graph.graph["views"]`` caches each faction's :class:`View`."""
    graph = nx.DiGraph(wars=set(), views={})
    graph.add_nodes_from(sorted(faction_ids))
    graph.add_node(CREW)
    return graph


def seed_statuses(relations: Iterable[tuple[str, str, str]], ally: int, enemy: int) -> dict[tuple[str, str], int]:
    """The starting status ``(a, b) -> n`` (non-zero only) from ``(faction, other, ally|enemy)`` relations: a's own
    relation to b, else b's relation to a mirrored (see the module docstring)."""
    own: dict[tuple[str, str], str] = {}
    for a, b, rel in sorted(relations):
        own.setdefault((a, b), rel)
    value = {"ally": int(ally), "enemy": int(enemy)}
    out: dict[tuple[str, str], int] = {}
    for (a, b), rel in sorted(own.items()):
        out[(a, b)] = value[rel]
        if (b, a) not in own:
            out.setdefault((b, a), value[rel])
    return {k: bounded(v) for k, v in sorted(out.items()) if bounded(v)}


def seeded_city(faction_ids: Iterable[str], relations: Iterable[tuple[str, str, str]], ally: int,
                enemy: int) -> nx.DiGraph:
    """:func:`empty_city` with the statuses of :func:`seed_statuses` (and the wars they start at once)."""
    return new_city(city_plan(faction_ids, relations, ally, enemy))


class CityPlan:
    """What :func:`seeded_city` builds, worked out once (a prepared scenario keeps one for all its campaigns):
    the nodes in order (the factions sorted, then the crew), the seeded edges ``(a, b, status)`` in order, the
    pairs they start at war and each faction's opening :class:`View` (its sets, no offers or contexts yet). Read
    only: :func:`new_city` makes each campaign its own graph and views from it."""

    __slots__ = ("nodes", "edges", "wars", "views")

    def __init__(self, nodes: tuple[str, ...], edges: tuple[tuple[str, str, int], ...],
                 wars: tuple[tuple[str, str], ...]):
        self.nodes, self.edges, self.wars = nodes, edges, wars
        graph = new_city(self)
        present = frozenset(n for n in nodes if n != CREW)  # the factions in play
        self.views = {a: View(graph, a, present) for a in sorted(present)}


def city_plan(faction_ids: Iterable[str], relations: Iterable[tuple[str, str, str]], ally: int,
              enemy: int) -> CityPlan:
    """The :class:`CityPlan` of the city of ``faction_ids`` seeded from ``relations`` (see :func:`seeded_city`)."""
    nodes = (*sorted(faction_ids), CREW)
    known = set(nodes)
    edges = tuple((a, b, n) for (a, b), n in seed_statuses(relations, ally, enemy).items() if a in known and b in known)
    wars = tuple(sorted({pair(a, b) for a, b, n in edges if n <= STATUS_MIN}))  # war_pairs of the seeded graph
    return CityPlan(nodes, edges, wars)


def new_city(plan: CityPlan, views: bool = False) -> nx.DiGraph:
    """A new graph of ``plan``: the same nodes, edges (``status``, ``intel`` False), order and wars that
    ``empty_city`` plus ``add_edge`` per seeded status give, written straight into the graph's own dicts (the
    ``add_*`` calls cost more than the rest of a campaign's setup). With ``views`` each faction's :class:`View`
    is there from the start, a copy of the plan's (for a campaign whose factions in play are the plan's)."""
    views = {a: view.copy() for a, view in plan.views.items()} if views else {}
    graph = nx.DiGraph(wars=set(plan.wars), views=views)
    node, succ, pred = graph._node, graph._succ, graph._pred  # _adj is _succ
    for n in plan.nodes:
        node[n] = {}
        succ[n] = {}
        pred[n] = {}
    for a, b, n in plan.edges:
        succ[a][b] = pred[b][a] = {"status": n, "intel": False}
    return graph


def bounded(value: int) -> int:
    """BITD.FACTION.5: a status within -3..+3."""
    return max(STATUS_MIN, min(int(value), STATUS_MAX))


def status(graph: nx.DiGraph, a: str, b: str) -> int:
    """How faction ``a`` stands toward faction ``b`` (0 without an edge)."""
    adj = graph._succ.get(a)  # the graph's own adjacency dict: get_edge_data's answer without its views
    data = adj.get(b) if adj else None
    return data["status"] if data else 0


def out_edges(graph: nx.DiGraph, a: str) -> dict[str, dict[str, Any]]:
    """``a``'s outgoing edges, ``{b: edge data}``, read only: the graph's own adjacency dict (``graph.succ[a]``
    without the view objects the hot path would build on every move). Change statuses through
    :class:`CityChanges` only."""
    return graph._succ[a]


def in_edges(graph: nx.DiGraph, a: str) -> dict[str, dict[str, Any]]:
    """``a``'s incoming edges, ``{b: edge data}`` (``graph.pred[a]``), read only, as :func:`out_edges`."""
    return graph._pred[a]


def pair(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


def at_war(graph: nx.DiGraph, a: str, b: str) -> bool:
    """BITD.FACTION.7 between two factions: either stands at -3 toward the other."""
    return status(graph, a, b) <= STATUS_MIN or status(graph, b, a) <= STATUS_MIN


def war_pairs(graph: nx.DiGraph) -> list[tuple[str, str]]:
    """Every pair of factions at war, sorted."""
    return sorted({pair(a, b) for a, b, d in graph.edges(data=True) if d["status"] <= STATUS_MIN})


def at_war_with(graph: nx.DiGraph, a: str) -> list[str]:
    """The factions ``a`` is at war with, sorted."""
    wars = graph.graph["wars"]
    if not wars:
        return []
    return sorted(b if x == a else x for x, b in wars if a in (x, b))


class View:
    """What one faction's moves read of the city, kept beside the graph: its rivals (status -1 or worse toward them),
    those it has no information on, its enemies (-2 or worse), its allies (+2 or better toward it), the factions it
    is at war with, each sorted and only factions in play (``present``, which does not change during a campaign);
    and, filled as moves ask, its offers and each move's target context (:mod:`sim.blades.city.factions`).

    Cached per faction in ``graph.graph["views"]`` and kept up to date by the change methods
    (:meth:`CityChanges.change_faction_status`, :meth:`CityChanges.set_intel`, the only writers of edges and wars
    after seeding): a change of its sets empties ``offers`` and ``contexts``; a change of a status it does not
    sort on (or of information) empties ``contexts`` only. Its tuples and dicts are shared read-only values:
    replaced, never changed in place."""

    __slots__ = ("present", "rivals", "unknown", "enemies", "allies", "wars", "at_war", "offers", "contexts", "kinds")

    def __init__(self, graph: nx.DiGraph, a: str, present: Container[str]):
        self.present = present
        rivals, unknown, enemies = [], [], []
        succ = graph._succ[a]
        for other in sorted(succ):
            if other not in present:
                continue
            edge = succ[other]
            s = edge["status"]
            if s <= -1:
                rivals.append(other)
                if not edge["intel"]:
                    unknown.append(other)
                if s <= -2:
                    enemies.append(other)
        self.rivals, self.unknown, self.enemies = tuple(rivals), tuple(unknown), tuple(enemies)
        self.allies = tuple(sorted(o for o, edge in graph._pred[a].items() if edge["status"] >= 2 and o in present))
        self.wars = tuple(at_war_with(graph, a))  # everyone it is at war with (BITD.FACTION.7: a move lost)
        self.at_war = tuple(o for o in self.wars if o in present)
        self.offers: dict[Any, tuple[tuple[str, ...], dict[str, tuple[str, ...]]]] = {}  # key: see factions._offers
        self.contexts: dict[str, tuple[dict[str, int], dict[str, int], list[str]]] = {}  # move kind -> target context
        self.kinds: dict[tuple, tuple[str, ...]] = {}  # its goal clocks (in order) -> their kinds: never stale

    def copy(self) -> "View":
        """This view for another campaign of the same opening city and factions in play: its sets and ``present``
        (shared: never changed in place), no offers or contexts yet."""
        new = _new_view(View)
        new.present = self.present
        new.rivals, new.unknown, new.enemies, new.allies = self.rivals, self.unknown, self.enemies, self.allies
        new.wars, new.at_war = self.wars, self.at_war
        new.offers, new.contexts, new.kinds = {}, {}, {}
        return new

    def out_edge(self, other: str, status: int, intel: bool) -> None:
        """This faction's edge toward ``other`` is now ``status`` with ``intel``."""
        self.contexts = {}
        if other not in self.present:
            return
        rival = status <= -1
        rivals = _member(self.rivals, other, rival)
        unknown = _member(self.unknown, other, rival and not intel)
        enemies = _member(self.enemies, other, status <= -2)
        if rivals is not self.rivals or unknown is not self.unknown or enemies is not self.enemies:
            self.rivals, self.unknown, self.enemies, self.offers = rivals, unknown, enemies, {}

    def intel(self, other: str, status: int, intel: bool) -> None:
        """This faction now holds (or spent) information on ``other``, its status toward it ``status`` unchanged."""
        self.contexts = {}
        if status <= -1 and other in self.present:
            unknown = _member(self.unknown, other, not intel)
            if unknown is not self.unknown:
                self.unknown, self.offers = unknown, {}

    def in_edge(self, other: str, status: int) -> None:
        """``other``'s edge toward this faction is now ``status``."""
        self.contexts = {}
        allies = _member(self.allies, other, status >= 2 and other in self.present)
        if allies is not self.allies:
            self.allies, self.offers = allies, {}

    def war(self, other: str, at_war: bool) -> None:
        """The war with ``other`` started (``at_war``) or ended."""
        self.wars = _member(self.wars, other, at_war)
        self.at_war = _member(self.at_war, other, at_war and other in self.present)
        self.offers, self.contexts = {}, {}


_new_view = object.__new__


def _member(items: tuple[str, ...], x: str, wanted: bool) -> tuple[str, ...]:
    """The sorted ``items`` with ``x`` in (``wanted``) or out: ``items`` itself when that changes nothing."""
    if (x in items) == wanted:
        return items
    if wanted:
        return tuple(sorted((*items, x)))
    return tuple(o for o in items if o != x)


def view(graph: nx.DiGraph, a: str, present: Mapping[str, Any]) -> View:
    """Faction ``a``'s :class:`View` of the city (built once, then kept up to date by the change methods)."""
    views = graph.graph.get("views")
    if views is None:  # a graph built without empty_city
        views = graph.graph["views"] = {}
    got = views.get(a)
    if got is None:
        got = views[a] = View(graph, a, present)
    return got


def toward(graph: nx.DiGraph, a: str, test: Any) -> list[str]:
    """The factions ``b`` (not the crew) whose status from ``a`` passes ``test(status)``, sorted."""
    return sorted(b for b, d in graph._succ[a].items() if b != CREW and test(d["status"]))


def from_others(graph: nx.DiGraph, a: str, test: Any) -> list[str]:
    """The factions ``b`` whose status toward ``a`` passes ``test(status)``, sorted."""
    return sorted(b for b, d in graph._pred[a].items() if b != CREW and test(d["status"]))


def status_edges(graph: nx.DiGraph) -> dict[str, dict[str, int]]:
    """Plain JSON of every non-zero status: ``{a: {b: status}}``, sorted (``campaign_start``'s ``city``)."""
    out: dict[str, dict[str, int]] = {}
    for a, b, d in sorted(graph.edges(data=True)):
        if d["status"]:
            out.setdefault(a, {})[b] = d["status"]
    return out


def set_tier_hold(holder: Any, tier: int | None, hold: str | None) -> None:
    """Set a crew's or a faction's Tier (kept within 0..6) and hold (weak or strong; IllegalMove otherwise), each
    when given (BITD.FACTION.1, .4)."""
    if tier is not None:
        holder.tier = max(0, min(tier, 6))
    if hold is not None:
        if hold not in ("weak", "strong"):
            raise IllegalMove(f"hold must be weak or strong, got {hold!r}")
        holder.hold = hold


class CityChanges:
    """The campaign's change methods for the city and its factions (mixed into :class:`~sim.blades.crew.state.Campaign`)."""

    city: nx.DiGraph
    factions: dict[str, Any]

    def change_faction_status(self, faction: str, other: str, delta: int, reason: str) -> int:
        """How ``faction`` stands toward ``other`` moves by ``delta`` within -3..+3; journals ``faction_status``
        (``faction, other, before, delta, after, reason``), and ``faction_war`` (``state`` started|ended) when
        the pair goes to war or makes peace. Returns the change made."""
        graph = self.city
        succ = graph._succ
        mine = succ.get(faction)
        edge = mine.get(other) if mine is not None else None
        before = edge["status"] if edge else 0
        after = int(before + delta)  # bounded(), inline
        after = STATUS_MIN if after < STATUS_MIN else STATUS_MAX if after > STATUS_MAX else after
        if edge is not None:
            edge["status"] = after
        else:
            graph.add_edge(faction, other, status=after, intel=False)
        if not self.journal.skip("faction_status"):  # seq advances either way (Journal.skip)
            self.emit("faction_status", faction=faction, other=other, before=before, delta=after - before,
                      after=after, reason=reason)
        key = (faction, other) if faction < other else (other, faction)  # pair(), inline
        wars = graph.graph["wars"]
        back = succ.get(other)  # status(graph, other, faction), inline
        back = back.get(faction) if back else None
        war = after <= STATUS_MIN or (back["status"] if back else 0) <= STATUS_MIN  # at_war, this edge known
        started, ended = war and key not in wars, not war and key in wars
        views = graph.graph.get("views")
        if views:  # keep the views at both ends (View) up to date
            view, theirs = views.get(faction), views.get(other)
            if after != before:  # the contexts hold the number; the sets change only when it crosses a line
                if view is not None:
                    view.contexts = {}
                    if (before <= -1) != (after <= -1) or (before <= -2) != (after <= -2):
                        view.out_edge(other, after, (edge or succ[faction][other])["intel"])
                if theirs is not None:
                    theirs.contexts = {}
                    if (before >= 2) != (after >= 2):
                        theirs.in_edge(faction, after)
            if started or ended:
                if view is not None:
                    view.war(other, started)
                if theirs is not None:
                    theirs.war(faction, started)
        if started:
            wars.add(key)
            if not self.journal.skip("faction_war"):
                self.emit("faction_war", faction=key[0], other=key[1], state="started", reason=reason)
            self.count("faction_wars_started")
            self.count(f"pair_wars_{key[0]}__{key[1]}")
            for f in key:
                self.count(f"faction_wars_{f}")
        elif ended:
            wars.discard(key)
            if not self.journal.skip("faction_war"):
                self.emit("faction_war", faction=key[0], other=key[1], state="ended", reason=reason)
            self.count("faction_wars_ended")
        return after - before

    def set_intel(self, faction: str, other: str, intel: bool, reason: str) -> None:
        """``faction`` holds (or spends) information on ``other``; journals ``faction_intel``."""
        graph = self.city
        edge = graph._succ.get(faction, {}).get(other)  # the graph's own adjacency dict, not its views
        if edge is None:
            graph.add_edge(faction, other, status=0, intel=False)
            edge = graph._succ[faction][other]
        before = edge["intel"]
        edge["intel"] = bool(intel)
        views = graph.graph.get("views")
        mine = views.get(faction) if views else None
        if mine is not None and before != bool(intel):  # its unknown rivals and its intel context change
            mine.intel(other, edge["status"], bool(intel))
        if not self.journal.skip("faction_intel"):
            self.emit("faction_intel", faction=faction, other=other, before=before, after=bool(intel), reason=reason)

    def change_status(self, faction_id: str, delta: int, reason: str) -> int:
        """BITD.FACTION.5-6: status toward the crew within -3..+3."""
        faction = self.factions[faction_id]
        before = faction.status
        faction.status = max(STATUS_MIN, min(before + delta, STATUS_MAX))
        if not self.journal.skip("status"):
            self.emit("status", faction=faction_id, before=before, delta=faction.status - before,
                      after=faction.status, reason=reason)
        return faction.status - before

    def set_faction(self, faction_id: str, reason: str, *, tier: int | None = None, hold: str | None = None) -> None:
        """A faction's Tier (0..6) or hold changes (BITD.FACTION.1, .4); journals ``faction``."""
        faction = self.factions[faction_id]
        before = {"tier": faction.tier, "hold": faction.hold}
        set_tier_hold(faction, tier, hold)
        if not self.journal.skip("faction"):
            self.emit("faction", faction=faction_id, before=before, after={"tier": faction.tier, "hold": faction.hold},
                      reason=reason)


def picture(statuses: Mapping[tuple[str, str], float], crew: Mapping[str, float], path: Any, title: str,
            names: Mapping[str, str] | None = None) -> None:
    """A PNG of the city: factions and the crew on a circle, each non-zero status an arrow coloured from red (-3)
    through grey (0) to green (+3). ``statuses``: ``(a, b) -> status`` between factions (a mean is fine);
    ``crew``: each faction's status with the crew."""
    from matplotlib import colormaps
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import Normalize

    from sim.batch.reporting.figures import new_figure, save_figure

    nodes = sorted({n for edge in statuses for n in edge} | set(crew))
    graph = nx.DiGraph()
    graph.add_nodes_from(nodes)
    graph.add_node(CREW)
    for (a, b), s in sorted(statuses.items()):
        if abs(s) >= 0.05:
            graph.add_edge(a, b, status=s)
    for f, s in sorted(crew.items()):
        if abs(s) >= 0.05:
            graph.add_edge(f, CREW, status=s)
    figure = new_figure(9, 9)
    axes = figure.add_subplot()
    pos = nx.circular_layout(sorted(nodes))
    pos[CREW] = (0.0, 0.0)
    cmap, norm = colormaps["RdYlGn"], Normalize(STATUS_MIN, STATUS_MAX)
    edges = list(graph.edges(data=True))
    nx.draw_networkx_nodes(graph, pos, ax=axes, node_size=250, node_color="#dddddd", edgecolors="#555555")
    nx.draw_networkx_labels(graph, pos, ax=axes, labels={n: (names or {}).get(n, n) for n in graph}, font_size=7)
    if edges:
        nx.draw_networkx_edges(graph, pos, ax=axes, edgelist=[(a, b) for a, b, _ in edges],
                               edge_color=[cmap(norm(d["status"])) for _, _, d in edges], width=1.6,
                               arrowsize=8, connectionstyle="arc3,rad=0.08", node_size=250)
    bar = figure.colorbar(ScalarMappable(norm, cmap), ax=axes, shrink=0.6)
    bar.set_label("status (-3 war .. +3 allies)")
    axes.set_title(title)
    axes.set_axis_off()
    save_figure(figure, path)


def relation_pairs(relations: Iterable[tuple[str, str, str]], rel: str | None = None) -> list[tuple[str, str]]:
    """The unordered pairs ``(a, b)``, ``a < b``, of the table's relations (of kind ``rel``, or all), sorted."""
    return sorted({pair(a, b) for a, b, r in relations if rel is None or r == rel})


class SummaryPlan:
    """The keys :func:`add_summary` writes for one scenario and the counters each reads, worked out once (a
    prepared scenario keeps one): ``goals`` the ``faction_goals_<id>`` counters summed; ``counted`` ``(key,
    counter)`` pairs in order up to the exact means; ``exact`` ``(key, counter)`` of ``goal_exact_<id>``; ``wars``
    ``(key, counter)`` per enemy pair; ``edges`` ``(key, a, b)`` per related pair both ways. Read only."""

    __slots__ = ("goals", "counted", "exact", "wars", "edges")

    def __init__(self, faction_ids: tuple[str, ...], relations: tuple[tuple[str, str, str], ...]):
        from sim.blades.schemas import FACTION_MOVES, GOAL_KINDS

        self.goals = tuple(f"faction_goals_{f}" for f in faction_ids)
        counted = [(f"faction_goal_{kind}", f"faction_goals_kind_{kind}") for kind in GOAL_KINDS]
        for kind in FACTION_MOVES:
            counted += [(f"move_{kind}", f"faction_moves_{kind}"),
                        (f"move_{kind}_success", f"faction_moves_{kind}_success")]
        counted += [(f"faction_wars_{f}", f"faction_wars_{f}") for f in faction_ids]
        counted += [(f"goal_rolls_{f}", f"goal_rolls_{f}") for f in faction_ids]
        self.counted = tuple(counted)
        self.exact = tuple((f"goal_exact_{f}", f"goal_exact_milli_{f}") for f in faction_ids)
        self.wars = tuple((f"war_{a}__{b}", f"pair_wars_{a}__{b}") for a, b in relation_pairs(relations, "enemy"))
        self.edges = tuple(edge for a, b in relation_pairs(relations)
                           for edge in ((f"edge_{a}__{b}", a, b), (f"edge_{b}__{a}", b, a)))


def add_summary(out: dict[str, Any], campaign: Any, plan: SummaryPlan) -> None:
    """Write the city's flat summary fields of ``campaign`` into ``out``, in their order (the same keys for every
    campaign of a scenario): wars between factions (``city_wars_started``, ``city_wars_ended``,
    ``city_wars_at_end``), goals by kind (``faction_goal_<kind>``), moves by kind and success (``move_<kind>``,
    ``move_<kind>_success``), per faction ``faction_wars_<id>`` and ``goal_rolls_<id>`` (fortune rolls its
    achieved goals took) and ``goal_exact_<id>`` (the exact mean rolls of those goals, :mod:`sim.clockodds`, at
    the Tier each filled at), per enemy pair ``war_<a>__<b>`` (wars started) and per related pair, both ways,
    ``edge_<a>__<b>`` (the final status of a toward b)."""
    counters = campaign.counters
    get = counters.get
    graph = campaign.city
    out["faction_goals"] = sum(get(key, 0) for key in plan.goals)
    out["city_wars_started"] = get("faction_wars_started", 0)
    out["city_wars_ended"] = get("faction_wars_ended", 0)
    out["city_wars_at_end"] = len(graph.graph["wars"])
    for key, counter in plan.counted:
        out[key] = get(counter, 0)
    for key, counter in plan.exact:  # the exact mean rolls of the same goals (sim.clockodds), to set beside goal_rolls
        out[key] = get(counter, 0) / 1000
    for key, counter in plan.wars:
        out[key] = get(counter, 0)
    for key, a, b in plan.edges:
        out[key] = status(graph, a, b)


def series_fields(campaign: Any) -> dict:
    """Per-score series fields: each faction's Tier (``faction_tier_<id>``, Tier over time) and the pairs at war."""
    keys = campaign.series_keys
    if keys is None:  # never stale: a campaign's factions never change, so its keys are worked out at its first row
        keys = campaign.series_keys = tuple((f"faction_tier_{fid}", fid) for fid in sorted(campaign.factions))
    factions = campaign.factions
    out: dict[str, Any] = {key: factions[fid].tier for key, fid in keys}
    out["city_wars"] = len(campaign.city.graph["wars"])
    return out
