"""The decision interface and scripted policies driven by YAML traits.

Rule modules register how a scripted policy makes each kind of decision::

    @decision("push")
    def choose_push(traits, d, rng):      # -> one of d.options
        ...

``traits`` is the policy's mapping from ``content/agents/policies.yaml``
(numbers and names only: "push when stress is below 4", "resist harm of level
2 or more"). The decision functions live beside the rules that ask for them,
so adding a new kind of choice never touches this module.
"""

from __future__ import annotations

from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Mapping, NamedTuple, Sequence


from sim.content.loader import CONTENT_ROOT
from sim.errors import UsageError
from sim.rng import Rng

DecisionFn = Callable[[Mapping[str, Any], "Decision", Rng], Any]
_DECISIONS: dict[str, DecisionFn] = {}


_NO_CONTEXT: Mapping[str, Any] = MappingProxyType({})


class Decision(NamedTuple):
    """A choice a seat must make: its kind, the legal options, and context.

    An immutable named tuple rather than a frozen dataclass: campaigns build
    a couple of thousand of these each, and a tuple is about twice as quick
    to make.
    """

    kind: str
    seat: str
    options: tuple
    context: Mapping[str, Any] = _NO_CONTEXT


def decision(kind: str) -> Callable[[DecisionFn], DecisionFn]:
    """Register the scripted answer to decisions of ``kind``."""

    def register(fn: DecisionFn) -> DecisionFn:
        if kind in _DECISIONS and _DECISIONS[kind] is not fn:
            raise ValueError(f"decision {kind!r} registered twice")
        _DECISIONS[kind] = fn
        return fn

    return register


def unscripted(kind: str) -> KeyError:
    """The error for a decision ``kind`` no scripted answer is registered for (raised by every scripted path)."""
    return KeyError(f"no scripted answer registered for decision {kind!r}")


class Agent:
    """Anything that can sit in a seat."""

    name = "agent"
    person = False  # True for a person's seat: the seat adds a briefing to the context (sim.agents.seats)

    def choose(self, d: Decision, rng: Rng) -> Any:  # pragma: no cover - interface
        raise NotImplementedError

    def leads(self, seat: str) -> bool:
        """Whether this holder of ``seat`` leads (issue 30): a person offered every move the rules allow (every
        action, skill, target, plan) where a scripted policy is offered the engine's shortlist. The rules ask
        :meth:`sim.agents.seats.Seats.leads`; a policy never leads, so batch journals keep their shortlists."""
        return False


class ScriptedAgent(Agent):
    """A policy: answers each decision with the function registered for its kind."""

    __slots__ = ("name", "role", "traits")

    def __init__(self, name: str, role: str, traits: Mapping[str, Any]):
        self.name = name
        self.role = role
        self.traits = traits

    def choose(self, d: Decision, rng: Rng) -> Any:
        options = d.options
        if len(options) == 1:
            return options[0]
        fn = _DECISIONS.get(d.kind)
        if fn is None:
            raise unscripted(d.kind)
        return fn(self.traits, d, rng)  # the seat checks the answer is legal (sim.agents.seats)

    def __repr__(self) -> str:
        return f"ScriptedAgent({self.role}:{self.name})"


_POLICIES: dict[str, Mapping[str, Mapping[str, Any]]] = {}
#: under the content root (not found from this file: a compiled copy of this module may be loaded from elsewhere,
#: see sim.accel)
POLICY_FILE = CONTENT_ROOT / "agents" / "policies.yaml"


def load_policies(path: Path | None = None) -> Mapping[str, Mapping[str, Mapping[str, Any]]]:
    """``{"players": {name: traits}, "gm": {name: traits}}`` from the policy table (cached)."""
    path = Path(path or POLICY_FILE)
    key = str(path)
    if key not in _POLICIES:
        from sim.content.cache import cached_value, file_stamp

        def read() -> Any:
            import yaml

            with open(path, encoding="utf-8") as fh:
                return yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # safe, in C

        # kept in the user's cache folder for these bytes (issue 33: a start reads it every time)
        doc = cached_value(f"policies:{path.resolve()}", file_stamp(path), read)
        _POLICIES[key] = MappingProxyType(
            {role: MappingProxyType({n: MappingProxyType(dict(t)) for n, t in doc[role].items()}) for role in ("players", "gm")}
        )
    return _POLICIES[key]


def make_agent(role: str, name: str, policies: Mapping | None = None) -> ScriptedAgent:
    """A scripted agent for ``role`` ("players" or "gm") with policy ``name``."""
    table = (policies or load_policies())[role]
    if name not in table:
        raise UsageError(f"unknown {role[:-1] if role == 'players' else role} policy {name!r}; known: {', '.join(sorted(table))}")
    return ScriptedAgent(name, role, table[name])


def pick_weighted(rng: Rng, items: Sequence[Any], weights: Sequence[float]) -> Any:
    """One of ``items`` with probability proportional to ``weights`` (one rng draw)."""
    total = float(sum(weights))
    if total <= 0:
        raise ValueError("weights must sum to more than 0")
    x = rng.random() * total
    acc = 0.0
    for item, w in zip(items, weights):
        acc += w
        if x < acc:
            return item
    return items[-1]
