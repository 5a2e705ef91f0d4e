"""The batch report's crew-status figures over many campaigns, one column at a time (issue 17: 1,000,000 rows).

Holding every ``status_*`` column at once cost about 145 MB at a million rows; the report now reads, uses and drops
each in turn. The figures must be the mean over the variant's rows and the typical campaign's own value.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from sim.blades.views.city_report import crew_statuses


def test_crew_statuses_are_the_mean_and_the_kth_campaign_reading_one_column_at_a_time():
    data = {"status_hive": np.array([-3, 0, 2, 1]), "status_crows": np.array([1, 1, -1, 0]), "other": np.array([9] * 4)}
    schema = pa.schema([(name, pa.int64()) for name in data])
    read = []  # the columns asked for, in order: each status column once, nothing else

    def column(name):
        read.append(name)
        return data[name]

    rows = np.array([True, True, False, True])
    mean, typical = crew_statuses(column, schema, rows, 1)
    assert mean == {"hive": (-3 + 0 + 1) / 3, "crows": (1 + 1 + 0) / 3}
    assert typical == {"hive": 0, "crows": 1}  # the 2nd of the chosen rows
    assert read == ["status_hive", "status_crows"] and list(mean) == ["hive", "crows"]
