"""``sim mcp``: the engine as Model Context Protocol tools, so a language-model GM narrates and sim keeps the rules.

:mod:`sim.mcp.server` builds the server on the official ``mcp`` SDK (the ``mcp`` extra): the tools, resources and
prompts. Behind it, and importing no part of the SDK: :mod:`sim.mcp.saves` (the sessions open at once, keyed by
save name, each a :class:`sim.solo.session.Session` saved inside the saves folder), :mod:`sim.mcp.dice` (odds,
rolls and the oracle outside a session, as ``sim odds``, ``sim roll`` and ``sim oracle`` compute them),
:mod:`sim.mcp.rules` (the rules reference) and :mod:`sim.mcp.prompts` (the GM's brief). docs/mcp.md says how a
client is set up.
"""
