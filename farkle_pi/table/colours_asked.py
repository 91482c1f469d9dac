"""Dice entered by hand in a two-colour game (portland: a triple of one colour doubles).

Typed faces say nothing of colours, and scored as colourless every triple counted as mixed:
three red 2s gave 200, not 400. Colours matter only where a face came up three times or more,
so the table asks there, one question a face, KEEP yes and NEXT no (or the keypad's two keys),
and gives the dice the two colours that make the answers true. Five dice of one face always
hold a one-colour triple (two colours: one of them has three), so they are not asked about.
The dice are drawn in the colours given (red: the one-colour triples), not the real dice's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from farkle_pi.game import Throw
from farkle_pi.rules import Die, Roll

ONE, OTHER = "red", "blue"  # the colours given: one-colour triples are red
_NUMBERS = {3: "three", 4: "four", 6: "six"}


def colours_matter(dice: tuple[int, ...]) -> bool:
    """Whether a face came up three times or more (else no triple, of any colour)."""
    return bool(dice) and max(Counter(dice).values()) >= 3


def faces_to_ask(dice: tuple[int, ...]) -> tuple[int, ...]:
    """The faces whose colours change the score: three, four or six alike."""
    counts = Counter(dice)
    return tuple(face for face in sorted(counts) if counts[face] in _NUMBERS)


@dataclass(frozen=True)
class ColourQuestion:
    """The faces entered, the faces asked about and the answers so far (True: yes)."""

    dice: tuple[int, ...]
    faces: tuple[int, ...]
    answers: tuple[bool, ...] = ()

    @property
    def done(self) -> bool:
        return len(self.answers) == len(self.faces)

    @property
    def text(self) -> str:
        """The question now, as the screen asks it."""
        face = self.faces[len(self.answers)]
        n = Counter(self.dice)[face]
        if n == 6:
            return f"six {face}s: two triples, each of one colour?"
        if n == 4:
            return f"four {face}s: three of them one colour?"
        return f"three {face}s: all one colour?"

    def answer(self, yes: bool) -> ColourQuestion:
        return ColourQuestion(self.dice, self.faces, (*self.answers, yes))

    def roll(self) -> Roll:
        """The dice in colours that make every answer true (the answers all given)."""
        yes = dict(zip(self.faces, self.answers, strict=True))
        dice: list[Die] = []
        for face, n in sorted(Counter(self.dice).items()):
            one = _one_colour(n, yes.get(face, False))
            dice += [Die(face, ONE)] * one + [Die(face, OTHER)] * (n - one)
        return Roll(dice)


def _one_colour(n: int, yes: bool) -> int:
    """How many of n dice of a face are ONE: a split with one one-colour triple (two for
    six dice) where the answer is yes, with none (one for six) where it is no."""
    if n == 6:
        return 3 if yes else 4  # 3 + 3: two triples; 4 + 2: one
    if n in (3, 4):
        return 3 if yes else 2  # 3 (+ 1): a triple; 2 + 1 or 2 + 2: none
    return 3 if n == 5 else 0  # five: always 3 + 2; fewer than three: no triple


def correction_question(before: Roll, faces: tuple[int, ...]) -> ColourQuestion:
    """What to ask when typed dice (`before`, in the colours the table gave) are set right to
    `faces` by taps: only the faces whose count the correction changed to three, four or six.
    A face it left as it was keeps its dice, so what was answered of it is not asked again;
    one the taps made three alike would else keep the colours given for fewer (all blue: a
    one-colour triple nobody said was one, doubled)."""
    was, now = Counter(before.faces), Counter(faces)
    return ColourQuestion(faces, tuple(f for f in faces_to_ask(faces) if was[f] != now[f]))


def corrected(before: Roll, question: ColourQuestion) -> Roll:
    """The corrected dice in colours that make the answers true (all given): a face whose
    count the correction left keeps its dice of `before`; the others are given colours as on
    entry (five: three red and two blue; fewer than three: blue). Dice typed without colours
    (nothing came up three times) get them all once something does, as on entry: a
    colourless die scores no triple of one colour."""
    given = question.roll()
    if not before.coloured:
        return given if colours_matter(question.dice) else Roll.of(*question.dice)
    was, now = Counter(before.faces), Counter(question.dice)
    kept = [die for die in before if was[die.face] == now[die.face]]
    return Roll([*kept, *(die for die in given if was[die.face] != now[die.face])])


def given_colours(roll: Roll) -> bool:
    """For a throw stored without saying which dice were entered (`typed`): whether `roll`
    could be dice typed here: no colours at all, or the two the table gives
    as it gives them, each face's dice red as an answer makes them (`_one_colour`) and blue
    otherwise. Dice a camera read after a restart may be of other colours (white and black),
    or of these two but not so (a red 1 and a red 5: typed, they would be colourless or blue)."""
    colours = {die.colour for die in roll}
    if colours <= {None}:
        return True
    if not colours <= {ONE, OTHER}:
        return False
    red = Counter(die.face for die in roll if die.colour == ONE)
    return all(red[face] in (_one_colour(n, True), _one_colour(n, False))
               for face, n in Counter(roll.faces).items())


def typed(throw: Throw) -> bool | None:
    """Whether the stored `throw` was typed whole on the keypad, so its colours are the ones
    the table gave: every die entered and none with a colour the camera saw (the faces of dice
    the camera could not read keep the colours it saw them in). None: the store does not say
    (stored before `Throw.entered` was), and `given_colours` guesses."""
    if throw.entered is None:
        return None
    return len(throw.entered) == len(throw.roll) and not throw.entered.coloured
