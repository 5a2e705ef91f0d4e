"""``sim scenarios``: the scenarios this install ships, each with its system and a one-line description.

Any of them can be named without a path wherever a SCENARIO is taken (``sim play starter``, ``sim solo new
fate_docks --save x.save``, ``sim batch starter``, ``sim validate starter``): :mod:`sim.content.bundled`.
``--json`` prints one object on one line: ``{"scenarios": [{"name", "system", "lang", "description", "path"}]}``.
"""

from __future__ import annotations

import json

#: The line ``sim --help`` shows for this command.
HELP = "list the bundled scenarios, with their system and a one-line description"


def register(sub) -> None:
    from sim.cli import add_lang_argument

    p = sub.add_parser("scenarios", help=HELP, description="List the scenarios this install ships. Name any of "
                       "them instead of a file: sim play starter, sim solo new fate_docks --save x.save.")
    p.add_argument("--json", action="store_true", help="print one JSON object on one line")
    add_lang_argument(p, help="language of the headings and of the descriptions a scenario has in it (default: en)")
    p.set_defaults(func=run)


def run(args) -> int:
    from sim import i18n
    from sim.commands.odds import table
    from sim.content.bundled import bundled_scenarios
    from sim.content.scenario import describe_bundled as describe

    found = [describe(name, args.lang) for name in bundled_scenarios()]
    if args.json:
        print(json.dumps({"scenarios": found}, ensure_ascii=False))
        return 0
    lang = args.lang
    head = [i18n.t("cli.scenarios.name", lang), i18n.t("cli.scenarios.system", lang),
            i18n.t("cli.scenarios.description", lang)]
    body = [[s["name"], s["system"] or "?", s["description"] or ""] for s in found]
    print("\n".join(line.rstrip() for line in table([head] + body, [False] * 3, indent="")))
    print(i18n.t("cli.scenarios.how", lang))
    return 0
