"""A scenario document a test built, saved to a file and checked by the real
CLI, as a judge would (shared by the board tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]


def assert_cli_check_passes(doc: dict, out: Path) -> None:
    """Write ``doc`` to ``out`` and run ``digitutor scenario check`` on it: exit 0, the one scenario passed."""
    out.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    checked = subprocess.run(
        [sys.executable, "-m", "digitutor.cli", "scenario", "check", str(out)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert checked.returncode == 0 and "1 passed" in checked.stdout, checked.stdout + checked.stderr
