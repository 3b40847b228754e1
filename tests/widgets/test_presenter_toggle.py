"""The presenter toggle says how to leave presenter mode while it is on (issue 34, item 3)."""

from __future__ import annotations

from digitutor.widgets.page import presenter_toggle


def test_the_presenter_toggle_is_named_leave_presenter_mode_while_on_and_presenter_mode_when_off() -> None:
    toggle = presenter_toggle()
    assert toggle.description == "Presenter mode"
    toggle.value = True
    assert toggle.description == "Leave presenter mode"
    toggle.value = False
    assert toggle.description == "Presenter mode"
