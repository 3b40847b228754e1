"""Smoke test of the JupyterHub recipe on one machine: start a hub, log N attendees in, each lands on the tutor.

    deploy/jupyterhub/smoke.sh [N]      # installs jupyterhub and configurable-http-proxy, then runs this

Prints, per attendee, the seconds from login to a rendered landing page, and the memory
of the single-user servers and kernels once all are in (figures for docs/serving.md).
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import psutil

HERE = Path(__file__).resolve().parent
PASSWORD = "tutor-room-password"


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(url: str, timeout: float, hub: subprocess.Popen) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if hub.poll() is not None:
            raise SystemExit(f"jupyterhub exited with {hub.returncode}")
        try:
            urllib.request.urlopen(url, timeout=10)
            return
        except OSError:  # refused, or the proxy's 404 until the hub has added its route
            time.sleep(1)
    raise SystemExit(f"no answer from {url} within {timeout:.0f} s")


def attend(base: str, name: str) -> float:
    """Log ``name`` in and fetch their landing page; seconds it took."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    started = time.monotonic()
    login = opener.open(f"{base}/hub/login", timeout=60).read().decode()
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', login)
    form = {"username": name, "password": PASSWORD, **({"_xsrf": xsrf[1]} if xsrf else {})}
    page = opener.open(f"{base}/hub/login?next=", urllib.parse.urlencode(form).encode(), timeout=300)
    deadline = time.monotonic() + 300
    while "/voila/render/start.ipynb" not in page.url and time.monotonic() < deadline:
        time.sleep(1)  # the spawn-pending page: ask again until the server is up
        page = opener.open(f"{base}/user/{name}/voila/render/start.ipynb", timeout=300)
    body = page.read().decode()
    if page.status != 200 or "dt-" not in body:
        raise SystemExit(f"{name}: no tutor landing page at {page.url} ({page.status})")
    return time.monotonic() - started


def memory_mib(root: psutil.Process) -> dict[str, int]:
    singles, kernels = [], []
    for child in root.children(recursive=True):
        try:
            line = " ".join(child.cmdline())
            (kernels if "ipykernel" in line else singles if "singleuser" in line else []).append(
                child.memory_info().rss
            )
        except psutil.Error:
            continue
    return {
        "servers": len(singles),
        "server_rss_mib": round(sum(singles) / 2**20 / max(len(singles), 1)),
        "kernels": len(kernels),
        "kernel_rss_mib": round(sum(kernels) / 2**20 / max(len(kernels), 1)),
    }


def main() -> None:
    attendees = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    work = Path(tempfile.mkdtemp(prefix="digitutor-hub-"))
    port = free_port()
    env = {
        **os.environ,
        "DIGITUTOR_HUB_DIR": str(work),
        "DIGITUTOR_HUB_PORT": str(port),
        "DIGITUTOR_HUB_PASSWORD": PASSWORD,
        "DIGITUTOR_HUB_INTERNAL_PORT": str(free_port()),
        "DIGITUTOR_HUB_PROXY_API_PORT": str(free_port()),
    }
    log = (work / "hub.log").open("w")
    hub = subprocess.Popen(
        [sys.executable, "-m", "jupyterhub", "-f", str(HERE / "jupyterhub_config.py")],
        cwd=work,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(f"{base}/hub/login", 120, hub)
        times = [attend(base, f"attendee{i}") for i in range(attendees)]
        time.sleep(3)
        result = {
            "attendees": attendees,
            "login_to_landing_s": [round(t, 1) for t in times],
            **memory_mib(psutil.Process(hub.pid)),
        }
        print(json.dumps(result, indent=2))
    finally:
        hub.send_signal(signal.SIGINT)
        try:
            hub.wait(60)
        except subprocess.TimeoutExpired:
            os.killpg(hub.pid, signal.SIGKILL)
        for child in psutil.Process().children(recursive=True):
            child.kill()
    print(f"hub log: {work / 'hub.log'}")


if __name__ == "__main__":
    main()
