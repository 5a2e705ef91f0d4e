"""Zones: the scene's sketch map as a networkx graph (FATE.SCENE.1-3).

Nodes are zone names; an edge joins adjacent zones. An edge may carry
``impeded`` (a difficulty: crossing it takes an overcome action instead of
the free move, FATE.SCENE.2) and ``sight=False`` (a corner or a floor:
ranged attacks can't pass it, FATE.SCENE.3). Everything iterates zones in
sorted order so ties never depend on insertion order.
"""

from __future__ import annotations

from typing import Iterable, Mapping

import networkx as nx

from sim.errors import IllegalMove, UsageError


class ZoneMap:
    """An undirected zone graph; read-only after construction."""

    __slots__ = ("graph",)

    def __init__(self, zones: Iterable[str], edges: Iterable[tuple[str, str] | tuple[str, str, Mapping]] = ()):
        g = nx.Graph()
        for z in zones:
            g.add_node(str(z))
        for edge in edges:
            a, b = str(edge[0]), str(edge[1])
            attrs = dict(edge[2]) if len(edge) > 2 else {}
            for z in (a, b):
                if z not in g:
                    raise UsageError(f"edge {a}-{b} names unknown zone {z!r}")
            if a == b:
                raise UsageError(f"zone {a!r} can't border itself")
            g.add_edge(a, b, impeded=int(attrs.get("impeded", 0)), sight=bool(attrs.get("sight", True)))
        if g.number_of_nodes() == 0:
            raise UsageError("a zone map needs at least one zone")
        self.graph = g

    @property
    def zones(self) -> tuple[str, ...]:
        return tuple(sorted(self.graph.nodes))

    def check(self, zone: str) -> str:
        if zone not in self.graph:
            raise UsageError(f"unknown zone {zone!r}; known: {', '.join(self.zones)}")
        return zone

    def adjacent(self, a: str, b: str) -> bool:
        """FATE.SCENE.2: zones sharing an edge."""
        return self.graph.has_edge(self.check(a), self.check(b))

    def neighbours(self, zone: str) -> tuple[str, ...]:
        return tuple(sorted(self.graph.neighbors(self.check(zone))))

    def impeded(self, a: str, b: str) -> int:
        """The difficulty of crossing from ``a`` to adjacent ``b`` (0: the free move covers it)."""
        if not self.adjacent(a, b):
            raise IllegalMove(f"zones {a} and {b} are not adjacent")
        return self.graph.edges[a, b]["impeded"]

    def free_move_ok(self, a: str, b: str) -> bool:
        """The free move of an exchange: to an adjacent zone across an unimpeded border (FATE.SCENE.2, FATE.SCENE.5)."""
        return self.adjacent(a, b) and self.graph.edges[a, b]["impeded"] == 0

    def step_toward(self, a: str, b: str) -> str | None:
        """The next zone on a shortest path from ``a`` to ``b`` (ties: alphabetical); None if there or unreachable."""
        self.check(a), self.check(b)
        if a == b or not nx.has_path(self.graph, a, b):
            return None
        dist = nx.single_source_shortest_path_length(self.graph, b)
        return min(n for n in self.neighbours(a) if dist.get(n, 1 << 30) == dist[a] - 1)

    def distance(self, a: str, b: str) -> int | None:
        self.check(a), self.check(b)
        try:
            return nx.shortest_path_length(self.graph, a, b)
        except nx.NetworkXNoPath:
            return None

    def in_reach(self, a: str, b: str, *, ranged: bool) -> bool:
        """Can someone in ``a`` touch or shoot someone in ``b``?

        Everyone in a zone can interact with everyone in it (FATE.SCENE.1);
        ranged attacks reach any zone joined to ``a`` by a path whose borders
        all allow a line of sight (FATE.SCENE.3).
        """
        if self.check(a) == self.check(b):
            return True
        if not ranged:
            return False
        sight = nx.subgraph_view(self.graph, filter_edge=lambda u, v: self.graph.edges[u, v]["sight"])
        return nx.has_path(sight, a, b)


def single_zone(name: str = "here") -> ZoneMap:
    """The map of a scene where position doesn't matter: one zone."""
    return ZoneMap([name])
