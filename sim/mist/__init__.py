"""The mist system (RULES.md Part III, ``MIST.*``; issue 12): themes, tags and statuses, challenges with
limits, the scene and chapter loop, growth, fading and evolution.

The rules are small pure functions (:mod:`~sim.mist.rules.statuses`, :mod:`~sim.mist.rules.roll`,
:mod:`~sim.mist.rules.arcs`); one mutable owner, :class:`sim.mist.state.MistGame`, journals every change;
:mod:`sim.mist.loop` plays chapters on a :class:`sim.phases.PhaseTable`. ``sim/mist/system.py``
registers the system ``mist`` (:mod:`sim.systems`).
"""
