"""Packaging: every sub-package ships, and the rulebooks ship unchanged."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_directory_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "digitutor").rglob("__init__.py")
    }
    assert found - listed == set(), "add these to [tool.setuptools] packages"


def test_shipped_rulebooks_are_byte_identical_to_the_shared_originals():
    shared = ROOT.parent / "shared" / "rulebooks"
    if not shared.is_dir():
        pytest.skip("../shared/rulebooks is not beside this checkout")
    for original in shared.iterdir():
        assert (ROOT / "digitutor" / "rulebooks" / original.name).read_bytes() == original.read_bytes()
