"""``sim validate [PATH ...]``: check content and scenarios; exit 2 on any problem."""

from __future__ import annotations

from sim.cli import add_lang_argument


#: The line ``sim --help`` shows for this command.
HELP = "check content tables and scenarios against their schemas"


def register(sub) -> None:
    p = sub.add_parser(
        "validate",
        help=HELP,
        description="Check YAML content tables and scenarios: schemas, cross-references, die tables, "
                    "safe YAML. Prints every problem as file:line: field.path: message and exits 2 if any.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="files or folders to check (default: content/ and scenarios/)")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    add_lang_argument(p, help="also warn about every text field that lacks this language (default: no such warnings)")
    p.set_defaults(func=run)


def run(args) -> int:
    from sim.content.validate import default_paths, validate_paths

    paths = args.paths or default_paths()
    report = validate_paths(paths, strict=args.strict, lang=args.lang)
    for problem in report.problems:
        print(problem)
    n_tables, n_scen = len(report.tables), len(report.scenarios)
    checked = f"{n_tables} table{'s' if n_tables != 1 else ''} and {n_scen} scenario{'s' if n_scen != 1 else ''}"
    if report.errors:
        print(f"sim validate: {len(report.errors)} error{'s' if len(report.errors) != 1 else ''} "
              f"in {checked}")
        return 2
    notes = []
    if report.warnings:
        notes.append(f"{len(report.warnings)} warning{'s' if len(report.warnings) != 1 else ''}")
    if report.unchecked:
        notes.append(f"{len(report.unchecked)} file{'s' if len(report.unchecked) != 1 else ''} without a schema only checked as safe YAML")
    extra = f" ({'; '.join(notes)})" if notes else ""
    print(f"OK: {checked} checked, no errors{extra}")
    return 0
