"""``sim validate [PATH ...]``: check content and scenarios; exit 1 if any problem is an error.

Problems go to stderr, one a line (``file:line: field.path: message``); the closing count goes to stdout.
``--json`` prints one object instead: ``ok``, ``count`` (problems), ``errors``, ``warnings``, ``tables``,
``scenarios``, ``unchecked`` (files only checked as safe YAML) and ``problems``, each ``{file, line, field,
message, severity}`` (``line`` is null when the problem has no line). Exit status: 0 no errors, 1 errors
found, 2 a PATH that does not exist (bad input).
"""

from __future__ import annotations

import json
import sys

from sim.cli import add_lang_argument


#: The line ``sim --help`` shows for this command.
HELP = "check content tables and scenarios against their schemas"


def register(sub) -> None:
    p = sub.add_parser(
        "validate",
        help=HELP,
        description="Check YAML content tables and scenarios: schemas, cross-references, die tables, "
                    "safe YAML. Prints every problem on stderr as file:line: field.path: message, then the "
                    "count on stdout; exits 1 if any problem is an error.",
    )
    p.add_argument("paths", nargs="*", metavar="PATH",
                   help="files or folders to check (default: content/ and scenarios/)")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object (every problem with file, line, field, message, severity) "
                        "instead of the lines")
    add_lang_argument(p, help="also warn about every text field that lacks this language (default: no such warnings)")
    p.set_defaults(func=run)


def problem_json(problem) -> dict:
    """One problem as JSON: ``{file, line, field, message, severity}``."""
    return {"file": problem.file, "line": problem.line or None, "field": problem.path, "message": problem.message,
            "severity": problem.severity}


def report_json(report) -> dict:
    return {"ok": not report.errors, "count": len(report.problems), "errors": len(report.errors),
            "warnings": len(report.warnings), "tables": len(report.tables), "scenarios": len(report.scenarios),
            "unchecked": sorted(report.unchecked), "problems": [problem_json(p) for p in report.problems]}


def run(args) -> int:
    from sim.content.validate import default_paths, validate_paths
    from sim.i18n import count

    paths = args.paths or default_paths()
    report = validate_paths(paths, strict=args.strict, lang=args.lang)
    if args.json:
        print(json.dumps(report_json(report), ensure_ascii=False))
        return 1 if report.errors else 0
    for problem in report.problems:
        print(problem, file=sys.stderr)
    sys.stderr.flush()  # the problems before the count, when both streams are one terminal
    checked = f"{count(len(report.tables), 'table')} and {count(len(report.scenarios), 'scenario')}"
    if report.errors:
        print(f"sim validate: {count(len(report.errors), 'error')} in {checked}")
        return 1
    notes = []
    if report.warnings:
        notes.append(count(len(report.warnings), "warning"))
    if report.unchecked:
        notes.append(f"{count(len(report.unchecked), 'file')} without a schema only checked as safe YAML")
    extra = f" ({'; '.join(notes)})" if notes else ""
    print(f"OK: {checked} checked, no errors{extra}")
    return 0
