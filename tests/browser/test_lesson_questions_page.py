"""A lesson question in a real browser (issue 25): it appears at its point in the Learn app, its choices are
buttons reached and pressed with the keyboard, a wrong answer shows the cited explanation, and the lesson goes on.

The ``app`` fixture fails the test on any console error, uncaught exception, failed notebook cell or request
that leaves 127.0.0.1.
"""

from __future__ import annotations

import os

from drive import act, advance_until, open_questions, text, wait_ready
from playwright.sync_api import Page, expect

SHOTS = os.environ.get("DIGITUTOR_SHOTS")  # a folder: also save a screenshot of the answered question there


def test_a_dtector_lesson_question_is_answered_with_the_keyboard_and_the_lesson_goes_on(app: Page) -> None:
    app.goto("/voila/render/learn_dtector.ipynb")
    root = wait_ready(app)
    advance_until(root, ".dt-detail button.dt-q-toggle")
    open_questions(root)
    question = root.locator(".dt-question").first
    # the rules refuse one option only here, so the question asks for that one (issue 33: one right of three or more)
    expect(question.locator(".dt-q-prompt")).to_contain_text("Which one of these may you not do now?")
    choices = question.locator("button.dt-q-choice")
    labels = [choices.nth(i).inner_text().strip() for i in range(choices.count())]
    assert "Digivolve Agumon to MetalGreymon" in labels and len(labels) >= 3, labels
    refused = choices.nth(labels.index("Digivolve Agumon to MetalGreymon"))  # MetalGreymon is not one level above
    refused.focus()
    app.keyboard.press("Enter")
    verdict = question.locator(".dt-q-verdict.dt-q-right")
    expect(verdict).to_be_visible()
    expect(question.locator('[data-clause="dtector:digivolve-phase.p1"]').first).to_be_visible()
    expect(refused).to_be_disabled()
    if SHOTS:
        app.screenshot(path=os.path.join(SHOTS, "lesson_question_dtector.png"))
    second = root.locator(".dt-question").nth(1)  # the why-not question asked at the same decision
    expect(second.locator(".dt-q-prompt")).to_contain_text("Why can't you choose")
    before = text(root, ".dt-status")
    assert act(root), "the lesson goes on after a question"
    assert text(root, ".dt-status") != before
