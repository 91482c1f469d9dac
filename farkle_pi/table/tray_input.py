"""Camera mode: what a tray event means for the game — a throw, a keep, or a prompt."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from farkle_pi.game import (
    Command,
    Correct,
    Event,
    GameState,
    Keep,
    NewGame,
    Throw,
    Undo,
    is_outcome,
)
from farkle_pi.rules import Die, Roll, chart
from farkle_pi.table.colours_asked import typed
from farkle_pi.vision.colour import set_colour_names

# Dice came to rest with some lying where they lay before: a die nudged, or put back after
# the keep, or the dice of a Farkle turned over to see. A throw is every die picked up.
NOT_THROWN = "no throw: some dice did not move - pick up every die in the tray and throw them"
PROMPTS = {
    "cocked": "die cocked - throw it again",
    "outside": "a die left the tray - throw it again",
    "unreadable": "a die cannot be read - throw again or enter its face",
}
# A die read surer than the reader's threshold (0.7) but below this is named on the screen
# for the players to look at (the reader has looked at it again in four turns, LOOK_AGAIN),
# and so is one a second reader settled. On felt trays no reader saw, that names 38 of the
# 74 dice read wrong and sure, and 162 of the 686 read right; on byler_d6's hold-out 1 of 3
# and 27 of 408 (docs/vision-log.md, 23rd session)
UNSURE = 0.8
OUT_OF_SIGHT = (-1e6, -1e6)  # where a die taken out while the camera was away is remembered


class TrayDie(Protocol):
    @property
    def value(self) -> int | None: ...
    @property
    def colour_bgr(self) -> tuple[int, int, int]: ...
    @property
    def center(self) -> tuple[float, float]: ...
    @property
    def flat(self) -> bool: ...
    @property
    def confidence(self) -> float: ...
    @property
    def settled(self) -> bool: ...


class TrayNews(Protocol):
    """What the table needs of a tray event (farkle_pi.tray.TrayEvent fits)."""

    @property
    def kind(self) -> str: ...
    @property
    def dice(self) -> Sequence[TrayDie]: ...
    @property
    def reason(self) -> str | None: ...
    @property
    def lying(self) -> int: ...
    @property
    def resumed(self) -> bool: ...


@dataclass(frozen=True)
class Unread:
    """A settled throw with dice the camera could not read, for the players to finish by
    hand: the faces read (None where not), each die's colour (None: colours don't count) and
    where it lies."""

    faces: tuple[int | None, ...]
    colours: tuple[str | None, ...]
    centres: tuple[tuple[float, float], ...]

    @property
    def read(self) -> tuple[int, ...]:
        return tuple(f for f in self.faces if f is not None)

    @property
    def entry_colours(self) -> tuple[str | None, ...]:
        """The colours of the dice as they are entered: the read ones, then the unread ones
        in the tray's order (what `dice` gives the entered faces to)."""
        pairs = list(zip(self.faces, self.colours, strict=True))
        return (tuple(c for f, c in pairs if f is not None)
                + tuple(c for f, c in pairs if f is None))

    def dice(self, entered: Sequence[int]) -> list[Die]:
        """The dice in the tray's order, given the faces read followed by the unread dice's
        faces in order."""
        unread = iter(entered[len(self.read):])
        faces = [f if f is not None else next(unread) for f in self.faces]
        return [Die(f, c) for f, c in zip(faces, self.colours, strict=True)]


@dataclass(frozen=True)
class Rekeep:
    """The keep the tray made of the last throw, made again with other dice (undo, then keep):
    more dice of that throw were taken out, or some were thrown again after all."""

    keep: Roll
    again: bool = True  # the dice settled are stepped again: they shrank the keep back (a throw)


class TrayInput:
    """Camera mode: what tray events mean for the game.

    It remembers the dice of the last throw as scored, by where each lay: dice taken out of
    the tray then keep the faces set by hand (the tray still reads them as it did) and the
    colours they were scored with (named again on their own, a set's die near a border could
    come out otherwise, and three red 5s become two and a blue).

    Players take scoring dice out one or two at a time, and the tray sees each go settle. So
    dice taken out that make no keep (one die of a triple) make one with the next dice taken
    out, and dice taken out after the tray's keep join it if they score together with it, or
    with every die taken out of the throw so far (the last dice too: hot dice). Dice that
    do not are held (the rest picked up to throw again, or part of a triple). If a handful of
    the rest happened to score with the keep, the next throw has those dice in it: a throw of
    as many dice as the keep left before they joined is taken as that, and the keep shrinks
    back. A keep made with the buttons is the players' word: nothing joins it."""

    def __init__(self) -> None:
        self.thrown: list[_Spot] = []
        self.out: set[int] = set()  # the last throw's dice (indices) seen taken out
        self.tray_keep: Roll | None = None  # that keep, while it is the turn's last keep
        self.smaller: list[tuple[Roll, int]] = []  # the keep before each growth, dice then left
        # the turn (player, turns ended) whose last settled dice were refused as its throw: a
        # die or two of them thrown again, among the rest lying still, finishes that throw
        self.refused: tuple[int, int] | None = None
        # the tray's count of the dice last settled is none to tell: they were played as a
        # throw (the count may be of the turn it ended), or some lay still (no throw)
        self.uncounted = False
        self.recalled: _Recalled | None = None  # the last throw as the store tells it (`recall`)
        self.shrunk_by: TrayNews | None = None  # dice that shrank the keep back (then played)

    def recall(self, log: Sequence[Event]) -> None:
        """A table started again on a stored game (its events, undone commands included): what
        the tray knew of the last throw that the store still tells. The faces the camera read
        before taps set a misread die right (the first `Throw`, then `Correct`: the camera reads
        that die so again), and the keeps the tray's keep grew from (`_more`: an undo and a
        bigger keep of the throw), so a throw of as many dice as a smaller one left still
        shrinks it back. An undo and a bigger keep chosen with the buttons look the same."""
        done: list[Event] = []  # the commands in effect
        grown: list[list[tuple[Roll, int]]] = []  # after each of them: the keeps the keep grew
        # from (an undo of a later command, a BANK say, brings them back with the keep)
        undone: Event | None = None  # the command an undo just took back
        grew: list[tuple[Roll, int]] = []  # (as they were after it)
        for event in log:
            if isinstance(event, Undo):
                undone, grew = (done.pop(), grown.pop()) if done else (None, [])
                continue
            if not _command(event):
                continue
            thrown = next((c.roll for c in reversed(done) if isinstance(c, Throw | Correct)),
                          None)
            if isinstance(event, Keep) and isinstance(undone, Keep) and thrown is not None:
                if Counter(undone.roll.dice) < Counter(event.roll.dice):
                    grew = [*grew, (undone.roll, len(thrown) - len(undone.roll))]
                else:  # made again smaller: back to a keep it grew from, or a new one
                    back = [k for k, (keep, _) in enumerate(grew) if keep == event.roll]
                    grew = grew[:back[-1]] if back else []
            else:
                grew = []
            done.append(event)
            grown.append(grew)
            undone = None
        grew = grown[-1] if grown else []
        throw = next((c for c in reversed(done) if isinstance(c, Throw)), None)
        if throw is None:
            self.recalled = None
            return
        read = throw.roll
        now = next(c.roll for c in reversed(done) if isinstance(c, Throw | Correct))
        # the dice the camera could not read, whose faces were entered (as `finish` knows
        # them); a throw typed whole on the keypad, or stored before the store said, has none
        # known (the camera read none of it: a die it cannot read may be any)
        unread = list(throw.entered.dice) if throw.entered and not typed(throw) else []
        left = list(read.dice)
        spots: list[_Spot] = []
        changed: list[Die] = []
        for die in now.dice:
            if die in left:
                left.remove(die)
                entered = die in unread
                if entered:
                    unread.remove(die)
                spots.append(_Spot(OUT_OF_SIGHT, die, None if entered else die.face,
                                   by_hand=entered))
            else:
                changed.append(die)
        # dice set right by taps last (a die taken out matches the others by face first); two
        # or more set right are paired with the faces read in order (which is which is not
        # stored)
        for die, was in zip(changed, left, strict=True):
            entered = was in unread
            if entered:
                unread.remove(was)
            spots.append(_Spot(OUT_OF_SIGHT, die, None if entered else was.face, by_hand=True))
        last = done[-1]
        keep = last.roll if grew and isinstance(last, Keep) else None
        self.recalled = _Recalled(spots, keep, grew, said=said(throw))

    def step(self, state: GameState, event: TrayNews) -> Command | Rekeep | Unread | str | None:
        """The command the event makes (a settled throw, dice set aside that form a keep), the
        tray's keep made again (dice that join it), a throw to finish by hand, the prompt to
        show, or None when it changes nothing."""
        if event.kind == "prompt" and event.reason == "count":
            if self.uncounted or state.phase == "keep":
                return None  # the tray counted for the throw just played (it may have ended
                # the turn) or for dice not thrown, or a keep is due (choosing it comes first)
            return count_prompt(len(event.dice), state)
        if event.kind == "prompt":
            return PROMPTS.get(event.reason or "", "throw again")
        if event.kind == "settled":
            still = self._lying_still(state, event)
            step = self._settled(state, event)
            if still or not isinstance(step, Rekeep):  # (a keep shrunk back: the dice come again)
                self.uncounted = still or isinstance(step, Throw)
            return step
        if event.kind == "removed" and state.phase == "keep":
            return self._keep(event.dice, state)
        if event.kind == "removed" and state.phase == "choose":
            return self._more(event.dice, state)
        return None  # e.g. the rest of the dice picked up to be thrown again

    def _put_back(self, event: TrayNews, state: GameState) -> Rekeep | Undo | str | None:
        """Dice of the tray's keep put back among the dice that lie still (one taken out by
        mistake): the keep without them if that still scores, else no keep (undone). Dice
        taken out that did not join it (held) are in play again: nothing to undo ("")."""
        if state.phase != "choose" or not self._keep_stands(state):
            return None
        assert self.tray_keep is not None and state.last_throw is not None
        returned = self._came_back(event)
        if not returned:
            return None
        held = Counter(self.thrown[k].die for k in self.out)
        held.subtract(Counter(self.tray_keep.dice))
        left = Counter(self.tray_keep.dice)
        for die in (self.thrown[k].die for k in returned):
            if held[die] > 0:  # a die held out came back (of two alike out, that one)
                held[die] -= 1
            else:
                left[die] -= 1
        if any(n < 0 for n in left.values()):
            return None  # (not dice of the keep)
        self.out -= set(returned)
        smaller = Roll(left.elements())
        if smaller == self.tray_keep:
            return ""  # only dice held out came back
        if not smaller:
            self.tray_keep, self.smaller = None, []
            return Undo()
        if not any(o.keep == smaller for o in chart(state.rules).score(state.last_throw).options):
            return None
        self.tray_keep = smaller
        return Rekeep(smaller, again=False)

    def _lying_still(self, state: GameState, event: TrayNews) -> bool:
        """Dice settled among dice that lay still, where a throw is due: no throw (a die nudged
        or put back), unless they finish a throw refused this turn (a die or two thrown again)."""
        return state.phase != "keep" and bool(event.lying) and self.refused != _turn(state)

    def _came_back(self, event: TrayNews) -> list[int] | None:
        """The dice taken out of the last throw (indices) that lie among its still dice again,
        or None if the dice settled are not those lying and some taken out: every die that lay
        still is there, and each die more shows the face a die taken out was read with."""
        lying = Counter(self.thrown[k].read for k in range(len(self.thrown)) if k not in self.out)
        came = Counter(d.value for d in event.dice)
        came.subtract(lying)
        if any(n < 0 for n in came.values()):
            return None  # a die lying is gone or shows another face (knocked over)
        back = list(came.elements())
        if len(event.dice) - len(back) != event.lying:
            return None
        out = {k: self.thrown[k].read for k in self.out}
        returned: list[int] = []
        for face in back:
            k = next((k for k, read in out.items() if read == face and k not in returned), None)
            if k is None:
                return None  # not a die taken out of this throw
            returned.append(k)
        return returned

    def _settled(self, state: GameState, event: TrayNews
                 ) -> Command | Rekeep | Unread | str | None:
        """Dice came to rest: a throw, unless dice that were not thrown lie among them (a die
        nudged, or one put back, is no throw), or a keep is due."""
        shrank, self.shrunk_by = event is self.shrunk_by, None  # (they come again: a throw)
        if event.resumed and not shrank:  # the camera is back, or the table started again
            spots = self._lying_again(state, event)
            if spots is not None:  # the last throw's (or what its keep left): nobody threw them
                return self._found_again(state, spots, seen=len(event.dice))
        self._regrown(state)  # (after a restart, these dice were thrown meanwhile)
        if self._lying_still(state, event):
            put_back = self._put_back(event, state)
            return NOT_THROWN if put_back is None else put_back
        if state.phase == "keep" and event.lying:  # dice put back before the keep: in play
            self.out -= set(self._came_back(event) or ())
        if state.phase != "keep":
            values = [d.value for d in event.dice]
            refused, self.refused = self.refused, _turn(state)  # refused below: a cocked die,
            # a wrong count, a die to enter by hand
            if any(not d.flat for d in event.dice):  # a cocked die is thrown again: the tray's
                # prompt follows, but not a start's first picture (the table says it then)
                if not event.resumed:
                    return None
                if _knocked_over(state, event.dice):  # the dice left lying, one on its edge:
                    self.refused = refused  # no throw (nor is that die thrown alone)
                    return None
                return PROMPTS["cocked"]
            if len(values) != state.dice_to_throw:
                back = [k for k, (_, left) in enumerate(self.smaller) if left == len(values)]
                if back and self._keep_stands(state):  # a handful of the rest did not join it
                    self.tray_keep = self.smaller[back[-1]][0]
                    del self.smaller[back[-1]:]
                    self.refused, self.shrunk_by = None, event
                    return Rekeep(self.tray_keep)
                return count_prompt(len(values), state)
            colours: list[str | None] = [None] * len(values)
            if state.rules.colour_triples:  # colours matter to the score only then
                colours = list(set_colour_names([d.colour_bgr for d in event.dice]))
            centres = tuple(d.center for d in event.dice)
            if None in values:  # the tray's prompt follows: throw again or enter the face
                return Unread(tuple(values), tuple(colours), centres)
            dice = [Die(v, c) for v, c in zip(values, colours, strict=True) if v]
            self._thrown([_Spot(c, die, die.face) for c, die in zip(centres, dice, strict=True)])
            self.refused = None
            return Throw(Roll(dice), Roll([]))  # (the camera read every die)
        return None

    def finish(self, unread: Unread, entered: Sequence[int]) -> Throw:
        """The throw an unread one makes with the faces entered by hand; its dice are
        remembered as a read throw's are."""
        dice = unread.dice(entered)
        self.refused = None
        self._thrown([_Spot(c, die, face, by_hand=face is None)
                      for c, die, face in zip(unread.centres, dice, unread.faces, strict=True)])
        return Throw(Roll(dice), Roll(die for die, face in zip(dice, unread.faces, strict=True)
                                      if face is None))  # stored: which die after a restart

    def corrected(self, was: Die, now: Die) -> None:
        """A die of the last throw was set by hand to another face (the camera misread it).
        A die already set by hand is the one being stepped on (taps go face by face)."""
        alike = [k for k, spot in enumerate(self.thrown) if spot.die == was]
        if alike:
            k = min(alike, key=lambda k: not self.thrown[k].by_hand)
            self.thrown[k] = self.thrown[k]._replace(die=now, by_hand=True)

    def _thrown(self, spots: list[_Spot]) -> None:
        self.thrown, self.out, self.tray_keep, self.smaller = spots, set(), None, []
        self.recalled = None  # (read here now)

    def _known(self, state: GameState) -> list[_Spot] | None:
        """The last throw's dice as known here (read, or recalled from the store after a
        restart), or None if it was not."""
        if state.last_throw is None:
            return None
        for spots in (self.thrown, self.recalled.spots if self.recalled is not None else []):
            if spots and Roll(spot.die for spot in spots) == state.last_throw:
                return spots
        return None

    def _recalled_keep(self, state: GameState) -> _Recalled | None:
        """The throw recalled after a restart, if its grown keep is still the turn's last."""
        recalled = self.recalled
        if (recalled is not None and recalled.keep is not None and state.kept
                and state.kept[-1] == recalled.keep and self._known(state) is recalled.spots):
            return recalled
        return None

    def _regrown(self, state: GameState) -> None:
        """After a restart, dice settled that are not the last throw's, whose keep grew (a
        handful of the rest that scored with it joined it, `_more`): that throw is known again
        as recalled, every die of it out (thrown meanwhile), and the keep is the tray's."""
        recalled = self._recalled_keep(state)
        if recalled is None or state.phase != "choose":
            return
        self._thrown(recalled.spots)
        self.out = set(range(len(recalled.spots)))
        self.tray_keep, self.smaller = recalled.keep, list(recalled.smaller)

    def _grew_from(self, state: GameState) -> list[tuple[Roll, int]]:
        """The keeps the turn's last keep grew from, with the dice each left, if it is the
        tray's (known here, or recalled after a restart)."""
        recalled = self._recalled_keep(state)
        if recalled is not None:
            return recalled.smaller
        return self.smaller if self._keep_stands(state) else []

    def _keep_stands(self, state: GameState) -> bool:
        """Whether the tray's keep is still the turn's last keep, of the throw read here."""
        if self.tray_keep is None or not state.kept or state.kept[-1] != self.tray_keep:
            return False
        return Roll(spot.die for spot in self.thrown) == state.last_throw

    def _keep(self, dice: Sequence[TrayDie], state: GameState) -> Keep | str:
        """Dice taken out while a keep is due: the keep, with the dice taken out before that
        formed none (a triple taken out a die or two at a time), else alone; or the prompt."""
        keep, taken = self._taken(dice, state)
        unsure = self._unsure(taken)
        before = [self.thrown[k].die for k in sorted(self.out)] if taken else []
        self.out |= set(taken)  # out of the tray: a keep, or dice that may make one with the next
        if unsure is not None:  # which of them is out, the next dice may tell
            return f"which of the dice {unsure} was taken out? choose the keep with NEXT and KEEP"
        return self._as_keep(Roll([*before, *keep.dice]), keep, state)

    def _as_keep(self, together: Roll, keep: Roll, state: GameState) -> Keep | str:
        """The keep the dice out of the tray make (all of them, or those just taken out), or
        what to tell the players."""
        legal = {o.keep.faces for o in state.options}
        for tried in (together, keep):
            if tried.faces in legal:
                self.tray_keep, self.smaller = tried, []
                return Keep(tried)
        shown = Roll.of(*together.faces)
        # a triple taken out a die at a time (by faces: the keeps' dice have their colours)
        if any(Roll.of(*o.keep.faces).contains(shown) for o in state.options):
            return f"{shown} taken out: take out the rest of the keep, or choose with NEXT and KEEP"
        return f"{shown} is not a keep: choose with NEXT and KEEP"

    def _more(self, dice: Sequence[TrayDie], state: GameState) -> Rekeep | str | None:
        """Dice taken out after the tray's keep: they join it if they score with it, or with
        every die taken out of this throw (dice taken out before that made no keep, or that
        did not score then: the other two of a triple taken out a die at a time)."""
        if not self._keep_stands(state):
            return None  # a keep chosen with the buttons, or none
        assert self.tray_keep is not None and state.last_throw is not None
        more, taken = self._taken(dice, state)
        if not taken:
            return None  # not dice of this throw (the rest of a throw refused, taken back out)
        unsure = self._unsure(taken)
        every = Roll([*(self.thrown[k].die for k in sorted(self.out)), *more.dice])
        self.out |= set(taken)  # out of the tray: joined, or held (they may score with the next)
        if unsure is not None:  # the keep stays as it is, and the players are asked
            return (f"which of the dice {unsure} was taken out? to keep it, UNDO, then choose "
                    "the keep with NEXT and KEEP")
        options = chart(state.rules).score(state.last_throw).options
        for keep in (every, Roll([*self.tray_keep.dice, *more.dice])):
            if any(o.keep == keep for o in options):
                self.smaller.append((self.tray_keep, state.dice_to_throw))
                self.tray_keep = keep
                return Rekeep(keep)
        return None  # held, or the rest picked up to throw again

    def _lying_again(self, state: GameState, event: TrayNews) -> list[_Spot] | None:
        """The last throw's dice, those seen lying first (where they lie) and then those not
        seen (taken out); None if a die seen is none of them (or cannot be told), or the dice
        not seen are none the game could have had taken out (`_left_out`). A die the camera
        cannot read is one whose face was entered (`_unread_again`)."""
        throw = state.last_throw
        if throw is None or any(not d.flat for d in event.dice):
            return None
        if any(left == len(event.dice) for _, left in self._grew_from(state)):
            return None  # as many dice as a keep the tray's keep grew from left: thrown (its
            # faces may well be of the last throw: five of a straight's), the keep shrinks back
        names: list[str | None] = [None] * len(event.dice)
        if state.rules.colour_triples:
            names = list(set_colour_names([d.colour_bgr for d in event.dice]))
        # each die as it was scored and as the camera read it (a die set right by taps, after
        # a restart too: the store keeps the throw as read), by hand last
        known = self._known(state) or [_Spot(OUT_OF_SIGHT, die, die.face) for die in throw.dice]
        pool = sorted(known, key=lambda spot: spot.by_hand)
        spots: list[_Spot] = []
        unread: list[tuple[tuple[float, float], str | None]] = []
        for d, name in zip(event.dice, names, strict=True):
            if d.value is None:
                unread.append((d.center, name))
                continue
            alike = ([spot for spot in pool if spot.read == d.value]
                     or [spot for spot in pool if spot.die.face == d.value])
            if not alike:
                return None
            spot = next((spot for spot in alike if spot.die.colour == name), alike[0])
            pool.remove(spot)
            spots.append(spot._replace(centre=d.center))
        if unread:
            exact = known is self.thrown or (self.recalled is not None
                                             and known is self.recalled.spots
                                             and self.recalled.said)
            found = _unread_again(state, pool, [name for _, name in unread], guess=not exact)
            if found is None:
                return None
            for (centre, _), spot in zip(unread, found, strict=True):
                pool.remove(spot)
                spots.append(spot._replace(centre=centre, read=None, by_hand=True))
        if not _left_out(state, Roll(spot.die for spot in pool)):
            return None  # dice thrown meanwhile, a few of the same faces
        return spots + [spot._replace(centre=OUT_OF_SIGHT) for spot in pool]

    def _found_again(self, state: GameState, spots: list[_Spot], seen: int
                     ) -> Keep | Rekeep | str | None:
        """The camera's first dice after it was away (a restart): the last throw's, the first
        `seen` of `spots` lying and the rest taken out meanwhile. What was known of that throw
        is known again: which dice are out, and the tray's keep if its dice are out (a keep
        chosen with the buttons and left lying is the players' word: nothing joins it). Dice
        taken out meanwhile are the keep, or join it, as if the camera had seen them go."""
        recalled = self.recalled
        self._thrown(spots)
        self.out = set(range(seen, len(spots)))
        if state.phase == "keep":
            if not self.out:
                return None
            taken = Roll(spots[k].die for k in sorted(self.out))
            return self._as_keep(taken, taken, state)
        if state.phase != "choose" or not state.kept or state.last_throw is None:
            return None
        keep = state.kept[-1]
        out = Counter(spots[k].die for k in self.out)
        if not Counter(keep.dice) <= out:
            return None
        self.tray_keep = keep
        if recalled is not None and recalled.keep == keep:  # and the keeps it grew from
            self.smaller = list(recalled.smaller)
        if out == Counter(keep.dice):
            return None
        every = Roll(out.elements())
        if any(o.keep == every for o in chart(state.rules).score(state.last_throw).options):
            self.smaller.append((keep, state.dice_to_throw))
            self.tray_keep = every
            return Rekeep(every)
        return None

    def _unsure(self, taken: list[int]) -> str | None:
        """Which dice a die taken out may be confused with, or None when it is clear. Dice read
        alike look alike on the screen, so a tap that set one of them to another face set one
        of them, not knowingly the misread one; and faces entered for dice the camera could
        not read are given to them in no order the players see. Taken out without the others,
        which of them it was is not known, until all of them are out."""
        gone = self.out | set(taken)
        left = [j for j in range(len(self.thrown)) if j not in gone]
        for k in sorted(gone):
            spot = self.thrown[k]
            if any(other.read == spot.read and other.die.colour == spot.die.colour
                   and other.die != spot.die for other in (self.thrown[j] for j in left)):
                return "the camera could not read" if spot.read is None else f"read as {spot.read}"
        return None

    def _taken(self, dice: Sequence[TrayDie], state: GameState) -> tuple[Roll, list[int]]:
        """The dice taken out as the last throw's dice not yet out, so they keep the colours
        the throw was scored with: each the nearest of the throw's dice of its face, or of
        those set by hand (the tray still reads those as it did); and which those are. If
        the throw was not read here, the throw's first dice of their faces (and none)."""
        plain = Roll.of(*(d.value for d in dice if d.value is not None))
        if Roll(spot.die for spot in self.thrown) != state.last_throw:
            return with_colours(plain, state), []
        left = [k for k in range(len(self.thrown)) if k not in self.out]
        chosen: list[int] = []
        for d in dice:
            near = [k for k in left if self.thrown[k].by_hand or self.thrown[k].die.face == d.value]
            if not near:
                return plain, []  # not the throw's dice: no keep (step says so)
            k = min(near, key=lambda k: math.dist(self.thrown[k].centre, d.center))
            left.remove(k)
            chosen.append(k)
        return Roll(self.thrown[k].die for k in chosen), chosen


class _Spot(NamedTuple):
    """A die of the last throw: where it lay, as it was scored, and whether its face was
    entered or set by hand."""

    centre: tuple[float, float]
    die: Die
    read: int | None  # the face the tray read (it still reads it so when it is taken out)
    by_hand: bool = False


class _Recalled(NamedTuple):
    """The last throw as the store tells it after a restart (`TrayInput.recall`): its dice
    with the faces read, out of sight; its last keep if the tray's keep grew to it, and the
    keeps it grew from with the dice each left."""

    spots: list[_Spot]
    keep: Roll | None
    smaller: list[tuple[Roll, int]]
    said: bool = False  # the store says which dice the camera could not read (`_unread_again`)


def throw_in_effect(log: Sequence[Event]) -> Throw | None:
    """The last `Throw` a stored game's events (undone commands and undos included) still
    have in effect: what the store says of the throw shown (a `Correct` changes its dice,
    not how they came)."""
    done: list[Event] = []
    for event in log:
        if isinstance(event, Undo):
            if done:
                done.pop()
        elif _command(event):
            done.append(event)
    return next((c for c in reversed(done) if isinstance(c, Throw)), None)


def _command(event: Event) -> bool:
    """A player's command an undo can take back: not the game's start, not an outcome (those
    follow their command and go with it)."""
    return not (isinstance(event, NewGame) or is_outcome(event))


def said(throw: Throw) -> bool:
    """Whether the store says which of `throw`'s dice the camera could not read: it says
    which were entered, and the camera saw the throw (it was not typed whole on the keypad)."""
    return typed(throw) is False


def _turn(state: GameState) -> tuple[int, int]:
    """Which turn of the game this is: its player and how many turns ended before it."""
    return state.current, len(state.turns)


def _knocked_over(state: GameState, dice: Sequence[TrayDie]) -> bool:
    """Whether a start's first picture with a cocked die can be the last throw's dice left
    lying, one knocked onto its edge (taking the keep out, turning a Farkle's dice over to
    see): the dice read are of that throw, and with the others standing for any of its dice,
    those not seen could have been taken out (`_left_out`). Such a picture is no throw, and
    "throw it again" would have the dice nobody threw played with that one."""
    throw = state.last_throw
    if throw is None:
        return False
    pool = list(throw.dice)
    for d in dice:
        if d.flat and d.value is not None:
            same = next((die for die in pool if die.face == d.value), None)
            if same is None:
                return False
            pool.remove(same)
    others = len(dice) - (len(throw.dice) - len(pool))  # cocked, or flat and not read
    return any(_left_out(state, Roll(die for k, die in enumerate(pool) if k not in chosen))
               for chosen in itertools.combinations(range(len(pool)), others))


def _left_out(state: GameState, out: Roll) -> bool:
    """Whether `out`, the last throw's dice the camera does not see, can be dice taken out of
    it in this phase: any before its keep; the keep's (some or all) once kept, or the keep and
    dice that score with it (taken out meanwhile: they join it); at a new turn none (a Farkle,
    or a keep chosen with the buttons and left lying) or a keep of it (then banked). Dice
    seen that are the last throw less anything else were thrown meanwhile."""
    throw = state.last_throw
    if state.phase == "keep" or not out or throw is None:
        return True
    options = chart(state.rules).score(throw).options
    if state.phase == "choose" and state.kept:
        keep = Counter(state.kept[-1].dice)
        within = Counter(out.dice) <= keep
        return within or (keep <= Counter(out.dice) and any(o.keep == out for o in options))
    return state.phase in ("start", "steal") and any(o.keep == out for o in options)


def _unread_again(state: GameState, pool: list[_Spot], names: Sequence[str | None],
                  guess: bool) -> list[_Spot] | None:
    """Which of the last throw's dice not matched yet (`pool`) are the dice seen that the
    camera cannot read (`names`: their colours), or None if that cannot be told. They are
    those whose faces were entered: known here or from the store (read None; with none such,
    the dice are no throw's lying again but a new throw), or, where that is not known
    (`guess`: a throw typed on the keypad, or stored before `Throw.entered` was), any of
    their colours that leave dice not seen the game could have had taken out, a keep of the
    throw first (dice taken out one by one need not make one). Choices that leave other
    dice out are not told apart: no guess."""
    entered = [spot for spot in pool if spot.read is None]
    candidates = entered if len(entered) >= len(names) or not guess else pool
    fits: list[tuple[list[_Spot], Roll]] = []
    for chosen in itertools.permutations(candidates, len(names)):
        if any(name is not None and spot.die.colour != name
               for spot, name in zip(chosen, names, strict=True)):
            continue
        rest = list(pool)
        for spot in chosen:
            rest.remove(spot)
        out = Roll(spot.die for spot in rest)
        if _left_out(state, out):
            fits.append((list(chosen), out))
    if state.last_throw is not None:
        keeps = {o.keep for o in chart(state.rules).score(state.last_throw).options}
        fits = [fit for fit in fits if fit[1] in keeps] or fits
    if len({out for _, out in fits}) != 1:
        return None
    return fits[0][0]


def read_unsure(die: TrayDie) -> bool:
    """No face, a face under UNSURE, or one only a second reader's agreement settled."""
    return die.value is None or die.confidence < UNSURE or die.settled


def unsure_faces(dice: Sequence[TrayDie]) -> tuple[int, ...]:
    """The faces read with little confidence, or read only because a second reader agreed
    (on dice no reader saw, such agreements are wrong 27 times in 88: docs/vision-log.md)."""
    return tuple(sorted(d.value for d in dice if d.value is not None and read_unsure(d)))


def unsure_note(dice: Sequence[TrayDie]) -> str:
    """Those faces named for the players to check ('' when none)."""
    faces = unsure_faces(dice)
    if not faces:
        return ""
    named = ", ".join(map(str, faces[:-1])) + " and " if len(faces) > 1 else ""
    named += str(faces[-1])
    return f"check the {named}: read unsure - tap a die (or UNDO) to correct it"


def count_prompt(found: int, state: GameState) -> str:
    """Too many or too few dice thrown. As many as a steal offered leaves are the dice left
    thrown without NEXT first (stealing is the player's word): the offer is said again."""
    wanted = state.dice_to_throw
    offer = state.steal
    if offer is not None and found == offer.dice:
        return (f"{found} dice in the tray: NEXT steals {offer.points:,} from {offer.player} "
                f"(then throw them again) - or throw {wanted} for your own")
    return f"{found} dice in the tray: throw {wanted}"


def with_colours(keep: Roll, state: GameState) -> Roll:
    """The kept faces as the dice of the last throw (so coloured dice keep their colours):
    the legal keep of these faces that scores most (a typed throw's colours are only the
    answers given: three 2s of one colour among four are any three of them), else, where a
    face has dice of two colours, the first of them. Faces the throw lacks stay as they are
    (no keep of it)."""
    assert state.last_throw is not None
    for option in state.options:  # best first: of a typed throw's colours, those that score
        if option.keep.faces == keep.faces:  # (its one-colour triples are the answers given)
            return option.keep
    pool = list(state.last_throw.dice)
    chosen = []
    for face in keep.faces:
        die = next((d for d in pool if d.face == face), None)
        if die is None:
            return keep
        pool.remove(die)
        chosen.append(die)
    return Roll(chosen)
