"""Packaging: every sub-package ships, and the rulebooks ship unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_directory_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(path.parent.relative_to(ROOT).parts) for path in (ROOT / "digitutor").rglob("__init__.py")}
    assert found - listed == set(), "add these to [tool.setuptools] packages"


def test_shipped_rulebooks_are_byte_identical_to_the_shared_originals():
    shared = ROOT.parent / "shared" / "rulebooks"
    if not shared.is_dir():
        pytest.skip("../shared/rulebooks is not beside this checkout")
    for original in shared.iterdir():
        assert (ROOT / "digitutor" / "rulebooks" / original.name).read_bytes() == original.read_bytes()


def _listed_packages() -> set[str]:
    return set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])


def test_every_content_folder_is_listed_so_setuptools_ships_it_without_warnings():
    # setuptools warns ("Package ... is absent from the `packages` configuration") for every
    # folder of package data that is not listed, and a future version will stop shipping it.
    folders = {
        "digitutor.cards." + ".".join(path.relative_to(ROOT / "cards").parts)
        for path in (ROOT / "cards").rglob("*")
        if path.is_dir() and "__pycache__" not in path.parts
    }
    assert folders - _listed_packages() == set(), "add these to [tool.setuptools] packages"
    assert "digitutor.notebooks" in _listed_packages()


@pytest.mark.slow
def test_the_wheel_serves_the_apps_without_a_checkout(tmp_path: Path):
    """Build the wheel, unpack it apart from the checkout: the notebooks and the Voila settings come with it."""
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-v", "-w", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    log = [
        line
        for line in (built.stdout + built.stderr).splitlines()
        if "warn" in line.lower() and "byte-compiling is disabled" not in line and "Location " not in line
    ]
    assert not log, "\n".join(log[:20])
    wheel = next(tmp_path.glob("digitutor-*.whl"))
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(site)
    assert {f"digitutor/notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.ipynb")} <= set(names)
    assert "digitutor/serving/voila.json" in names
    assert "digitutor/widgets/tutor.css" in names  # the stylesheet every app inlines (widgets/style.py)
    probe = (
        "from digitutor import serve; print(serve.notebooks_dir()); print(serve.voila_config_file()); "
        "from digitutor.scenarios.model import shipped_scenarios; print(len(shipped_scenarios('dtector')))"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(site)},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    notebooks, config, scenarios = run.stdout.split()
    assert Path(notebooks) == site / "digitutor" / "notebooks"
    assert Path(config) == site / "digitutor" / "serving" / "voila.json"
    assert int(scenarios) > 0
    _serve_answers(site, tmp_path)


def _serve_answers(site: Path, cwd: Path) -> None:
    """``digitutor serve`` from the unpacked wheel renders the landing page."""
    import http.client
    import signal
    import socket
    import time

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "digitutor.cli", "serve", "--no-browser", "--port", str(port)],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(site)},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        deadline, status = time.monotonic() + 180, None
        while status != 200 and time.monotonic() < deadline and server.poll() is None:
            time.sleep(1)
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                connection.request("GET", "/voila/render/start.ipynb")
                response = connection.getresponse()
                status, body = response.status, response.read()
                connection.close()
            except OSError:
                continue
        assert status == 200 and b"dt-" in body, f"the wheel's server answered {status}"
    finally:
        server.send_signal(signal.SIGINT)
        try:
            output = server.communicate(timeout=60)[0]
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            output = server.communicate()[0]
    assert "Traceback" not in output, output[-2000:]
