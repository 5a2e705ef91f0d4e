"""``sim web``: solo play on a local web page (issue 35; docs/web.md).

:mod:`sim.web.app` builds the Starlette app (the ``web`` extra: Starlette, Jinja2, python-multipart, uvicorn) over
the UI-free session layer: every session is a :class:`sim.solo.session.Session` held by
:class:`sim.mcp.saves.Saves` (the same registry ``sim mcp`` keeps, the same saves folder rules), and every answer
and command is the line a person types at ``sim solo``, so a save made on the page continues in the terminal byte
for byte. :mod:`sim.web.guard` keeps it safe on a laptop: a random token on every request, the Host header
checked, a CSRF token on every POST. The templates and the vendored htmx (``static/``, its license beside it) ship
in the wheel as package data.
"""
