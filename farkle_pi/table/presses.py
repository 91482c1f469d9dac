"""Button presses at a real table: a press can come before the players have seen what it
acts on (a second press of an impatient thumb, two buttons hit together, BANK while the dice
still roll, a tap on a row just redrawn). These two guards sit between the buttons (and the
touch screen) and the table; the table itself lets a button under a banner only take it away
(`UNDER_BANNER`): docs/table.md has all four rules."""

from __future__ import annotations

from collections.abc import Callable

from farkle_pi.table.table import Table
from farkle_pi.ui.actions import Action

# A game change (a throw shown, a turn ended, another screen) needs this long to be seen: a
# button press sooner acted on what came before, so it is dropped.
SEEN_SECONDS = 0.5
# How long a BANK pressed while the tray moves waits for it to be still (an arm resting on the
# rim must not hold it for ever; dice stop and are read in 1-2 s)
HOLD_SECONDS = 4.0
HELD = "BANK pressed: waiting for the dice to stop"
THROWN_FIRST = "the dice were thrown before BANK: the throw counts"
GUARDED = ("bank", "next", "keep")
# BANK or KEEP acts on the highlighted option (KEEP on the keypad's face, on the scoreboard's
# framed row): one this soon after NEXT moved the highlight was pressed with NEXT, not after
# reading the new one (a person needs 0.25 s to see and press; a shorter wait than
# SEEN_SECONDS, as fast NEXT-then-BANK is how a sure player plays); so is one pressed while
# NEXT was down (NEXT moves the highlight when let go, after it)
PICKED_SECONDS = 0.25
ON_HIGHLIGHT = ("bank", "keep")
NEVER = float("-inf")  # (nothing has changed yet: no press is too soon after it)


class SeenGuard:
    """Drops a button press or a tap that came less than SEEN_SECONDS after the game or the
    screen changed: it was meant for the screen before (the echo of BANK on the next player,
    NEXT and BANK together stealing, KEEP twice throwing and keeping unseen virtual dice, a tap
    on a row that now holds another option); and BANK or KEEP less than PICKED_SECONDS after
    the highlight moved, or while NEXT was down (NEXT and BANK together). A button acting when
    let go (NEXT, a short UNDO) counts from when it went down: what the player saw then."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._shown: tuple[object, str, int | None, object, bool, object] | None = None
        self._changed_at = NEVER
        # a question that came or went with a watched press: new to the buttons and to taps
        # on its keys, not to taps on the die being stepped
        self._asked_at = NEVER
        # the option, the keypad's face, the scoreboard's row framed
        self._picked: tuple[int, int | None, str | None] | None = None
        self._picked_at = NEVER

    def look(self, table: Table, watched: bool = False) -> None:
        """Note what the table shows now (after every change the app makes). `watched`: the
        change was made by a tap on a die, or by NEXT on the die a short UNDO framed, whose
        player looks at it (the next tap steps the same die on: "each tap steps it on"). A
        frame that comes or moves is a change: NEXT would step another die than it was meant
        for; so is a question on the colours of dice entered (a KEEP too many would answer it
        unseen), even one a tap or NEXT on a framed die brought up (setting typed dice right:
        the next NEXT, meant to step the die on, would answer NO unseen); a tap on the die
        itself is not dropped for that question (it steps the die on past the face asked
        about, as the table says). A banner going, by a press or by time, is a change: the
        screen it covered is new. So is the scoreboard's question whether a player goes home:
        its YES is drawn where a row was, and a double tap on the row must not answer it."""
        shown = (table.state, table.screen, table.framed, table.asking, table.banner_up(),
                 table.seat_question)
        if self._shown is None or shown[0] is not self._shown[0] or shown[1:] != self._shown[1:]:
            asked = self._shown is not None and shown[3] != self._shown[3]
            if self._shown is not None and not watched:
                self._changed_at = self.clock()
            elif asked:  # (the die stays where it is drawn: the next tap on it steps it on)
                self._asked_at = self.clock()
            self._shown = shown
        picked = (table.selected, table.entry.face, table.seat_framed)
        if self._picked is not None and picked != self._picked:
            self._picked_at = self.clock()
        self._picked = picked

    def drops(self, action: Action) -> bool:
        """Whether to drop `action`, counted from when its button went down (NEXT acts when
        let go, but what it was meant for is what showed when it was pressed: NEXT pressed as
        a throw landed and let go after must not move the new throw's highlight unseen)."""
        pressed = self.clock() - action.down
        since_change = pressed - self._changed_at
        if action.kind != "die":
            since_change = min(since_change, pressed - self._asked_at)
        if action.tapped:  # aimed at what the last screen drew there
            return since_change < SEEN_SECONDS
        if not action.button:
            return False
        since_pick = pressed - self._picked_at
        return ((action.kind in GUARDED and since_change < SEEN_SECONDS)
                or (action.kind in ON_HIGHLIGHT
                    and (since_pick < PICKED_SECONDS or action.with_next)))


class BankHold:
    """In camera mode, BANK pressed while the tray is not still waits until it is: dice
    thrown before the press land, are read and count (a Farkle seen coming cannot be banked
    out of); dice only picked up, or a hand in the tray, let the bank go through."""

    def __init__(self, clock: Callable[[], float], tray_busy: Callable[[], bool]) -> None:
        self.clock = clock
        self.tray_busy = tray_busy
        self._held: tuple[Action, float, int] | None = None

    @property
    def waiting(self) -> str:
        return HELD if self._held is not None else ""

    def takes(self, action: Action, table: Table) -> bool:
        """True when `action` is a BANK to hold (the table must not see it yet)."""
        state = table.state
        if (action.kind != "bank" or state is None or state.phase != "choose"
                or table.mode != "camera" or table.camera_lost or not self.tray_busy()
                or (action.button and table.banner_up())):  # (it only takes the banner away)
            return False
        self._held = (action, self.clock(), len(state.throws))
        return True

    def passed_over(self, action: Action, table: Table) -> None:
        """Another input came while BANK waited (UNDO of the keep, NEXT to another option, a
        tap, even one showing the scoreboard): the player went on with something else, so the
        BANK waiting is dropped. BANK again under a banner that came meanwhile only takes the
        banner away: the player still wants to bank, so the BANK waiting stays (it was dropped,
        and two presses of BANK banked nothing)."""
        if not (action.kind == "bank" and action.button and table.banner_up()):
            self._held = None

    def release(self, table: Table) -> None:
        """Once the tray is still (or HOLD_SECONDS passed): the BANK, unless a throw came first."""
        if self._held is None:
            return
        action, since, throws = self._held
        if self.tray_busy() and self.clock() - since < HOLD_SECONDS and not table.camera_lost:
            return
        self._held = None
        state = table.state
        if state is not None and len(state.throws) > throws:
            table.error = THROWN_FIRST
        else:  # pressed on the screen seen then: a banner that came meanwhile (HOT DICE, the
            # dice taken out joining the keep) does not swallow it
            table.handle(action, covered=False)
