"""Where the minutes go: every run ends with the time spent per test folder.

pytest's own ``--durations`` (set in pyproject.toml) lists the slowest tests; this adds the sum per
folder (setup, call and teardown of every test in it), so a run shows which part of the suite grew.
Under pytest-xdist the figures are summed over the workers: worker-seconds, not wall-clock seconds.
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


@dataclass
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


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(FolderTimes(), "digitutor-folder-times")
