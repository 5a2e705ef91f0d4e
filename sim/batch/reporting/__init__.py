"""A batch's report: ``report.md`` and its plots, from the assembled tables and ``summary.json``.

* :mod:`.report`: the Markdown report (headline, tables with descriptions, plots) and ``sim report``'s re-render;
* :mod:`.figures`: every plot's conventions (Okabe–Ito colours, bands, n beneath, legends outside, CJK fonts);
* :mod:`.intervals`: intervals that respect what they measure (Wilson, seeded bootstrap, counts clipped at 0);
* :mod:`.survival`, :mod:`.survival_report`: Kaplan–Meier curves with Greenwood intervals, crews and scoundrels.

A system adds its own sections through its registry entry (``System.report_sections``; Blades' city section).
"""
