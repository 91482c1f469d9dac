"""The table: input actions and tray events in, durable game commands out, a `TableView` to show.

Every game command goes through the store (on disk) before the screen can show its result.
A refused command or a failure while handling one input becomes a short error line on the
screen; the evening goes on.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from farkle_pi.config import DICE_MODES
from farkle_pi.errors import FarkleError
from farkle_pi.game import (
    AddPlayer,
    Bank,
    Command,
    Correct,
    Event,
    GameState,
    Keep,
    LeavePlayer,
    RollOff,
    Steal,
    Throw,
    Undo,
)
from farkle_pi.rules import PRESETS, Die, Roll, RuleSet, dice_count, load_rules
from farkle_pi.store import ChangedElsewhere, Store, StoredGame, player_stats
from farkle_pi.table import setup as setup_rows
from farkle_pi.table.adapter import (
    Shown,
    bank_after_keep,
    farkled_throw,
    history_rows,
    in_layout,
    option_keep,
    options_for,
    stat_rows,
    table_view,
    why_no_bank_after,
)
from farkle_pi.table.adapter import players as player_rows
from farkle_pi.table.announce import announce
from farkle_pi.table.colours_asked import (
    ColourQuestion,
    colours_matter,
    corrected,
    correction_question,
    faces_to_ask,
    given_colours,
    typed,
)
from farkle_pi.table.entry import Entry
from farkle_pi.table.entry import step as entry_step
from farkle_pi.table.fairdice import (
    FairDice,
    SeedBook,
    pis_throw,
    record_seed,
)
from farkle_pi.table.familiar import UnsureShare
from farkle_pi.table.tray_input import (
    PROMPTS,
    Rekeep,
    TrayInput,
    TrayNews,
    Unread,
    throw_in_effect,
    unsure_faces,
    unsure_note,
)
from farkle_pi.ui.actions import Action
from farkle_pi.ui.view import (
    Banner,
    PlayerRow,
    ScreenName,
    SeatQuestion,
    SetupView,
    TableView,
    standing,
)

log = logging.getLogger(__name__)

BANNER_SECONDS = 1.6
# Buttons that act on what the screen shows: pressed while a banner covers it, they only take
# the banner away (NEXT under "BANK +450" would steal a turn nobody had seen offered); UNDO
# acts on what the banner announced, and keys at a desk act as pressed
UNDER_BANNER = ("next", "keep", "bank")
LOOKS = ("scoreboard", "history")  # the screens a held NEXT goes round, back to the game's


@dataclass(frozen=True)
class Correcting:
    """Taps that set typed dice right, held while the colours of the faces they made three,
    four or six alike are asked: the dice as tapped, the taps (was, now), and the dice as
    drawn before the last tap (UNDO goes back to them)."""

    roll: Roll
    steps: tuple[tuple[Die, Die], ...]
    drawn_before: tuple[Die, ...]


class Table:
    """One table for the evening: setup, then games, each a `StoredGame` in the store."""

    def __init__(
        self,
        store: Store,
        rules: RuleSet,
        players: Sequence[str],
        dice_mode: str = "virtual",
        clock: Callable[[], float] = time.monotonic,
        say: Callable[[str], None] = log.info,
        resume: bool = True,
        fair_dice: Callable[[int], FairDice] = FairDice.fresh,
        camera: bool | None = None,
    ) -> None:
        """`camera`: whether a camera was opened for this table (by default: when it starts in
        camera mode); without one the setup screen does not offer camera dice."""
        if dice_mode not in DICE_MODES:
            raise FarkleError(f"unknown dice mode {dice_mode!r}: use {', '.join(DICE_MODES)}")
        self.store = store
        self.seeds = SeedBook(store.path)
        self.base_rules = rules
        self.clock = clock
        self.say = say
        self.mode = dice_mode
        self.fair_dice = fair_dice
        known = tuple(dict.fromkeys(n for g in store.records() for n in g.players))
        self.setup = SetupView(
            players=tuple(players),
            known_names=tuple(dict.fromkeys((*players, *known))),
            preset=rules.name,
            target=rules.target,
            dice_mode=dice_mode,
            dice_modes=setup_rows.modes(dice_mode == "camera" if camera is None else camera),
        )
        self.game: StoredGame | None = None
        trouble = ""
        try:
            self.game = store.resume() if resume else None
        except FarkleError as error:  # one bad game must not keep the table from starting
            log.warning("not resumed: %s", error)
            trouble = f"{error}: start a new game (it stays in the file)"
        self.fair: FairDice | None = None
        self.screen: ScreenName = "setup"
        self.selected = 0
        self.entry = Entry()  # a throw being entered by hand
        # its dice all in, in a two-colour game: what is asked of their colours
        self.asking: ColourQuestion | None = None
        # or typed dice set right by taps, whose colours are asked before the correction is
        # played (the taps kept the colours given, and made three alike nobody was asked about)
        self.correcting: Correcting | None = None
        # a player picked on the scoreboard, asked whether they go home (or come back)
        self.seat_question: SeatQuestion | None = None
        # the buttons' twin of that tap: the player whose row NEXT framed there, for KEEP
        self.seat_framed: str | None = None
        # the screen a held NEXT went on from (throw, winner, setup), where it comes back to
        self._cycled_from: ScreenName = "throw"
        # the throws (their number in the game) whose dice were typed here, so the table gave
        # their colours; those up to `seen_from` were stored before this table played them (a
        # restart, another writer): whether typed is not known
        self.typed: set[int] = set()
        self.seen_from = 0
        self.tray_input = TrayInput()  # camera mode: tray events into game commands
        self.unread: Unread | None = None  # a settled throw with dice to enter by hand
        self.unsure_share = UnsureShare()  # camera mode: is the tray new to the reader?
        # a misread throw being set right with taps, held while it scores nothing (a tap or two
        # more may reach the true face): the dice shown, and the taps as (was, now)
        self.stepping: Roll | None = None
        self.layout: tuple[Die, ...] = ()  # the dice as drawn while taps correct them
        self.steps: list[tuple[Die, Die]] = []
        # the buttons' twin of those taps: a short UNDO frames a die of the throw shown, NEXT
        # steps it; (throws in the game, the die's place) so a frame never outlives its throw
        self.fixing: tuple[int, int] | None = None
        self.camera_trouble = ""  # why the camera gives no picture (the app says), "" if it does
        self.camera_opening = ""  # that the camera is starting (the app says), "" if not
        self.tray_waiting = ""  # why the tray reads nothing now (an arm in it), "" if nothing
        self.buttons_trouble = ""  # GPIO buttons that should work and do not, for the evening
        # the database in memory only (mounts.NOTICE: an overlay file system), for the evening
        self.kept_trouble = ""
        self.prompt = trouble
        # for the players at the start (a calibration to make or to renew): below every other
        # line, until a new game starts
        self.notice = ""
        self.unsure: tuple[int, ...] = ()  # faces of the last throw read unsure, to check
        self.error = ""
        self.banners: list[Banner] = []
        self.banner_at = 0.0
        self._history: TableView | None = None
        if self.game is not None:
            self._resumed()

    # -- what is on screen --------------------------------------------------------------------

    @property
    def state(self) -> GameState | None:
        return self.game.state if self.game else None

    @property
    def typing_text(self) -> bool:
        """Letters go into a name (setup's players row) instead of being button twins."""
        return self.screen == "setup" and self.setup.focus == 0

    @property
    def camera_lost(self) -> str:
        """Why camera dice cannot be read now ("" when they can, or in another mode)."""
        return self.camera_trouble if self.mode == "camera" else ""

    @property
    def entering(self) -> bool:
        """A throw is due and is entered by hand: manual dice, or camera dice without a camera."""
        state = self.state
        by_hand = self.mode == "manual" or bool(self.camera_lost) or self.unread is not None
        return by_hand and state is not None and state.phase in ("start", "steal", "choose")

    def view(self) -> TableView:
        if self.screen == "history" and self._history is not None:
            return self._history
        state = self.state
        if self.screen == "setup" or state is None:
            # no camera yet: the table starts all the same and says so here
            return TableView(screen="setup", setup=self.setup, error=self.error,
                             prompt=self.camera_lost or self.prompt or self._camera_note()
                             or self._evening_trouble or self.notice)
        banner = self._banner()
        shown = Shown(
            screen="results" if banner else self.screen,
            selected=self.selected,
            banner=banner,
            prompt=(self.camera_lost if self.screen == "throw" else "") or self._next_unread()
            or self._tray_waiting() or self.prompt or self._camera_note() or self._evening_trouble
            or self.notice or self._commitment_note(state),
            typed=self.entry.text,
            error=self.error,
            dice_mode=self.mode,
            keypad=self.entering or self.asking is not None,  # (a question in sight till answered)
            face=self._picking(state),
            unsure=self._unsure_shown,
            layout=self.layout,
            framed=self.framed,
            entry_colours=self.unread.entry_colours if self.unread is not None else (),
            question=self.asking.text if self.asking is not None else "",
            seat_question=self.seat_question,
            seat_framed=self.seat_framed,
        )
        if self.stepping is not None:
            state = replace(state, last_throw=self.stepping)
        if self.correcting is not None:
            return self._correction_view(state, shown)
        return table_view(state, shown)

    def _correction_view(self, state: GameState, shown: Shown) -> TableView:
        """Typed dice set right, their colours asked: the dice as tapped, drawn in no colour
        (theirs are asked; the ones given were not the real dice's), and the question with
        its YES and NO keys where the options go (none is taken before the answers)."""
        assert self.correcting is not None
        plain = tuple(Die(die.face) for die in in_layout(self.correcting.roll, self.layout))
        # (drawn as a throw's dice, a Farkle's too: not the keypad of a throw to enter)
        view = table_view(replace(state, last_throw=Roll(plain)),
                          replace(shown, layout=plain, keypad=False))
        return replace(view, options=(), can_bank=False, keypad=True, prompt=shown.prompt,
                       dice=tuple(replace(die, marked=False) for die in view.dice))

    @property
    def framed(self) -> int | None:
        """The place of the die a short UNDO framed for NEXT to step, while its throw shows."""
        state = self.state
        if (self.fixing is None or state is None or not self._correctable(state)
                or self.asking is not None):  # (NEXT answers it: it steps no die)
            return None
        throws, place = self.fixing
        return place if throws == len(state.throws) else None

    def _next_unread(self) -> str:
        """In a two-colour game, the colour of the unread die whose face is entered next: the
        faces go to the unread dice in the tray's order, so the players must know which."""
        unread = self.unread
        if unread is None:
            return ""
        colours = [c for face, c in zip(unread.faces, unread.colours, strict=True) if face is None]
        k = len(self.entry.dice) - len(unread.read)
        if len(set(colours)) < 2 or not 0 <= k < len(colours):
            return ""
        return f"enter the face of the {colours[k]} die (or throw again)"

    @property
    def _evening_trouble(self) -> str:
        """What stays wrong all evening: the games not kept, then buttons that do not work."""
        return self.kept_trouble or self.buttons_trouble

    def _camera_note(self) -> str:
        return self.camera_opening if self.mode == "camera" else ""

    def _tray_waiting(self) -> str:
        return self.tray_waiting if self.mode == "camera" and self.screen == "throw" else ""

    def _picking(self, state: GameState) -> int | None:
        """The face the buttons are on while a throw is entered by hand; None before a player
        offered a steal has chosen to throw their own dice instead."""
        if (not self.entering or self.asking is not None
                or (self._steal_offered(state) and self.entry == Entry())):
            return None
        return self.entry.shown_face

    @staticmethod
    def _steal_offered(state: GameState) -> bool:
        return state.steal is not None and state.phase == "start"

    def banner_seconds(self) -> float:
        """Seconds the current banner has been up (drives its animation)."""
        return self.clock() - self.banner_at

    def banner_up(self) -> bool:
        """A banner covers the screen (a button press then only takes it away)."""
        return self._banner() is not None

    def _banner(self) -> Banner | None:
        while self.banners and self.clock() - self.banner_at > BANNER_SECONDS:
            self.banners.pop(0)
            self.banner_at = self.clock()
        return self.banners[0] if self.banners else None

    def _commitment_note(self, state: GameState) -> str:
        if self.fair is None or state.throws:
            return ""
        return f"virtual dice, seed committed: sha256 {self.fair.commitment[:16]}..."

    # -- input ----------------------------------------------------------------------------------

    def handle(self, action: Action, covered: bool | None = None) -> None:
        """One input; a refusal or failure is shown as an error line, never raised. `covered`:
        whether a banner covered the screen when the input was made (None: now; a BANK held
        for the tray to be still was pressed before a banner that came meanwhile)."""
        self.error = ""
        if covered is None:
            covered = self._banner() is not None  # what was under the banner was not seen yet
        if covered and self.banners and action.button and action.kind in UNDER_BANNER:
            self.banners.pop(0)  # the banner goes, and the next one queued shows in full
            self.banner_at = self.clock()  # (FINAL ROUND after BANK +N): what they covered is
            return  # seen before a button acts on it
        self.banners.clear()
        try:
            if action.kind == "show":
                self._show(action.text)
            elif action.kind == "cycle":
                self._cycle()
            elif self.screen == "setup":
                self._setup(action)
            elif self.screen == "winner" or (self.state is not None and self.state.over):
                self._after_game(action, covered)
            elif self.screen == "scoreboard":
                self._on_scoreboard(action)
            elif self.screen == "history":
                self.screen = "throw" if self.game is not None else "setup"  # back where it was
            else:
                self._play(action)
        except FarkleError as error:
            self.error = str(error)
        except Exception as error:  # one bad input must not end the evening
            log.exception("handling %s failed", action)
            self.error = f"internal error: {error}"

    def _show(self, screen: str) -> None:
        self.seat_question = None  # (NO on the scoreboard's question: the scoreboard again)
        if screen != "scoreboard":
            self.seat_framed = None  # (shown again, the scoreboard frames no row)
        if self.screen not in LOOKS:  # where a held NEXT comes back to, however they were opened
            self._cycled_from = self.screen  # (a tap, `s`: a game begun since is not its setup)
        if screen == "history":
            self._history = self._history_view()
            self.screen = "history"
        elif screen == "scoreboard" and self.game is not None:
            self.screen = "scoreboard"
        elif self.game is not None:
            self.screen = "throw"

    def _cycle(self) -> None:
        """NEXT held: the next screen, for a table with the buttons alone (no keys, no touch):
        the game's screen (throw, winner; setup) -> the whole scoreboard -> tonight's history
        -> back to where it began. Before a game there is no scoreboard: setup <-> history."""
        home = self._cycled_from if self.screen in LOOKS else self.screen
        if self.screen == "history":
            self.screen = "setup" if self.game is None else home  # (a game over: its winner)
        elif self.screen == "scoreboard" or home == "setup" or self.game is None:
            self._show("history")
        else:
            self._show("scoreboard")

    def _on_scoreboard(self, action: Action) -> None:
        """The whole scoreboard: a player's row picked (a tap, or a key 1-8 counting the rows
        from the top, or KEEP on the row NEXT framed) asks whether they go home, or, having
        left, come back; KEEP (or YES) says yes, stored before the screen shows them LEFT.
        NEXT says no and shows the scoreboard again, its row still framed (another may have
        been meant); any other input goes back to the game, as on the scoreboard it always
        did. Here, not only at a terminal: friends at a table have none (`game leave` is the
        same command)."""
        asked, self.seat_question = self.seat_question, None
        if action.kind in ("seat", "digit"):
            self._ask_seat(action)
        elif asked is not None and action.kind == "keep":
            self.seat_framed = None
            self._seat_change(asked)  # (the scoreboard stays: LEFT, or back)
        elif asked is not None and action.kind == "next":
            pass  # no: the scoreboard again, the row asked about still framed
        elif action.kind == "next":
            self.seat_framed = self._next_framed_row()
        elif action.kind == "keep" and self.seat_framed is not None:
            self._ask_seat(Action("seat", text=self.seat_framed))  # (as a tap on the row)
        else:
            self.screen, self.seat_framed = "throw", None

    def _next_framed_row(self) -> str | None:
        """The player whose row NEXT frames next, top to bottom; after the last row, none."""
        names = [row.name for row in self._scoreboard_rows()]
        if self.seat_framed not in names:
            return names[0] if names else None
        place = names.index(self.seat_framed) + 1
        return names[place] if place < len(names) else None

    def _scoreboard_rows(self) -> list[PlayerRow]:
        """The whole scoreboard's rows, top to bottom, as drawn (what NEXT and keys 1-8 pick)."""
        assert self.game is not None
        return standing(player_rows(self.game.state))

    def _seat_change(self, asked: SeatQuestion) -> None:
        """The leave (or return) stored. Another player's changes nothing of the turn being
        played, so what was typed, asked or marked of it stays (dice half entered, an unread
        die's face to enter, the highlight): only the player's own leave ends it."""
        assert self.game is not None
        before = self.game.state
        held = (self.selected, self.entry, self.unread, self.unsure, self.asking)
        self._apply(_seat_command(asked))
        after = self.game.state
        if (after.current, after.throws, after.over) == (before.current, before.throws, False):
            self.selected, self.entry, self.unread, self.unsure, self.asking = held

    def _ask_seat(self, action: Action) -> None:
        """The question for the row picked; one the rules would refuse (the last player still
        playing, a return in the final round) is refused at once, in their words."""
        assert self.game is not None
        rows = self._scoreboard_rows()
        if action.kind == "digit" and not 1 <= action.value <= len(rows):
            raise FarkleError(f"keys 1 to {len(rows)} pick a player's row, counted from the top")
        row = (rows[action.value - 1] if action.kind == "digit"
               else next((r for r in rows if r.name == action.text), None))
        if row is None:
            return  # a tap left over from a scoreboard of other players
        asked = SeatQuestion(row.name, back=row.left)
        self.game.game.decide(_seat_command(asked))  # (refused: nothing is asked)
        # framed, however picked: a NO (NEXT) shows it still framed, and NEXT moves on from it
        self.seat_question, self.seat_framed = asked, row.name

    def _setup(self, action: Action) -> None:
        # the config's own rules (a rules file, named after it; a preset with house rules,
        # "standard + entry 500") stay among the choices beside the plain presets: one KEEP too
        # many on the rules row must not lose them for the evening
        own = () if self.base_rules.name in PRESETS else (self.base_rules.name,)
        # and the config's target (4,000, say) among the targets, in its place
        targets = sorted({*setup_rows.TARGETS, self.base_rules.target})
        self.setup, start = setup_rows.step(self.setup, action, (*own, *PRESETS), targets)
        self.mode = self.setup.dice_mode
        if start:
            self.new_game()

    def _after_game(self, action: Action, covered: bool = False) -> None:
        """Winner screen: KEEP shows the night's history, then a new game's setup. A tie to
        roll off for first: NEXT picks who won it, BANK records that, on the winner screen
        once seen (`covered`: a banner was over it, and BANK again was the thumb's echo; a
        button under the banner that ended the game only took it away, in `handle`)."""
        state = self.state
        picking = (state is not None and state.roll_off and self.screen == "winner"
                   and action.kind in ("next", "bank"))
        if action.kind == "undo" and self.game is not None and (
                self.fair is None or (state is not None and state.roll_off_settled)):
            self._apply(Undo())  # (virtual dice: a roll-off's pick, not the Pi's throws)
            self.screen = "winner" if self.game.state.over else "throw"  # (a roll-off undone)
        elif self.screen == "history":
            self.screen = "setup"
        elif picking and covered:
            pass  # the banner goes; the ROLL OFF screen is seen first
        elif picking and action.kind == "next":
            self.selected += 1
        elif picking and state is not None:
            names = state.winner_names()
            self._apply(RollOff(names[self.selected % len(names)]))
        elif action.kind in ("keep", "bank", "next"):
            self._show("history")

    def _play(self, action: Action) -> None:
        state = self.state
        assert state is not None and self.game is not None
        kind = action.kind
        if self.asking is not None:
            self._answer(action)
            return
        framed = self.framed
        if kind == "fix":
            self._fix(state, framed)
            return
        self.fixing = None  # any other input ends the framing, but NEXT, which steps its die
        if framed is not None and kind == "next":
            self._correct(framed, state)  # a stored step resets the table: the frame stays
            self.fixing = (len(self.game.state.throws), framed)
            return
        if framed is not None and kind == "keep":
            if self.stepping is not None:
                self._end_stepping(take=True)  # KEEP for Farkle, as the prompt says
            return  # done setting the dice: the next KEEP takes an option (they have changed)
        if self.stepping is not None and kind != "die":
            self._end_stepping(take=kind == "keep")
            if kind not in ("keep", "undo"):
                self.error = "the taps are dropped: the dice are as read (tap or UNDO to set them)"
        elif kind == "undo" and not self.entry.dice:
            self._undo()
        elif kind == "next" and self._steal_offered(state) and self.entry == Entry():
            self._apply(Steal())
        elif kind == "keep" and self.entering and self._picking(state) is None:
            self.entry = Entry(face=1)  # a steal was offered: this player throws their own
        elif kind in ("digit", "erase", "undo") or (kind in ("next", "keep") and self.entering):
            self._enter(action, state)
        elif kind == "die":
            self._correct(action.value, state)
        elif state.phase == "keep":
            self._choose(action, state)
        elif kind == "keep":
            self._throw_now(state)
        elif kind == "bank":
            self._apply(Bank())

    def _undo(self) -> None:
        """Undo, except a virtual throw: the Pi's dice are not thrown again until they suit."""
        assert self.game is not None
        if self.mode == "virtual":
            trial = self.game.game.copy()
            trial.apply(Undo())
            if len(trial.state.throws) < len(self.game.state.throws):
                raise FarkleError("virtual dice cannot be taken back: undo keeps and banks")
        self._apply(Undo())

    def _choose(self, action: Action, state: GameState) -> None:
        options = options_for(state)
        if action.kind == "next":
            self.selected = (self.selected + 1) % len(options)
        elif action.kind == "option":
            if action.value == self.selected:
                self._apply(Keep(option_keep(options[action.value], state)))
            else:
                self.selected = action.value % len(options)
        elif action.kind == "keep":
            option = options[self.selected % len(options)]
            self._apply(Keep(option_keep(option, state)))
        elif action.kind == "bank":
            option = options[self.selected % len(options)]
            if bank_after_keep(state, option_keep(option, state)) is None:
                raise FarkleError(why_no_bank_after(state, option))
            self._apply(Keep(option_keep(option, state)), Bank())

    def _enter(self, action: Action, state: GameState) -> None:
        """One die more (or less) of a throw entered by hand; all of them in: the throw."""
        if action.kind == "digit" and self.mode == "virtual":
            raise FarkleError("virtual dice are thrown by the Pi: KEEP throws them")
        if action.kind == "digit" and state.phase == "keep":
            raise FarkleError("keep or bank first, then enter the next throw")
        entry = entry_step(self.entry, action, state.dice_to_throw)
        if self.unread is not None and len(entry.dice) < len(self.unread.read):
            raise FarkleError("the dice the camera read stand: enter the unread ones "
                              "(or tap a die once the throw is in)")
        self.entry = entry
        if len(entry.dice) < state.dice_to_throw:
            return
        if self.unread is not None:  # (the camera saw the dice's colours)
            self._play_entered(self.tray_input.finish(self.unread, entry.dice), typed=False)
        elif state.rules.colour_triples and colours_matter(entry.dice):
            asking = ColourQuestion(entry.dice, faces_to_ask(entry.dice))
            if asking.done:  # (five alike, nothing else three times: nothing to ask)
                self._play_entered(Throw(asking.roll(), Roll.of(*entry.dice)), typed=True)
            else:
                self.asking = asking
        else:
            self._play_entered(Throw(Roll.of(*entry.dice), Roll.of(*entry.dice)), typed=True)

    def _answer(self, action: Action) -> None:
        """The colours of dice entered by hand, asked face by face: KEEP yes, NEXT no; UNDO
        goes back to the entry (its last die off), as before the last die was taken. Asked of
        a correction, UNDO goes back to the throw as it stood, and a tap on a die steps it on
        (the face asked about was one on the way)."""
        assert self.asking is not None
        correcting = self.correcting
        if action.kind in ("undo", "erase") and correcting is not None:
            self.asking = self.correcting = None  # nothing stored: the throw as it was
            self.layout = correcting.drawn_before
        elif action.kind in ("undo", "erase"):
            self.asking = None
            self.entry = replace(self.entry, dice=self.entry.dice[:-1])
        elif action.kind == "die" and correcting is not None:
            if not 0 <= action.value < len(correcting.roll):
                return  # a tap left over from a screen of more dice
            self.asking = self.correcting = None
            self.stepping, self.steps = correcting.roll, list(correcting.steps)
            assert self.state is not None
            self._correct(action.value, self.state)
        elif action.kind not in ("keep", "next"):
            raise FarkleError(f"{self.asking.text} KEEP yes, NEXT no (hold UNDO to go back)")
        else:
            self.asking = self.asking.answer(action.kind == "keep")
            if not self.asking.done:
                return
            if correcting is None:
                self._play_entered(Throw(self.asking.roll(), Roll.of(*self.entry.dice)),
                                   typed=True)
            else:
                self._play_corrected(self._recoloured(self.asking), correcting.steps)

    def _play_entered(self, throw: Throw, typed: bool) -> None:
        """The throw whose dice were all entered, stored, then shown; `typed`: all of them by
        hand, in the colours the table gave (a correction of them asks of its triples)."""
        entry, self.entry, self.asking = self.entry, Entry(), None
        try:
            self._apply(throw)
        except ChangedElsewhere:
            raise  # the game as stored now: what was typed may not fit it
        except FarkleError:  # not stored (a full disk, another writer's lock, a refusal):
            self.entry = replace(entry, dice=entry.dice[:-1])  # the last die again retries
            raise
        if typed:
            assert self.game is not None
            self.typed.add(len(self.game.state.throws))

    def _throw_now(self, state: GameState) -> None:
        if self.mode == "virtual":
            self._throw_virtual(state)
        elif self.mode == "manual":
            raise FarkleError(f"type the {dice_count(state.dice_to_throw)} that came up")
        else:
            # typed dice count in camera mode too: the camera may be lost or not found yet
            raise FarkleError(f"throw {dice_count(state.dice_to_throw)} into the tray "
                              "(or enter them by hand)")

    def _throw_virtual(self, state: GameState) -> None:
        assert self.game is not None
        if self.fair is None:
            raise FarkleError("this game has no dice seed: it was not started with virtual dice")
        self._apply(Throw(pis_throw(self.fair, self.game.game), Roll([])))  # (none by hand)

    def _correctable(self, state: GameState) -> bool:
        """A throw shows whose dice may be set right: one to keep from, or a camera's Farkle
        (its dice stay on the screen until the next throw)."""
        farkled = (self.mode == "camera" and not self.entering  # the keypad hides them
                   and farkled_throw(state) is not None)
        return (self.mode != "virtual" and state.last_throw is not None
                and (state.phase == "keep" or farkled))

    def _dice_drawn(self, state: GameState) -> tuple[Die, ...]:
        """The dice of the throw shown, as drawn: the taps' faces while they are held."""
        return in_layout(self.stepping or state.last_throw or Roll([]), self.layout)

    @property
    def _unsure_shown(self) -> tuple[int, ...]:
        """The faces the screen marks to check (none once taps have set the dice)."""
        return () if self.stepping is not None or self.correcting is not None else self.unsure

    def _fix(self, state: GameState, framed: int | None) -> None:
        """A short UNDO: frame the first die of the throw shown (the first the strip says to
        check, if any), then the next; after the last the frame goes (the buttons alone set a
        misread die right: NEXT steps the framed one)."""
        if self.mode == "virtual":
            raise FarkleError("virtual dice are what the seed says: they cannot be corrected")
        if not self._correctable(state):
            raise FarkleError("hold UNDO to undo (pressed briefly it frames a die of a throw "
                              "to set right)")
        shown = self._dice_drawn(state)
        first = next((place for place, die in enumerate(shown)
                      if die.face in self._unsure_shown), 0)
        place = first if framed is None else framed + 1
        self.fixing = (len(state.throws), place) if place < len(shown) else None

    def _correct(self, index: int, state: GameState) -> None:
        """A tap on a die steps its face (1..6, round): the throw was misread."""
        if self.mode == "virtual":
            raise FarkleError("virtual dice are what the seed says: they cannot be corrected")
        if not self._correctable(state):
            return
        drawn = self._dice_drawn(state)
        dice = list(drawn)
        if not 0 <= index < len(dice):
            return  # a tap left over from a screen of more dice
        die = dice[index]
        dice[index] = Die(die.face % 6 + 1, die.colour)
        assert self.game is not None
        trial = self.game.game.copy()
        trial.apply(Correct(Roll(dice)))  # refused: nothing changes
        self.stepping, self.steps = Roll(dice), [*self.steps, (die, dice[index])]
        self.layout = tuple(dice)
        if trial.state.phase != "keep":  # held: stepping a die must not end the turn on the way
            self.prompt = (f"{self.stepping} scores nothing: step on, KEEP for Farkle, "
                           "hold UNDO to go back")
            return
        self._end_stepping(take=True, drawn_before=drawn)

    def _end_stepping(self, take: bool, drawn_before: tuple[Die, ...] = ()) -> None:
        """The taps' throw played (then the dice taken out later are these faces), or dropped.
        Typed dice in a two-colour game: the colours of faces the taps made three, four or six
        alike are asked first (`drawn_before`: the dice as drawn before the last tap, for UNDO)."""
        roll, steps = self.stepping, tuple(self.steps)
        self.stepping, self.steps, self.prompt = None, [], ""
        state = self.state
        if not take or roll is None or state is None:
            return
        if not (state.rules.colour_triples and self._typed(state)):
            self._play_corrected(roll, steps)  # the camera's colours: a tap sets a face right
            return
        assert state.last_throw is not None
        asking = correction_question(state.last_throw, roll.faces)
        if asking.done:
            self._play_corrected(self._recoloured(asking), steps)
        else:
            self.asking, self.correcting = asking, Correcting(roll, steps, drawn_before)

    def _typed(self, state: GameState) -> bool:
        """Whether the throw shown was typed, so its colours are the table's (asked where a
        face came up three times or more, blue elsewhere) and not the dice's: manual dice
        always; camera dice when typed here (the camera missing). A throw stored before this
        table started (a restart mid-turn) is typed if the store says its dice were all entered
        on the keypad (`Throw.entered`); one stored before the store said so counts as typed
        unless its colours are not the two the table gives: a question too many beats a triple
        doubled that nobody said was of one colour."""
        throws = len(state.throws)
        if self.mode == "manual" or throws in self.typed:
            return True
        if throws > self.seen_from or state.last_throw is None:
            return False
        assert self.game is not None
        stored = throw_in_effect(self.game.game.events)
        said = None if stored is None else typed(stored)  # (None: stored before session 55)
        return given_colours(state.last_throw) if said is None else said

    def _recoloured(self, asking: ColourQuestion) -> Roll:
        """The dice of a correction of typed dice, its questions answered."""
        state = self.state
        assert state is not None and state.last_throw is not None
        return corrected(state.last_throw, asking)

    def _play_corrected(self, roll: Roll, steps: Sequence[tuple[Die, Die]]) -> None:
        """The correction stored, the dice staying where they are drawn (in the colours
        given, if these changed) and a die framed for NEXT still framed."""
        fixing, self.asking, self.correcting = self.fixing, None, None
        self.layout = _in_place(self.layout, roll)
        self._apply(Correct(roll))
        self.fixing = fixing
        for was, now in steps:
            self.tray_input.corrected(was, now)

    # -- the tray -------------------------------------------------------------------------------

    def tray(self, event: TrayNews) -> None:
        """A tray event in camera mode: settled throws are played, removed dice kept."""
        self.error = ""
        try:
            self._tray(event)
        except FarkleError as error:
            self.error = str(error)
        except Exception as error:
            log.exception("tray event %s failed", event)
            self.error = f"internal error: {error}"

    def _tray(self, event: TrayNews) -> None:
        before = self.prompt
        self._tray_event(event)
        if self.prompt and self.prompt != before:
            self.say(f"tray: {self.prompt}")

    def _tray_event(self, event: TrayNews) -> None:
        state = self.state
        if state is None or state.over or self.screen == "setup" or self.mode != "camera":
            return
        if self.stepping is not None and event.kind != "prompt":
            self._end_stepping(take=False)  # the dice moved on: the throw stands as it was
        if self.correcting is not None and event.kind != "prompt":
            self.asking = self.correcting = None  # (so its question on their colours goes)
        if event.kind == "settled" and self.unread is not None:  # thrown again instead
            self.unread, self.entry = None, Entry()
        step = self.tray_input.step(state, event)
        if isinstance(step, Throw | Unread):
            self.unsure_share.add(event.dice)
        if isinstance(step, str):
            self.prompt = step
        elif isinstance(step, Unread):  # the dice read are in; the players enter the others
            self.unread, self.entry = step, Entry(dice=step.read, face=1)
            if event.resumed:  # a start's first picture: no prompt of the tray's follows
                self.prompt = PROMPTS["unreadable"]
        elif isinstance(step, Rekeep):
            self._rekeep(step.keep)
            if event.kind == "settled" and step.again:  # the keep shrank back: now the throw
                self._tray_event(event)
        elif step is not None:
            self._apply(step)
            if isinstance(step, Throw):  # played as read; the dice read unsure named to check
                self.prompt = unsure_note(event.dice)
                self.unsure = unsure_faces(event.dice)  # and marked on the screen
        if step is not None and not self.prompt and not self.unread:  # the prompt bar is free
            self.prompt = self.unsure_share.hint()

    def _rekeep(self, keep: Roll) -> None:
        """The last keep made again with other dice of its throw, if the rules take it (both
        commands stored together, or neither)."""
        self._apply(Undo(), Keep(keep))

    # -- games ----------------------------------------------------------------------------------

    def new_game(self) -> None:
        setup = self.setup
        if not setup.players:
            raise FarkleError("add at least one player")
        if setup.preset == self.base_rules.name:
            rules = self.base_rules.with_changes({"target": setup.target})
        else:
            rules = load_rules(setup.preset, {"target": str(setup.target)})
        seeded: list[FairDice] = []

        def seed(db: sqlite3.Connection, game_id: int) -> None:  # stored with the game
            seeded.append(self.fair_dice(game_id))
            record_seed(db, seeded[0])

        virtual = self.mode == "virtual"
        self.game = self.store.new_game(setup.players, rules, also=seed if virtual else None)
        self.fair = seeded[0] if seeded else None
        if self.fair is not None:
            self.say(f"game {self.game.id}: virtual dice, seed commitment {self.fair.commitment}")
        self.say(f"game {self.game.id}: {', '.join(setup.players)} ({rules.name}, "
                 f"target {rules.target})")
        self.typed, self.seen_from = set(), 0
        self._reset()
        self.screen = "throw"

    def _resumed(self) -> None:
        assert self.game is not None
        found = self.seeds.load(self.game.id)
        if found is not None:
            self.fair, self.mode = found[1], "virtual"
        elif self.mode == "virtual":
            self.mode = "manual"  # a game begun without a seed cannot get virtual dice now
        self.screen = "winner" if self.game.state.over else "throw"  # (a roll-off to record)
        self.typed, self.seen_from = set(), len(self.game.state.throws)
        self.tray_input.recall(self.game.game.events)  # the last throw as read, its keeps
        self.say(f"game {self.game.id} resumed")

    def _reset(self) -> None:
        self.selected, self.entry, self.prompt, self.error = 0, Entry(), "", ""
        self.notice = ""
        self.unsure = ()
        self.unread, self.stepping, self.steps = None, None, []
        self.fixing = None  # a command played (here or by the tray) or a game reloaded
        self.asking, self.correcting = None, None
        self.seat_question = None  # (the game moved on under it: asked again if still meant)
        self.banners.clear()

    def _apply(self, *commands: Command) -> list[Event]:
        """Play commands durably (several: all or none), then tell the table what happened."""
        assert self.game is not None
        telling = self.game.game.copy()
        try:
            played = self.game.apply_all(commands)
        except ChangedElsewhere:  # the game as stored now: what was typed or held no longer fits
            self.seen_from = max(self.seen_from, len(self.game.state.throws))  # (thrown there)
            self._reset()
            self.screen = "winner" if self.game.state.over else "throw"
            raise
        if any(isinstance(command, Throw) for command in commands):
            self.typed.discard(len(self.game.state.throws))  # (typed: the caller says so)
        self._reset()
        for events in played:
            before = telling.state
            telling.record(events)
            self._announce(before, telling.state, events)
        return [event for events in played for event in events]

    def _announce(self, before: GameState, after: GameState, events: list[Event]) -> None:
        news = announce(before, after, events)
        for line in news.lines:
            self.say(line)
        for banner in news.banners:
            if not self.banners:
                self.banner_at = self.clock()
            self.banners.append(banner)
        if news.game_over is not None:
            assert self.game is not None
            if self.fair is not None and not before.over:  # (not again after a roll-off)
                check = (f" (check every throw: farkle-pi verify {self.game.id})"
                         if self.store.kept else "")
                self.say(f"dice seed revealed: {self.fair.seed.hex()}{check}")
            self.screen = "winner"

    def _history_view(self) -> TableView:
        records = self.store.records()
        left_out = len(self.store.left_out)  # games the file holds but cannot replay
        note = (f"{left_out} damaged game{'s' if left_out > 1 else ''} left out - see "
                "farkle-pi history" if left_out else "")
        return TableView(screen="history", history=history_rows(records, self.store.moments()),
                         stats=stat_rows(player_stats(records)), dice_mode=self.mode,
                         game_over=self.state is None or self.state.over, prompt=note)


def _seat_command(asked: SeatQuestion) -> LeavePlayer | AddPlayer:
    """What a yes to the scoreboard's question plays: `add` brings a player who left back."""
    return AddPlayer(asked.name) if asked.back else LeavePlayer(asked.name)


def _in_place(layout: tuple[Die, ...], roll: Roll) -> tuple[Die, ...]:
    """`layout` in the colours of `roll` (its faces, in other colours): each die stays where it
    is drawn, so the next tap steps the same one. A die keeps its colour where it can."""
    pool = list(roll.dice)
    placed: list[Die] = []
    for die in layout:
        same = die if die in pool else next((d for d in pool if d.face == die.face), None)
        if same is None:
            return layout  # (not the dice of this roll: drawn sorted)
        pool.remove(same)
        placed.append(same)
    return tuple(placed)
