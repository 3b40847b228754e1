"""``digitutor build-static DIR``: a folder any static file server serves, the apps running in each browser.

Voici (Voila's pages on JupyterLite) with the Pyodide kernel: every page runs the unchanged
engine in the attendee's own browser, so a room of any size costs the laptop only file serving.
Everything is fetched at build time from the package registries (PyPI, npm) and bundled; at
run time the pages ask nothing of any other host.

The build happens in a temporary folder beside DIR, renamed into place only once complete.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from . import browser_python as bp
from .browser_python import BuildProblem, run

#: the build tools (the ``static`` extra): Voici's core and the JupyterLite release its pages are built for
TOOLS = {"voici-core": "0.10", "jupyterlite-core": "0.7", "jupyterlite-pyodide-kernel": "0.7.0"}
#: every notebook of the apps becomes a page; the start page is the site's front door
FRONT = "voici/render/start.html"
#: Voila's "lab" template links Font Awesome from a CDN; the bundle already carries it
CDN_LINK = re.compile(r'<link\b[^>]*\bhref="(?:https?:)?//[^"]*"[^>]*>\s*', re.IGNORECASE)
#: the apps link each other as ``./name.ipynb`` (Voila's URLs); Voici renders ``./name.html``
LINK_SCRIPT = """<script>/* digitutor: app links point at Voila's .ipynb URLs; the static build has .html pages */
document.addEventListener("click", function (event) {
  var link = event.target && event.target.closest ? event.target.closest("a[href]") : null;
  if (!link) { return; }
  var href = link.getAttribute("href");
  var match = /^\\.\\/([\\w-]+)\\.ipynb(\\?.*)?$/.exec(href || "");
  if (match) { event.preventDefault(); window.location.href = "./" + match[1] + ".html" + (match[2] || ""); }
}, true);
</script>
"""
REDIRECT = f"""<!doctype html><meta charset="utf-8"><title>digitutor</title>
<meta http-equiv="refresh" content="0; url=./{FRONT}"><a href="./{FRONT}">digitutor</a>
"""


def check_tools() -> None:
    """The build tools are installed in the versions the build is made for, and npm is there."""
    for name, version in TOOLS.items():
        try:
            found = metadata.version(name)
        except metadata.PackageNotFoundError:
            raise BuildProblem(f"{name} is not installed: pip install 'digitutor[static]'") from None
        if not (found == version or found.startswith(version + ".")):
            raise BuildProblem(
                f"{name} {found} is installed, the static build needs {version}.x: pip install 'digitutor[static]'"
            )
    if shutil.which("npm") is None and not (cache_dir() / f"pyodide-{bp.PYODIDE_VERSION}.tgz").is_file():
        raise BuildProblem("npm was not found: the build takes Pyodide from the npm registry (install Node.js and npm)")


def cache_dir() -> Path:
    """Where the Pyodide tarball and the pure PyYAML wheel are kept between builds."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "digitutor" / f"static-pyodide-{bp.PYODIDE_VERSION}"


def check_target(target: Path, force: bool) -> None:
    """DIR must be a folder we may create or (with ``force``) replace."""
    if target.exists() and not target.is_dir():
        raise BuildProblem(f"{target}: exists and is not a folder")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise BuildProblem(f"{target}: exists and is not empty (pass --force to replace it)")
    parent = target.parent
    if not parent.is_dir():
        raise BuildProblem(f"{parent}: no such folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise BuildProblem(f"{parent}: not writable")


def build_static(target: Path, force: bool = False, log: Path | None = None) -> Path:
    """Build the site into ``target``; returns the build log. Raises BuildProblem with a one-line reason."""
    target = target.expanduser().resolve()
    check_target(target, force)
    check_tools()
    cache = cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{target.name}.building-", dir=target.parent))
    log = log or cache / "build.log"
    log.write_text("", encoding="utf-8")
    try:
        site = _build(work, cache, log)
        if target.exists():
            shutil.rmtree(target)
        site.rename(target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return log


def _build(work: Path, cache: Path, log: Path) -> Path:
    """Pyodide and the wheels into a JupyterLite folder, ``voici build`` of every app, the pages finished."""
    lite = work / "lite"
    pyodide_dir = lite / "static" / "pyodide"
    lock = bp.unpack_pyodide(bp.fetch_pyodide(cache, log), pyodide_dir)
    wheels = [
        *bp.download_wheels(work, lock, log),
        bp.pure_pyyaml(cache, log),
        digitutor_wheel(work, log),
        *kernel_shims(),
        bp.marker_wheel(pyodide_dir, "sqlite3", "3.0.0"),
    ]
    packages = bp.write_lock(pyodide_dir, lock, wheels)
    contents = lite / "files"
    contents.mkdir()
    for notebook in sorted(notebook_dir().glob("*.ipynb")):
        shutil.copy2(notebook, contents / notebook.name)
    preload = sorted({*bp.KERNEL_PACKAGES, "digitutor", "ipywidgets", "anywidget"} & {*packages, "pyodide_kernel"})
    settings = {"disablePyPIFallback": True, "loadPyodideOptions": {"packages": preload}}
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "digitutor",
            "litePluginSettings": {"@jupyterlite/pyodide-kernel-extension:kernel": settings},
        },
    }
    (lite / "jupyter-lite.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    site = work / "site"
    voici = [sys.executable, "-c", "from voici_core.app import main; main()"]  # voici_core's own __main__ wants `voici`
    run(
        [*voici, "build", "--contents", "files", "--output-dir", str(site), "--no-sourcemaps"],
        log,
        "voici build",
        cwd=lite,
    )
    bp.allow_classic_worker(site / "static" / "pyodide")
    finish_pages(site)
    return site


def finish_pages(site: Path) -> None:
    """No CDN links, app links that work between .html pages, and a front door at the site's root."""
    pages = sorted((site / "voici").rglob("*.html"))
    if not any(page.name == "start.html" for page in pages):
        raise BuildProblem("voici build wrote no start page (voici/render/start.html)")
    for page in pages:
        text = CDN_LINK.sub("", page.read_text(encoding="utf-8"))
        if "/render/" in page.as_posix():
            text = text.replace("</head>", LINK_SCRIPT + "</head>", 1)
        page.write_text(text, encoding="utf-8")
    (site / "index.html").write_text(REDIRECT, encoding="utf-8")


def notebook_dir() -> Path:
    """The apps: the checkout's ``notebooks/``, else the copy shipped in the package."""
    from ..serve import notebooks_dir

    return notebooks_dir()


def kernel_shims() -> list[Path]:
    """The stand-in wheels the Pyodide kernel ships (ipykernel, widgetsnbextension 4, its kernel, piplite)."""
    labextensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    pypi = labextensions / "@jupyterlite" / "pyodide-kernel-extension" / "static" / "pypi"
    shims = sorted(path for path in pypi.glob("*.whl") if not path.name.startswith("widgetsnbextension-3."))
    if len(shims) < 4:
        raise BuildProblem(f"{pypi}: the Pyodide kernel's wheels are missing: pip install 'digitutor[static]'")
    return shims


def digitutor_wheel(work: Path, log: Path) -> Path:
    """A wheel of this digitutor: built from the source tree when there is one, else from the installed files."""
    package = Path(__file__).resolve().parents[1]
    root = package.parent
    target = work / "digitutor-wheel"
    target.mkdir()
    if (root / "pyproject.toml").is_file() and (root / "cards").is_dir():
        run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(target), str(root)],
            log,
            "pip wheel digitutor",
        )
    else:
        _wheel_from_installed(package, target)
    found = sorted(target.glob("digitutor-*.whl"))
    if not found:
        raise BuildProblem(f"no digitutor wheel was built; the output is in {log}")
    return found[0]


def _wheel_from_installed(package: Path, target: Path) -> None:
    version = metadata.version("digitutor")
    dist = f"digitutor-{version}.dist-info"
    files = {
        f"digitutor/{path.relative_to(package).as_posix()}": path.read_bytes()
        for path in package.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    requires = "".join(
        f"Requires-Dist: {req}\n" for req in metadata.requires("digitutor") or () if "extra ==" not in req
    )
    files[f"{dist}/METADATA"] = f"Metadata-Version: 2.1\nName: digitutor\nVersion: {version}\n{requires}".encode()
    files[f"{dist}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: digitutor\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    bp.write_wheel(target / f"digitutor-{version}-py3-none-any.whl", files, dist)


def versions() -> dict[str, str]:
    """What the build bundles, for the docs and the log."""
    return {"pyodide": bp.PYODIDE_VERSION, **{name: metadata.version(name) for name in TOOLS}}
