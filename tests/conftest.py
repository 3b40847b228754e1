"""The whole suite's plumbing: the order tests start in, and where the minutes go.

- ``make test`` runs the suite on every core (pytest-xdist, ``--dist loadfile``: each test file on one worker, so
  a module-scoped fixture such as a server or a built site is made once). Files with a slow test start first, so
  that a long one does not start last and leave the other workers idle.
- Every run ends with the time per test folder; pytest's own ``--durations`` (set in pyproject.toml) lists the
  slowest tests. Under xdist the folder figures are summed over the workers: worker-seconds, not wall-clock.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

import pytest


def folder_of(nodeid: str) -> str:
    """``tests/browser/test_x.py::t`` -> ``tests/browser``; a file at the top of tests/ -> ``tests/*.py``."""
    parts = nodeid.split("::", 1)[0].split("/")
    if len(parts) > 2:
        return "/".join(parts[:2])
    return f"{parts[0]}/*.py" if parts[0] == "tests" else parts[0]


@dataclass(eq=False)  # a plugin object: pluggy keeps it in sets
class FolderTimes:
    """Seconds and test count per folder, from every test report the run sees."""

    seconds: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    tests: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        folder = folder_of(report.nodeid)
        self.seconds[folder] += report.duration
        if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
            self.tests[folder] += 1

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if not self.seconds:
            return
        terminalreporter.write_sep("=", "time per folder (s)")
        for folder, seconds in sorted(self.seconds.items(), key=lambda item: -item[1]):
            terminalreporter.write_line(f"{seconds:9.1f}  {self.tests[folder]:5d} tests  {folder}")
        terminalreporter.write_line(f"{sum(self.seconds.values()):9.1f}  {sum(self.tests.values()):5d} tests  in all")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Files with a slow test first, files with a ``last`` test at the end (a stable sort: each file's tests stay
    together and in order)."""
    slow_modules = {item.path for item in items if item.get_closest_marker("slow")}
    last_modules = {item.path for item in items if item.get_closest_marker("last")}
    items.sort(key=lambda item: (item.path in last_modules, item.path not in slow_modules))


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(FolderTimes(), "digitutor-folder-times")
