"""Decision makers: every choice in a campaign goes through one interface.

A *seat* (a scoundrel's id, or ``"gm"``) holds an :class:`Agent`. The campaign
asks ``agent.choose(Decision(kind, seat, options, context), rng)`` and gets one
of the legal ``options`` back. Scripted policies answer from traits in
``content/agents/policies.yaml``; the solo-play front end puts a person in a
seat by implementing the same method.
"""

from sim.agents.base import Agent, Decision, ScriptedAgent, decision, load_policies

__all__ = ["Agent", "Decision", "ScriptedAgent", "decision", "load_policies"]
