"""The static build's own logic, without the network: wheels read for Pyodide, the lock, the Pyodide adjustment.

The whole build, in a real browser, is tests/browser/test_static.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from digitutor.serving import browser_python as bp


def make_wheel(
    folder: Path, name: str, version: str, requires: tuple[str, ...] = (), modules: tuple[str, ...] = ()
) -> Path:
    dist = f"{name}-{version}.dist-info"
    meta = f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires
    )
    files = {f"{dist}/METADATA": meta.encode(), f"{dist}/WHEEL": b"Wheel-Version: 1.0\nTag: py3-none-any\n"}
    files.update({module: b"" for module in modules})
    path = folder / f"{name}-{version}-py3-none-any.whl"
    bp.write_wheel(path, files, dist)
    return path


def test_dependencies_are_read_for_pyodide_not_for_this_machine(tmp_path: Path):
    wheel = bp.read_wheel(
        make_wheel(
            tmp_path,
            "ipython",
            "9.12.0",
            (
                "traitlets>=5",
                'pexpect>4.3; sys_platform != "win32" and sys_platform != "emscripten"',
                'colorama; sys_platform == "win32"',
                'typing_extensions; python_version < "3.12"',
                'pytest; extra == "test"',
            ),
            ("IPython/__init__.py", "IPython/core/__init__.py"),
        )
    )
    assert wheel.name == "ipython" and wheel.version == "9.12.0"
    assert wheel.depends == ("traitlets",)
    assert wheel.imports == ("IPython",)


def test_the_lock_lists_every_wheel_with_its_hash_and_needs_every_dependency(tmp_path: Path):
    source, target = tmp_path / "wheels", tmp_path / "pyodide"
    source.mkdir()
    target.mkdir()
    wheels = [
        make_wheel(source, "digitutor", "0.1.0", ("PyYAML>=6", "msgspec>=0.18"), ("digitutor/__init__.py",)),
        make_wheel(source, "PyYAML", "6.0.3", (), ("yaml/__init__.py",)),
    ]
    info = {"info": {"abi_version": "2026_0", "python": "3.14.2"}}
    with pytest.raises(bp.BuildProblem, match=r"no wheel for the browser for: msgspec \(for digitutor\)"):
        bp.write_lock(target, info, wheels)
    wheels.append(make_wheel(source, "msgspec", "0.22.0", (), ("msgspec/__init__.py",)))
    assert bp.write_lock(target, info, wheels) == ["digitutor", "msgspec", "pyyaml"]
    lock = json.loads((target / "pyodide-lock.json").read_text())
    assert lock["info"] == info["info"]
    entry = lock["packages"]["digitutor"]
    assert entry["depends"] == ["msgspec", "pyyaml"] and entry["imports"] == ["digitutor"]
    assert (target / entry["file_name"]).is_file()
    import hashlib

    assert entry["sha256"] == hashlib.sha256((target / entry["file_name"]).read_bytes()).hexdigest()


def test_the_classic_worker_guard_is_removed_once_or_the_build_stops(tmp_path: Path):
    guard = 'if(r&&ge())throw new Error("Classic web workers are not supported");'
    (tmp_path / "pyodide.js").write_text(f"a();{guard}b();")
    (tmp_path / "pyodide.asm.mjs").write_text(f"c();{guard.replace('ge', '$n').replace('(r', '(i')}d();")
    bp.allow_classic_worker(tmp_path)
    assert (tmp_path / "pyodide.js").read_text() == "a();b();"
    assert (tmp_path / "pyodide.asm.mjs").read_text() == "c();d();"
    with pytest.raises(bp.BuildProblem, match="expected one classic-worker guard, found 0"):
        bp.allow_classic_worker(tmp_path)


def test_the_marker_wheel_installs_nothing_but_its_name(tmp_path: Path):
    wheel = bp.read_wheel(bp.marker_wheel(tmp_path, "sqlite3", "3.0.0"))
    assert (wheel.name, wheel.version, wheel.depends, wheel.imports) == ("sqlite3", "3.0.0", (), ())
