"""Every notebook is a thin app that runs cleanly through a real Jupyter kernel.

Each notebook is executed with nbclient (the engine behind ``jupyter nbconvert --execute``)
in a fresh ``python3`` kernel, so this runs inside the normal ``pytest`` of ``make test``;
nbval is not needed because the notebooks are saved without outputs to compare against.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from digitutor.core.registry import GAME_MODULES

FOLDER = Path(__file__).resolve().parents[2] / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
MAX_LINES = 6


def test_the_notebooks_are_there():
    names = {path.stem for path in NOTEBOOKS}
    expected = {"start", "rulings", "rulebook", "deck_check", "compare"} | {f"learn_{game}" for game in GAME_MODULES}
    assert expected <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_is_thin_and_saved_without_outputs(path: Path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert doc["metadata"]["kernelspec"]["name"] == "python3"
    for cell in doc["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        assert not cell["outputs"] and cell["execution_count"] is None
        assert len([line for line in source.splitlines() if line.strip()]) <= MAX_LINES
        assert "def " not in source and "class " not in source, "no logic in notebooks"


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_a_notebook_runs_cleanly_in_a_kernel(path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(FOLDER)}})
    client.execute()
    outputs = [output for cell in notebook.cells if cell.cell_type == "code" for output in cell.outputs]
    errors = [o for o in outputs if o.output_type == "error" or (o.output_type == "stream" and o.name == "stderr")]
    assert not errors, errors
    assert any(WIDGET in o.get("data", {}) for o in outputs), "the notebook shows a widget app"
