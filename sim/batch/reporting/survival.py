"""Kaplan–Meier survival curves with Greenwood intervals: how long crews and scoundrels last (issue 32).

Scoundrels (:func:`scoundrel_risk_sets`, :func:`product_limit`): each scoundrel is a subject from the score it
joins (the starting crew from the first, a recruit from the score after it joined) until it is out for good (dead,
retired, jailed for life: the event) or its campaign ends (censored).

A campaign is a subject; its time is the number of scores it played; the
event is the crew breaking (``end == "broken"``); a campaign that ended any
other way (all scores played, the Tier goal reached) is censored at its last
score. At each event time t_i with n_i campaigns at risk and d_i events,

    S(t) = prod_{t_i <= t} (1 - d_i / n_i)
    Var[S(t)] = S(t)^2 * sum_{t_i <= t} d_i / (n_i (n_i - d_i))        (Greenwood)

and the 95% interval is the log-log one (Kalbfleisch–Prentice), which stays
inside [0, 1]: [S^exp(z·se), S^exp(-z·se)] with se = sqrt(sum d/(n(n-d))) / |log S|
(:func:`log_log_interval`). No dependency: lifelines would do the same in one
call; these few lines are tested against a hand-computed example instead.
"""

from __future__ import annotations

import math
from typing import Any, Iterable

from sim.batch.reporting.intervals import Z95


def kaplan_meier(times: Iterable[int], events: Iterable[bool]) -> dict[str, list[Any]]:
    """The Kaplan–Meier estimate of ``times`` (each subject's last time) with ``events`` (True: the event
    happened then; False: censored then).

    Returns ``{"time": [0, t1, ...], "at_risk": [...], "events": [...], "censored": [...], "survival": [...],
    "ci95": [[lo, hi], ...]}`` with one entry per distinct time (time 0 first, survival 1)."""
    pairs = sorted(zip(times, events))
    n = len(pairs)
    out: dict[str, list[Any]] = {"time": [0], "at_risk": [n], "events": [0], "censored": [0], "survival": [1.0],
                                 "ci95": [[1.0, 1.0]]}
    survival, greenwood, at_risk, i = 1.0, 0.0, n, 0
    while i < n:
        t = pairs[i][0]
        d = c = 0
        while i < n and pairs[i][0] == t:
            if pairs[i][1]:
                d += 1
            else:
                c += 1
            i += 1
        if d:
            survival *= 1 - d / at_risk
            greenwood = greenwood + d / (at_risk * (at_risk - d)) if at_risk > d else math.inf
        out["time"].append(t)
        out["at_risk"].append(at_risk)
        out["events"].append(d)
        out["censored"].append(c)
        out["survival"].append(survival)
        out["ci95"].append(log_log_interval(survival, greenwood))
        at_risk -= d + c
    return out


def product_limit(times: list[int], at_risk: list[int], events: list[int]) -> dict[str, list[Any]]:
    """The Kaplan–Meier estimate from risk sets already counted: at ``times[i]``, ``at_risk[i]`` subjects were at
    risk and ``events[i]`` had the event (subjects may enter late, e.g. recruits). Same keys as
    :func:`kaplan_meier` (``censored`` is 0: leaving the risk set is in ``at_risk``)."""
    out: dict[str, list[Any]] = {"time": [0], "at_risk": [at_risk[0] if at_risk else 0], "events": [0],
                                 "censored": [0], "survival": [1.0], "ci95": [[1.0, 1.0]]}
    survival, greenwood = 1.0, 0.0
    for t, n, d in zip(times, at_risk, events):
        if n <= 0:
            continue
        d = min(d, n)
        if d:
            survival *= 1 - d / n
            greenwood = greenwood + d / (n * (n - d)) if n > d else math.inf
        out["time"].append(t)
        out["at_risk"].append(n)
        out["events"].append(d)
        out["censored"].append(0)
        out["survival"].append(survival)
        out["ci95"].append(log_log_interval(survival, greenwood))
    return out


def scoundrel_risk_sets(rows: Iterable[tuple[int, int, int, int, int]]) -> tuple[list[int], list[int], list[int]]:
    """(scores, scoundrels at risk, scoundrels out for good) pooled over campaigns, from per-campaign rows
    ``(campaign, score, pcs, pcs_out, recruits)`` in campaign and score order (``pcs``: everyone who ever joined;
    ``pcs_out`` and ``recruits`` cumulative). At a campaign's first score the starting crew is at risk
    (``pcs - recruits``); at a later one, everyone in the crew after the score before (``pcs - pcs_out`` then).
    A campaign that has ended has no rows: its scoundrels leave the risk set (censored)."""
    risk: dict[int, list[int]] = {}
    last_campaign, last_in, last_out = None, 0, 0
    for campaign, score, pcs, out, recruits in rows:
        if campaign != last_campaign:
            at_risk, before = pcs - recruits, 0
        else:
            at_risk, before = last_in, last_out
        cell = risk.setdefault(score, [0, 0])
        cell[0] += at_risk
        cell[1] += max(0, out - before)
        last_campaign, last_in, last_out = campaign, pcs - out, out
    scores = sorted(risk)
    return scores, [risk[s][0] for s in scores], [risk[s][1] for s in scores]


def log_log_interval(survival: float, greenwood: float) -> list[float]:
    """The 95% log-log interval of a survival estimate with Greenwood sum ``greenwood`` (sum d/(n(n-d)))."""
    if survival <= 0.0 or math.isinf(greenwood):
        return [0.0, 0.0] if survival <= 0.0 else [0.0, 1.0]
    if survival >= 1.0 or greenwood == 0.0:
        return [survival, survival]
    log_s = math.log(survival)
    se = math.sqrt(greenwood) / abs(log_s)
    return [survival ** math.exp(Z95 * se), survival ** math.exp(-Z95 * se)]


def greenwood_se(survival: float, greenwood: float) -> float:
    """Greenwood's standard error of S(t): S(t) * sqrt(sum d/(n(n-d)))."""
    return survival * math.sqrt(greenwood)


def survival_at(curve: dict[str, list[Any]], t: int) -> float:
    """S(t) of a curve from :func:`kaplan_meier` (a step function, right-continuous)."""
    value = 1.0
    for time, s in zip(curve["time"], curve["survival"]):
        if time > t:
            break
        value = s
    return value
