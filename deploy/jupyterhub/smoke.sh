#!/usr/bin/env bash
# JupyterHub on this machine, N attendees (default 3) log in and land on the tutor's start page.
# Installs jupyterhub (PyPI) into the project's .venv and configurable-http-proxy (npm) beside
# this script; needs node and npm. Usage: deploy/jupyterhub/smoke.sh [N]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
python="${PYTHON:-$root/.venv/bin/python}"
"$python" -m pip install --quiet "jupyterhub>=5.3"
if [ ! -x "$here/node_modules/.bin/configurable-http-proxy" ]; then
  npm install --silent --no-audit --no-fund --prefix "$here" configurable-http-proxy@5
fi
export PATH="$here/node_modules/.bin:$PATH"
exec "$python" "$here/smoke.py" "${1:-3}"
