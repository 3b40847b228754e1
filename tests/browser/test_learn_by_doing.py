"""Issue 33's browser "Done when", per game whose course holds an exercise (new games join when theirs land):

1. A learner fails an exercise (the verdict quotes the rule that decided it, verbatim and as the engine grades it),
   retries (the board is put back), solves it (2 stars: after a retry), solves another at the first try with no hint
   (3 stars), reloads, and finds the stars kept and the course page at the next chapter.
2. Another learner answers a lesson question; before the answer, no visible character of the page holds the right
   answer's reason (the "Tempting, but not allowed" list and the asked option's reasons stay closed), after it the
   reason shows.

What the learner clicks comes from the engine: an exercise's solving and failing lines from its proof (``prove``; the
rules tests and ``lessons check`` hold the lines to the rulebook), a question's right answer from ``pose`` at the same
point of the same lesson. The page must then show what the engine says. The server serves a copy of each such
course (``DIGITUTOR_LESSONS``) with a chapters file where the course has none yet: the lessons up to the first one
holding two exercises, then the rest (where that lesson is the last, the first lesson makes the second chapter).
Every page fails its test on a console error or warning, an uncaught exception, a failed cell or a request off
127.0.0.1.
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from drive import act, open_questions, text, wait_ready
from harness import CELL_FAILURE, VIEWPORT, Server, start_server
from playwright.sync_api import Browser, Locator, Page, Route, expect

from digitutor.core.records import Reason
from digitutor.core.registry import GAME_MODULES, get_game
from digitutor.lessons import Lesson, course_for, grade, pose
from digitutor.lessons.chapters import CHAPTERS_FILE, Chapter, load_chapters
from digitutor.lessons.course import course_chapters, lesson_points, lessons_dir
from digitutor.lessons.exercise_model import Exercise
from digitutor.lessons.exercises import ExercisePlay
from digitutor.lessons.proofs import prove
from digitutor.lessons.questions import Posed
from digitutor.lessons.tracker import LessonTracker
from digitutor.rules.corpus import rulebook_path
from digitutor.widgets.options import entries
from digitutor.widgets.progress import LESSONS_ENV, lesson_hash

TIMEOUT_MS = 90_000  # a busy machine: the test waits for states, never for fixed times
#: an exercise lesson must hold two exercises: one failed then solved, one solved at once
PAIR = 2


def games_with_exercises() -> list[str]:
    return [game for game in GAME_MODULES if any(lesson.exercises for lesson in course_for(game))]


GAMES = games_with_exercises()


# -- the course the server serves --------------------------------------------------------------------------


def made_chapters(folder: Path, lessons: tuple[Lesson, ...]) -> tuple[Chapter, ...]:
    """The course's chapters, or (none fit the test) two written into the copy: up to the first lesson with two
    exercises, then the rest."""
    stems = [lesson.name for lesson in lessons]
    chapters = load_chapters(folder, stems)
    by_stem = {lesson.name: lesson for lesson in lessons}
    if chapters is not None and target_chapter(chapters, by_stem) is not None:
        return chapters
    end = next(i for i, lesson in enumerate(lessons) if len(lesson.exercises) >= PAIR)
    first, rest = stems[: end + 1], stems[end + 1 :]
    if not rest:  # the lesson is the course's last: the test's copy moves the first lesson to a chapter after it
        assert end > 0, f"{folder}: the course is one lesson: no next chapter to reach"
        first, rest = stems[1 : end + 1], stems[:1]
    doc = {
        "chapters": [
            {"id": "first-steps", "title": "First steps", "lessons": first},
            {"id": "the-rest", "title": "The rest of the course", "lessons": rest},
        ]
    }
    (folder / CHAPTERS_FILE).write_text(json.dumps(doc, indent=1), encoding="utf-8")  # JSON is YAML
    chapters = load_chapters(folder, stems)
    assert chapters is not None
    return chapters


def target_chapter(chapters: tuple[Chapter, ...], by_stem: dict[str, Lesson]) -> int | None:
    """The first chapter (not the last) with a lesson holding two exercises."""
    for number, chapter in enumerate(chapters[:-1]):
        if any(len(by_stem[stem].exercises) >= PAIR for stem in chapter.lessons):
            return number
    return None


@dataclass(frozen=True)
class Course:
    game: str
    folder: Path
    chapters: tuple[Chapter, ...]
    lessons: dict[str, Lesson]  #: by file stem
    target: int  #: the chapter the learner finishes

    def lesson(self, stem: str) -> Lesson:
        return self.lessons[stem]


@pytest.fixture(scope="module")
def courses() -> Iterator[dict[str, Course]]:
    """A copy of each course with exercises, with chapters; removed at the end."""
    root = Path(tempfile.mkdtemp(prefix="dt-learn-by-doing-"))
    found: dict[str, Course] = {}
    try:
        for game in GAMES:
            folder = root / game
            shutil.copytree(lessons_dir(game), folder)
            lessons = course_for(game, folder)
            chapters = made_chapters(folder, lessons)
            lessons = course_for(game, folder)
            by_stem = {lesson.name: lesson for lesson in lessons}
            assert course_chapters(game, folder) == chapters
            target = target_chapter(chapters, by_stem)
            assert target is not None
            found[game] = Course(game, folder, chapters, by_stem, target)
        yield found
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="module")
def server(courses: dict[str, Course]) -> Iterator[Server]:
    """A ``digitutor serve`` whose courses are the copies."""
    folder = next(iter(courses.values())).folder.parent
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(LESSONS_ENV, str(folder))
        started = start_server(["--max-kernels", "30"])
    yield started
    started.stop()
    started.discard_log()


@pytest.fixture
def watched(browser: Browser, server: Server) -> Iterator[Page]:
    """A fresh browser context (empty local storage) on the server; fails the test on any console error or
    warning, uncaught exception, failed cell or request off the server."""
    context = browser.new_context(viewport=VIEWPORT, base_url=server.url)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    problems: list[str] = []

    def on_console(message: Any) -> None:
        if message.type in ("error", "warning"):
            problems.append(f"console {message.type}: {message.text} ({message.location.get('url', '')})")

    def on_route(route: Route) -> None:
        if route.request.url.startswith((server.url, "data:", "blob:")):
            route.continue_()
        else:
            problems.append(f"request off 127.0.0.1: {route.request.url}")
            route.abort()

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"uncaught: {error}"))
    page.route("**/*", on_route)
    yield page
    if page.locator(CELL_FAILURE).count():
        problems.append("a notebook cell failed: " + page.locator(CELL_FAILURE).first.inner_text()[:300])
    context.close()
    assert not problems, "\n".join(problems)


# -- exercises ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Click:
    """One answer as the decision panel offers it: its button's number and its label."""

    number: int
    label: str


def clicks(exercise: Exercise, answers: tuple[str, ...]) -> list[Click]:
    """The buttons the learner presses for these answers: numbered as the decision panel numbers them."""
    play = ExercisePlay(exercise)
    game = get_game(exercise.game)
    found = []
    for key in answers:
        play.run()
        decision = play.waiting
        assert decision is not None, f"{exercise.id}: no decision waits for {key!r}"
        resolved = play.match.resolve_key(key).key
        shown = entries(decision, None, game, play.match.state)
        number = next(n for n, entry in enumerate(shown, 1) if resolved in entry.keys)
        found.append(Click(number, shown[number - 1].label))
        play.answer(key)
    return found


def press_line(page: Page, panel: Locator, line: list[Click], verdict: str) -> None:
    """Press these options in turn until the verdict shows; no ★ and no tempting list while the exercise is played."""
    root = page.locator(".dt-tutor").first
    decision = root.locator(".dt-decision").first
    for click in line:
        button = decision.locator(f'button.dt-option[data-option="{click.number}"]')
        expect(button).to_have_attribute("title", re.compile("^" + re.escape(click.label)), timeout=TIMEOUT_MS)
        expect(decision.locator(".dt-option-suggested")).to_have_count(0)
        expect(root.locator(".dt-detail button.dt-tab-whynot")).to_be_hidden()
        before = text(root, ".dt-status")
        button.click()
        page.wait_for_function(
            "([el, before]) => el.innerText !== before",
            arg=[root.locator(".dt-status").first.element_handle(), before],
            timeout=TIMEOUT_MS,
        )
    expect(panel.locator(".dt-ex-verdict")).to_contain_text(verdict, timeout=TIMEOUT_MS)


def go_to_exercise(page: Page, stem: str, number: int) -> Locator:
    """From the course page, the lesson's exercises, then "Next exercise" up to exercise ``number`` (from 1)."""
    row = page.locator(".dt-course-lesson", has=page.locator(f'.dt-course-row[data-lesson="{stem}"]'))
    row.locator("button.dt-course-practice").click(timeout=TIMEOUT_MS)
    panel = page.locator(".dt-tutor .dt-exercise").first
    expect(panel).to_contain_text("Exercise 1 of", timeout=TIMEOUT_MS)
    for at in range(2, number + 1):
        panel.locator("button.dt-ex-next").click()
        expect(panel).to_contain_text(f"Exercise {at} of", timeout=TIMEOUT_MS)
    return panel


def kept_before(course: Course, played: set[str]) -> str:
    """The progress a learner at the target chapter's end has: every lesson up to it finished, every exercise
    solved except the ones the test plays."""
    lessons = {}
    for chapter in course.chapters[: course.target + 1]:
        for stem in chapter.lessons:
            lesson = course.lesson(stem)
            stars = {exercise.id: 1 for exercise in lesson.exercises if exercise.id not in played}
            entry: dict[str, Any] = {"hash": lesson_hash(lesson.path), "finished": True, "right": []}
            if stars:
                entry["stars"] = stars
            lessons[lesson.id] = entry
    return json.dumps({"version": 1, "lessons": lessons})


def wait_stars(page: Page, game: str, lesson_id: str, stars: dict[str, int]) -> None:
    page.wait_for_function(
        "([key, id, want]) => { try { const d = JSON.parse(localStorage.getItem(key) || '{}');"
        " const got = (d.lessons && d.lessons[id] && d.lessons[id].stars) || {};"
        " return Object.keys(want).every(k => got[k] === want[k]); } catch (e) { return false; } }",
        arg=[f"digitutor:progress:{game}", lesson_id, stars],
        timeout=TIMEOUT_MS,
    )


def open_course(page: Page, game: str) -> Locator:
    page.goto(f"/voila/render/learn_{game}.ipynb?view=course")
    course = page.locator(".dt-course").first
    course.locator(".dt-course-row").first.wait_for(state="visible", timeout=TIMEOUT_MS)
    return course


@pytest.mark.parametrize("game", GAMES)
def test_fail_retry_solve_then_three_stars_and_the_next_chapter_kept_over_a_reload(
    watched: Page, courses: dict[str, Course], game: str
) -> None:
    page, course = watched, courses[game]
    chapter = course.chapters[course.target]
    lesson = next(course.lesson(s) for s in chapter.lessons if len(course.lesson(s).exercises) >= PAIR)
    proofs = [prove(exercise) for exercise in lesson.exercises]
    failed = next(i for i, proof in enumerate(proofs) if proof.solving and proof.failing)
    at_once = next(i for i, proof in enumerate(proofs) if proof.solving and i != failed)
    first, second = lesson.exercises[failed], lesson.exercises[at_once]
    failing, solving = proofs[failed].failing, proofs[failed].solving
    assert failing is not None and solving is not None and proofs[at_once].solving is not None
    store = f"digitutor:progress:{game}"
    page.add_init_script(  # once: a reload keeps what the app wrote
        "if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');"
        f" localStorage.setItem({json.dumps(store)}, {json.dumps(kept_before(course, {first.id, second.id}))}); }}"
    )

    view = open_course(page, game)
    here = view.locator(".dt-chapter.dt-chapter-current")
    expect(here).to_have_attribute("data-chapter", chapter.id, timeout=TIMEOUT_MS)
    expect(here).to_contain_text("you are here")
    expect(view.locator("button.dt-continue")).to_contain_text("the exercises of lesson")

    panel = go_to_exercise(page, lesson.name, failed + 1)
    expect(panel.locator(".dt-ex-stars").first).to_have_text("★★★")
    board = page.locator(".dt-tutor .dt-board").first.inner_text()
    press_line(page, panel, clicks(first, failing.answers), "Not solved")
    quote = panel.locator(".dt-ex-verdict .dt-ex-rule .dt-quote").first
    expect(quote).to_be_visible(timeout=TIMEOUT_MS)
    graded = grade(first, list(failing.answers))
    assert not graded.success and graded.citation is not None
    assert quote.inner_text().strip() == graded.citation.quote, "the failure quotes the rule the engine graded by"
    if graded.citation.kind.value == "rule":
        book = " ".join(rulebook_path(game).read_text(encoding="utf-8").split())
        assert " ".join(graded.citation.quote.split()) in book, "a rule is quoted verbatim"

    panel.locator("button.dt-ex-retry").click()
    expect(panel).to_contain_text("try 2", timeout=TIMEOUT_MS)
    expect(panel.locator(".dt-ex-verdict")).to_have_count(0)
    expect(page.locator(".dt-tutor .dt-board").first).to_have_text(board, use_inner_text=True)  # put back
    press_line(page, panel, clicks(first, solving.answers), "Solved!")
    expect(panel.locator(".dt-ex-verdict .dt-ex-stars")).to_have_text("★★☆")  # solved after a retry
    wait_stars(page, game, lesson.id, {first.id: 2})

    open_course(page, game)
    panel = go_to_exercise(page, lesson.name, at_once + 1)
    expect(panel.locator(".dt-ex-hint-text")).to_have_count(0)
    press_line(page, panel, clicks(second, proofs[at_once].solving.answers), "Solved!")
    expect(panel.locator(".dt-ex-verdict .dt-ex-stars")).to_have_text("★★★")  # the first try, no hint
    wait_stars(page, game, lesson.id, {first.id: 2, second.id: 3})

    view = open_course(page, game)  # a reload of the course page: what the browser kept
    following = course.chapters[course.target + 1]
    expect(view.locator(".dt-chapter.dt-chapter-current")).to_have_attribute(
        "data-chapter", following.id, timeout=TIMEOUT_MS
    )
    expect(view.locator(f'.dt-chapter[data-chapter="{chapter.id}"]')).to_contain_text("✓ done")
    expect(view.locator(".dt-course-here")).to_contain_text(f"chapter {course.target + 2} of {len(course.chapters)}")
    row = view.locator(f'.dt-course-row[data-lesson="{lesson.name}"]')
    for exercise, shown in ((first, "★★☆"), (second, "★★★")):
        stars = row.locator(f'.dt-course-exercises li[data-exercise="{exercise.id}"] .dt-ex-stars')
        expect(stars).to_have_text(shown, timeout=TIMEOUT_MS)
    kept = json.loads(page.evaluate(f"() => localStorage.getItem({json.dumps(store)})"))
    assert kept["lessons"][lesson.id]["stars"][first.id] == 2 and kept["lessons"][lesson.id]["stars"][second.id] == 3


# -- a question that asks ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    lesson: Lesson
    number: int
    posed: Posed
    reasons: tuple[str, ...]  #: the right answer's reasons, in words


def first_why_not(course: Course) -> Asked:
    """The first why-not question of the course (course order) whose right answer has reasons."""
    for chapter in course.chapters:
        for stem in chapter.lessons:
            lesson = course.lesson(stem)
            if not any(question.ask == "why-not" for question in lesson.questions):
                continue
            tracker = LessonTracker(lesson)
            for played, _ in lesson_points(lesson):
                tracker.update(played)
                for number, question in tracker.questions_at(len(played.steps) - 1):
                    if question.ask != "why-not":
                        continue
                    posed = pose(question, played, lesson)
                    words = tuple(
                        reason.why for choice in posed.right for reason in choice.why if isinstance(reason, Reason)
                    )
                    if words:
                        return Asked(lesson, number, posed, words)
    raise AssertionError(f"{course.game}: no why-not question with reasons")


def squeeze(words: str) -> str:
    return " ".join(words.split())


def visible_text(page: Page) -> str:
    """Every character the page shows (``innerText`` leaves out what is hidden or folded)."""
    return squeeze(page.evaluate("() => document.body.innerText"))


def find_card(page: Page, root: Locator, prompt: str, limit: int = 80) -> Locator:
    """Act (★ answers, Next) until the question with this prompt is asked; returns its card."""
    for _ in range(limit):
        toggle = root.locator(".dt-detail button.dt-q-toggle")
        if toggle.count() and toggle.first.is_visible():
            open_questions(root)
            card = root.locator(".dt-question", has=page.locator(".dt-q-prompt", has_text=prompt))
            if card.count():
                return card.first
        assert act(root), f"the lesson stopped moving before {prompt!r}: {text(root, '.dt-status')}"
    raise AssertionError(f"{prompt!r} was not asked within {limit} moves")


@pytest.mark.parametrize("game", GAMES)
def test_a_questions_answer_is_not_on_screen_before_it_is_answered(
    watched: Page, courses: dict[str, Course], game: str
) -> None:
    page = watched
    asked = first_why_not(courses[game])
    page.goto(f"/voila/render/learn_{game}.ipynb?lesson={asked.lesson.name}")
    root = wait_ready(page, timeout_ms=TIMEOUT_MS)
    card = find_card(page, root, asked.posed.prompt)
    choices = card.locator("button.dt-q-choice")
    expect(choices).to_have_count(len(asked.posed.choices))
    assert [squeeze(choices.nth(i).inner_text()) for i in range(choices.count())] == [
        squeeze(choice.label) for choice in asked.posed.choices
    ], "the page asks what the engine poses"
    expect(root.locator(".dt-detail button.dt-tab-whynot")).to_be_hidden()
    before = visible_text(page)
    for reason in asked.reasons:
        assert squeeze(reason) not in before, f"the answer's reason is on screen before the answer: {reason!r}"

    wrong = next(i for i, choice in enumerate(asked.posed.choices) if not choice.right)
    choices.nth(wrong).click()  # a wrong answer: its own reason, not the right one; the learner may try again
    expect(card.locator(".dt-q-verdict.dt-q-wrong")).to_be_visible(timeout=TIMEOUT_MS)
    expect(card.locator(".dt-q-again")).to_be_visible()
    for reason in asked.reasons:
        assert squeeze(reason) not in visible_text(page), "a wrong answer gave the right one away"
    right = next(i for i, choice in enumerate(asked.posed.choices) if choice.right)
    choices.nth(right).click()
    expect(card.locator(".dt-q-verdict.dt-q-right")).to_contain_text("first answer", timeout=TIMEOUT_MS)
    shown = squeeze(card.inner_text())
    assert any(squeeze(reason) in shown for reason in asked.reasons), "answered: the reason shows"
    page.locator(".dt-mode button", has_text="Course").first.click(timeout=TIMEOUT_MS)  # the same page's course
    row = page.locator(f'.dt-course .dt-course-row[data-lesson="{asked.lesson.name}"]')
    total = len(asked.lesson.questions)
    expect(row.locator(".dt-course-right")).to_have_text(f"questions right 0/{total}", timeout=TIMEOUT_MS)
