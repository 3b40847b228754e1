"""The Python that runs in each attendee's browser: Pyodide from npm, wheels from PyPI, one lock file.

Pyodide's npm package ships only the interpreter and its standard library (no package wheels),
and by default the Pyodide kernel fetches everything else from a CDN. Here every wheel the apps
need is fetched at build time from PyPI (``pip download`` for Pyodide's platform tag; PyYAML
built as a pure-Python wheel from its sdist, since PyPI has no Pyodide build of it) and listed
in a ``pyodide-lock.json`` next to the interpreter, so the browser loads nothing from elsewhere.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from ..core.errors import DigitutorError

#: the npm ``pyodide`` release: its Python (3.14) has a msgspec wheel on PyPI for its platform tag
PYODIDE_VERSION = "314.0.6"
PYODIDE_PLATFORM = "pyemscripten_2026_0_wasm32"
PYODIDE_PYTHON = "3.14"
#: the interpreter files taken from the npm package
PYODIDE_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: what the apps import in the browser, beyond digitutor's own dependencies; the widget packages
#: are pinned to the versions installed here, whose JavaScript the build bundles
BROWSER_PACKAGES = ("ipython", "jedi", "comm", "micropip")
PINNED_FROM_BUILD = ("ipywidgets", "anywidget", "msgspec")
#: never from PyPI: the Pyodide kernel ships its own stand-ins for these
KERNEL_SHIMS = ("ipykernel", "widgetsnbextension", "pyodide-kernel", "piplite")
#: the packages the kernel asks for by name at start; loaded with the interpreter instead
KERNEL_PACKAGES = ("sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython", "piplite", "micropip")
#: Pyodide 314 refuses to start in a classic web worker, which is what this Pyodide kernel release
#: uses; the guard is the only obstacle (dynamic import works in classic workers in every current
#: browser), so the build removes exactly that statement and fails if it is not found once.
CLASSIC_WORKER_GUARD = re.compile(
    r'if\([\w$]+&&[\w$]+\(\)\)throw new Error\("Classic web workers are not supported"\);'
)
#: how markers in wheel metadata are evaluated: Pyodide's environment
MARKERS = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "os_name": "posix",
    "platform_machine": "wasm32",
    "python_version": PYODIDE_PYTHON,
    "python_full_version": PYODIDE_PYTHON + ".2",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}


class BuildProblem(DigitutorError):
    """A static build cannot go on: the message is one line for the user."""


@dataclass(frozen=True)
class Wheel:
    """One wheel as the Pyodide lock file lists it."""

    path: Path
    name: str
    version: str
    depends: tuple[str, ...]
    imports: tuple[str, ...]

    def lock_entry(self) -> dict[str, object]:
        return {
            "name": self.name,
            "version": self.version,
            "file_name": self.path.name,
            "install_dir": "site",
            "package_type": "package",
            "imports": list(self.imports),
            "depends": list(self.depends),
            "sha256": hashlib.sha256(self.path.read_bytes()).hexdigest(),
            "unvendored_tests": False,
        }


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def run(command: list[str], log: Path, what: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    """Run a build step, its output appended to ``log``; a failure is one line naming the step and the log."""
    with log.open("a", encoding="utf-8") as sink:
        sink.write(f"\n$ {' '.join(command)}\n")
        sink.flush()
        try:
            done = subprocess.run(command, cwd=cwd, stdout=sink, stderr=subprocess.STDOUT, env=env, check=False)
        except OSError as error:
            raise BuildProblem(f"{what}: could not run {command[0]} ({error.strerror})") from None
    if done.returncode != 0:
        raise BuildProblem(f"{what} failed (exit {done.returncode}); its output is in {log}")


def fetch_pyodide(cache: Path, log: Path) -> Path:
    """The npm ``pyodide`` tarball, from the cache or ``npm pack`` (the npm registry) into it."""
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise BuildProblem(
                "npm was not found: the build takes Pyodide from the npm registry (install Node.js and npm)"
            )
        run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache)], log, "npm pack pyodide")
    if not tarball.is_file():
        raise BuildProblem(f"npm pack did not write {tarball}; its output is in {log}")
    return tarball


def unpack_pyodide(tarball: Path, target: Path) -> dict[str, object]:
    """Copy the interpreter files into ``target``; returns the npm package's ``pyodide-lock.json``."""
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tarball) as archive:
        for name in (*PYODIDE_FILES, "pyodide-lock.json"):
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise BuildProblem(f"{tarball.name} has no {name}")
            (target / name).write_bytes(member.read())
    info = json.loads((target / "pyodide-lock.json").read_text(encoding="utf-8"))
    (target / "pyodide-lock.json").unlink()
    return info


def allow_classic_worker(pyodide_dir: Path) -> None:
    """Remove Pyodide's classic-worker guard from its two loaders (see CLASSIC_WORKER_GUARD)."""
    for name in ("pyodide.js", "pyodide.asm.mjs"):
        path = pyodide_dir / name
        text = path.read_text(encoding="utf-8")
        patched, count = CLASSIC_WORKER_GUARD.subn("", text)
        if count != 1:
            raise BuildProblem(f"{name} of Pyodide {PYODIDE_VERSION}: expected one classic-worker guard, found {count}")
        path.write_text(patched, encoding="utf-8")


def download_wheels(work: Path, lock_info: dict[str, Any], log: Path) -> list[Path]:
    """Wheels for Pyodide's platform from PyPI (pip's own cache makes a rebuild quick), the kernel's shims left out."""
    wheels = work / "wheels"
    wheels.mkdir(parents=True, exist_ok=True)
    # versions Pyodide itself tested, for the pure-Python packages its own lock lists
    tested = {
        canonical(name): entry["version"]
        for name, entry in lock_info["packages"].items()
        if str(entry["file_name"]).endswith("-none-any.whl")
    }
    pins = {name: metadata.version(name) for name in PINNED_FROM_BUILD}
    wanted = [f"{name}=={pins[name]}" for name in PINNED_FROM_BUILD]
    wanted += [f"{name}=={tested[name]}" if name in tested else name for name in BROWSER_PACKAGES]
    constraints = work / "constraints.txt"
    constraints.write_text(
        "".join(
            f"{name}=={version}\n"
            for name, version in sorted(tested.items())
            if name not in pins and name not in KERNEL_SHIMS
        ),
        encoding="utf-8",
    )
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--only-binary=:all:",
            "--dest",
            str(wheels),
            "--platform",
            PYODIDE_PLATFORM,
            "--platform",
            "any",
            "--python-version",
            PYODIDE_PYTHON,
            "--implementation",
            "cp",
            "--abi",
            "cp" + PYODIDE_PYTHON.replace(".", ""),
            "--abi",
            "none",
            "-c",
            str(constraints),
            *wanted,
        ],
        log,
        "pip download (wheels for the browser)",
    )
    return sorted(path for path in wheels.glob("*.whl") if canonical(path.name.split("-")[0]) not in KERNEL_SHIMS)


def pure_pyyaml(cache: Path, log: Path) -> Path:
    """A pure-Python PyYAML wheel built from its sdist (PyPI has no Pyodide build of PyYAML)."""
    version = metadata.version("PyYAML")
    target = cache / "pyyaml"
    found = sorted(target.glob(f"[pP]y[yY][aA][mM][lL]-{version}-py3-none-any.whl"))
    if found:
        return found[0]
    target.mkdir(parents=True, exist_ok=True)
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-binary",
            "PyYAML",
            "--wheel-dir",
            str(target),
            f"PyYAML=={version}",
        ],
        log,
        "pip wheel PyYAML (pure Python)",
        env={**os.environ, "PYYAML_FORCE_LIBYAML": "0"},
    )
    found = sorted(target.glob(f"[pP]y[yY][aA][mM][lL]-{version}-py3-none-any.whl"))
    if not found:
        raise BuildProblem(f"PyYAML {version} did not build as a pure-Python wheel; the output is in {log}")
    return found[0]


def marker_wheel(target: Path, name: str, version: str) -> Path:
    """An empty wheel that only says ``name`` is installed (for a module Pyodide 314 has in its standard library)."""
    dist = f"{name}-{version}.dist-info"
    files = {
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: digitutor\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    path = target / f"{name}-{version}-py3-none-any.whl"
    write_wheel(path, {key: value.encode() for key, value in files.items()}, dist)
    return path


def write_wheel(path: Path, files: dict[str, bytes], dist_info: str) -> None:
    """A wheel with ``files`` and the RECORD that lists them."""
    record = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files.items()):
            archive.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{name},sha256={digest},{len(data)}")
        record.append(f"{dist_info}/RECORD,,")
        archive.writestr(
            zipfile.ZipInfo(f"{dist_info}/RECORD", date_time=(1980, 1, 1, 0, 0, 0)), "\n".join(record) + "\n"
        )


def read_wheel(path: Path) -> Wheel:
    """Name, version, dependencies (for Pyodide's environment) and top-level imports of a wheel."""
    from packaging.requirements import Requirement

    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        meta_name = next((n for n in names if n.endswith(".dist-info/METADATA")), None)
        if meta_name is None:
            raise BuildProblem(f"{path.name}: no METADATA in the wheel")
        meta = archive.read(meta_name).decode("utf-8", "replace").split("\n\n", 1)[0]
    fields = [line.split(": ", 1) for line in meta.splitlines() if ": " in line]
    name = next(value for key, value in fields if key == "Name")
    version = next(value for key, value in fields if key == "Version")
    depends = []
    for key, value in fields:
        if key == "Requires-Dist":
            requirement = Requirement(value)
            if requirement.marker is None or requirement.marker.evaluate(MARKERS):
                depends.append(canonical(requirement.name))
    tops = {n.split("/", 1)[0] for n in names if not n.split("/", 1)[0].endswith((".dist-info", ".data"))}
    imports = sorted(top.removesuffix(".py") for top in tops if top.isidentifier() or top.endswith(".py"))
    return Wheel(path, canonical(name), version, tuple(sorted(set(depends))), tuple(imports))


def write_lock(pyodide_dir: Path, info: dict[str, object], wheels: list[Path]) -> list[str]:
    """Copy ``wheels`` next to the interpreter and list them in its lock; returns the package names.

    Every dependency must be in the lock: one that is not would send the browser to PyPI.
    """
    entries: dict[str, Wheel] = {}
    for path in wheels:
        wheel = read_wheel(path)
        entries.setdefault(wheel.name, wheel)
    missing = sorted({f"{dep} (for {w.name})" for w in entries.values() for dep in w.depends if dep not in entries})
    if missing:
        raise BuildProblem(f"no wheel for the browser for: {', '.join(missing)}")
    packages = {}
    for name, wheel in sorted(entries.items()):
        if wheel.path.parent != pyodide_dir:
            shutil.copy2(wheel.path, pyodide_dir / wheel.path.name)
            wheel = Wheel(
                pyodide_dir / wheel.path.name, *[getattr(wheel, f) for f in ("name", "version", "depends", "imports")]
            )
        packages[name] = wheel.lock_entry()
    lock = {"info": info["info"], "packages": packages}
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True), encoding="utf-8")
    return sorted(packages)
