"""An exercise as the learner plays it: tries, hints, "Show me", and the stars they earn (no widgets here).

The exercise is played by the engine's ``ExercisePlay`` (``digitutor.lessons.exercises``): the learner answers their
seat's decisions, the other seat answers by its agent or script, and the play stops at the exercise's end or as
soon as the goal is decided, with the ``Outcome`` that names the deciding step and quotes its rule. This model adds
what the panel needs around it:

- **Retry** starts a new ``ExercisePlay`` of the same exercise: the same board, the same seed, so the same game;
- **Hint** shows the exercise's ``hint`` (it names the concept, never the move) and costs a star;
- **Show me** plays a solving line the engine's search found (``prove``), each answer with the step it made;
- **stars** (issue 33): 3 solved at the first try without a hint, 2 solved after a retry or a hint, 1 after
  "Show me", 0 not solved. ``best`` is the most stars this session earned (progress keeps the best ever).

>>> session = ExerciseSession(lesson.exercises[0])
>>> session.answer("attack:st1-03"); session.decided, session.stars
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from traitlets import HasTraits, Int

from ..core.errors import DigitutorError
from ..core.match import Match
from ..core.records import Decision, Step
from ..lessons.exercise_model import Exercise
from ..lessons.exercises import ExercisePlay, Outcome
from ..lessons.proofs import Proof, prove

MAX_STARS = 3


def stars_text(stars: int, total: int = MAX_STARS) -> str:
    """``★★☆`` for 2 of 3."""
    stars = max(0, min(stars, total))
    return "★" * stars + "☆" * (total - stars)


@dataclass(frozen=True)
class ShownStep:
    """One answer of a "Show me" line: what was chosen, and the step it made with that step's governing rule."""

    label: str
    step: int
    narration: str
    clause: str  #: the step's first citation's clause id ("" when it cites none)
    quote: str


class ExerciseSession(HasTraits):
    """One exercise as one learner plays it, try after try; ``revision`` bumps on every change (views observe it).

    ``on_stars(exercise, stars)`` listeners hear each solved try's stars (the app keeps them in the browser).
    """

    revision = Int(0, help="bumped on every change")

    def __init__(self, exercise: Exercise) -> None:
        super().__init__()
        self.exercise = exercise
        self.tries = 1  #: the try being played (a retry, or "Show me", starts the next)
        self.hinted = False
        self.shown_me = False  #: the learner asked "Show me" (the most a solve can earn is then 1 star)
        self.best = 0  #: the most stars a try of this session earned
        self.shown: tuple[ShownStep, ...] = ()  #: the line "Show me" played (empty: not asked in this try)
        self.earned: int | None = None  #: the stars this try earned, set when it is decided (0: a failure)
        self._proof: Proof | None = None
        self._listeners: list[Callable[[Exercise, int], None]] = []
        self.play = self._start()

    # -- reading ------------------------------------------------------------------------------

    @property
    def match(self) -> Match:
        """The try's match: the board the tutor shows."""
        return self.play.match

    @property
    def outcome(self) -> Outcome | None:
        """The try's outcome once the exercise is decided (None while it is being played)."""
        return self.play.outcome

    @property
    def decided(self) -> bool:
        return self.play.outcome is not None

    @property
    def waiting(self) -> Decision | None:
        """The learner's decision the try waits for (None once decided)."""
        return self.play.waiting

    @property
    def worth(self) -> int:
        """The stars a solve of this try earns: 3, 2 after a retry or a hint, 1 after "Show me"."""
        if self.shown_me:
            return 1
        return MAX_STARS if self.tries == 1 and not self.hinted else 2

    @property
    def stars(self) -> int:
        """The stars of this try: what it earned once decided (0 for a failure), else what a solve would earn."""
        return self.worth if self.earned is None else self.earned

    def on_stars(self, listener: Callable[[Exercise, int], None]) -> None:
        """Call ``listener(exercise, stars)`` each time a try is solved (by the learner, or by "Show me")."""
        self._listeners.append(listener)

    # -- the learner's actions ---------------------------------------------------------------------

    def answer(self, key: str) -> Step:
        """Answer the waiting decision (an option key) and play on to the next one or to the verdict.

        Raises AnswerError (a DigitutorError) with every cited reason when the rules refuse it, or when the
        exercise is already decided.
        """
        step = self.play.answer(key)
        self.play.run()
        self._changed()
        return step

    def hint(self) -> str:
        """The exercise's hint (it names the concept); asking costs a star."""
        self.hinted = True
        self._changed()
        return self.exercise.hint

    def retry(self) -> None:
        """The same board again, exactly as it was laid out: the next try."""
        self.tries += 1
        self.shown, self.earned = (), None
        self.play = self._start()
        self._changed()

    def show_me(self) -> None:
        """The tutor plays a solving line from the start (found by the engine's search); the exercise is then worth 1.

        Raises DigitutorError when the search finds no solving line within its budget.
        """
        proof = self._proof or prove(self.exercise)
        self._proof = proof
        if proof.solving is None:
            raise DigitutorError(f"{self.exercise.name}: no solution to show: {'; '.join(proof.missing())}")
        self.shown_me = True
        if self.play.answers or self.decided:
            self.tries += 1
        play = ExercisePlay(self.exercise)
        shown = []
        for key in proof.solving.answers:
            play.run()
            decision = play.waiting
            step = play.answer(key)
            option = decision.find(play.answers[-1]) if decision is not None else None
            citation = step.citations[0] if step.citations else None
            shown.append(
                ShownStep(
                    label=option.label if option is not None else key,
                    step=len(play.match.steps) - 1,
                    narration=step.narration,
                    clause=citation.id if citation is not None else "",
                    quote=citation.quote if citation is not None else "",
                )
            )
        play.run()
        self.play, self.shown, self.earned = play, tuple(shown), None
        self._changed()

    def resume(self, tries: int, hinted: bool, shown_me: bool, answers: list[str]) -> None:
        """Bring back a try a reload interrupted: how it was played so far (so a reload never earns more stars), and
        its answers replayed. Raises AnswerError when an answer does not fit."""
        self.tries, self.hinted, self.shown_me = tries, hinted, shown_me
        for key in answers:
            self.play.answer(key)
            self.play.run()
        self._changed()

    def kept(self) -> dict[str, int]:
        """How this try is played so far, for a saved position (whole numbers, as positions keep; ``resume``)."""
        return {"tries": self.tries, "hinted": int(self.hinted), "shown_me": int(self.shown_me)}

    # -- internals ------------------------------------------------------------------------------

    def _start(self) -> ExercisePlay:
        play = ExercisePlay(self.exercise)
        play.run()
        return play

    def _changed(self) -> None:
        """Grade a try the moment it is decided (its stars do not change after), then tell the views."""
        outcome = self.outcome
        if outcome is not None and self.earned is None:
            self.earned = self.worth if outcome.success else 0
            self.best = max(self.best, self.earned)
            if outcome.success:
                for listener in list(self._listeners):
                    listener(self.exercise, self.earned)
        self.revision += 1
