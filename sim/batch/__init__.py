"""Batch campaigns at scale: many seeded campaigns, in parallel, saved as Parquet.

* :mod:`sim.batch.plan` — variants (``--sweep``), chunks, the manifest;
* :mod:`sim.batch.worker` — playing one chunk in any process;
* :mod:`sim.batch.backends` — in-process, a process pool, Dask;
* :mod:`sim.batch.table` — Parquet chunk files and ``campaigns.parquet``;
* :mod:`sim.batch.aggregate` — means, quantiles, rates, paired differences;
* :mod:`sim.batch.reporting.report` — ``report.md`` with PNG plots;
* :mod:`sim.batch.runner` — :func:`run_batch`, which ties them together.

Importing this package imports nothing heavy; the modules above load
pyarrow and friends when used.
"""
