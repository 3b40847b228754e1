"""JupyterHub on one machine, for the smoke test (``deploy/jupyterhub/smoke.sh``): one process per attendee.

Every user's single-user Jupyter server runs from this Python environment, starts in the
tutor's notebooks and opens on the landing page through Voila's server extension, which
reads the tutor's ``voila.json`` (``JUPYTER_CONFIG_PATH``). Shared-password login: any name, the
password in ``DIGITUTOR_HUB_PASSWORD``. Loopback only.
"""

import os
import sys
from pathlib import Path

from digitutor.serve import notebooks_dir, voila_config_file

c = get_config()  # noqa: F821 - provided by JupyterHub when it loads this file

here = Path(os.environ.get("DIGITUTOR_HUB_DIR", Path.cwd()))
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = int(os.environ.get("DIGITUTOR_HUB_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("DIGITUTOR_HUB_INTERNAL_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('DIGITUTOR_HUB_PROXY_API_PORT', '8001')}"
c.JupyterHub.db_url = f"sqlite:///{here / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(here / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(here / "jupyterhub-proxy.pid")
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ.get("DIGITUTOR_HUB_PASSWORD", "tutor-room-password")
c.Authenticator.allow_all = True  # an event: whoever knows the password
c.JupyterHub.spawner_class = "simple"  # every user is this OS user: for one machine, not for the internet
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = str(notebooks_dir())
c.Spawner.default_url = "/voila/render/start.ipynb"
c.Spawner.environment = {"JUPYTER_CONFIG_PATH": str(voila_config_file().parent)}
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
if hasattr(os, "geteuid") and os.geteuid() == 0:  # a CI container runs as root; Jupyter refuses without this
    c.Spawner.args = ["--allow-root"]
