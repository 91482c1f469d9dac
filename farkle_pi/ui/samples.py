"""Sample views of every screen, for screenshots, the README and the pixel tests."""

from __future__ import annotations

from dataclasses import replace

from farkle_pi.ui.view import (
    Banner,
    DieView,
    HistoryRow,
    OptionView,
    PlayerRow,
    SeatQuestion,
    SetupView,
    StatRow,
    TableView,
)

PLAYERS = (
    PlayerRow("Ann", 4350, on_board=True, leader=True),
    PlayerRow("Bob", 2900, on_board=True, current=True),
    PlayerRow("Cy", 0, on_board=False),
    PlayerRow("Dee", 3100, on_board=True),
)

THROW = TableView(
    screen="throw",
    players=PLAYERS,
    turn_points=300,
    dice=(
        DieView(1, "white", marked=True),
        DieView(5, "white"),
        DieView(5, "red"),
        DieView(2, "white"),
        DieView(3, "red"),
        DieView(6, "white"),
    ),
    dice_to_throw=5,
    options=(  # the coach's own ranking and figures (tests/test_ui_samples.py checks them)
        OptionView((1,), 100, "single 1", best=True, expected=641.5, then="roll"),
        OptionView((5,), 50, "single 5", expected=599.5, then="roll"),
        OptionView((1, 5), 150, "single 1 + single 5", expected=542.3, then="roll"),
        OptionView((5, 5), 100, "single 5 + single 5", expected=500.3, then="roll"),
        OptionView((1, 5, 5), 200, "single 1 + single 5 + single 5", expected=500.0,
                   then="bank"),
    ),
    selected=0,
    farkle_odds=0.0772,
    next_dice=5,
    can_bank=True,
    prompt="",
)

ENTRY = replace(  # the same turn, the 1 kept: the next throw being entered by hand
    THROW, turn_points=400, dice=(), options=(), keypad=True, typed="25", face=5,
    advice="roll", next_dice=5,
)

RESULTS = TableView(  # Bob has banked: his new total, and Cy's turn next
    screen="results",
    players=(
        PlayerRow("Ann", 4350, on_board=True, leader=True),
        PlayerRow("Bob", 3350, on_board=True),
        PlayerRow("Cy", 0, on_board=False, current=True),
        PlayerRow("Dee", 3100, on_board=True),
    ),
    banner=Banner("bank", "BANK +450", "Bob now has 3,350"),
)

SCOREBOARD = TableView(
    screen="scoreboard",
    players=(
        PlayerRow("Ann", 10350, leader=True),
        PlayerRow("Bob", 8900, current=True, last_turn=True),
        PlayerRow("Cy", 0, on_board=False, last_turn=True),
        PlayerRow("Dee", 9100, last_turn=True),
    ),
    final_round=True,
)

WINNER = TableView(
    screen="winner",
    players=(
        PlayerRow("Ann", 10350, leader=True),
        PlayerRow("Bob", 8900),
        PlayerRow("Cy", 1250),
        PlayerRow("Dee", 9100),
    ),
    winners=("Ann",),
)

HISTORY = TableView(
    screen="history",
    game_over=True,
    history=(
        HistoryRow("21:40", "Ann, Bob, Cy, Dee", "Ann", 10350),
        HistoryRow("20:55", "Ann, Bob, Dee", "Dee", 10050),
        HistoryRow("20:10", "Ann, Bob", "Bob", 10400),
    ),
    stats=(
        StatRow("Ann", 3, 1, 512.5, 0.21, 2450),
        StatRow("Bob", 3, 1, 488.0, 0.25, 3100),
        StatRow("Dee", 2, 1, 530.4, 0.19, 1950),
        StatRow("Cy", 1, 0, 301.7, 0.33, 900),
    ),
)

SETUP = TableView(
    screen="setup",
    setup=SetupView(
        players=("Ann", "Bob", "Cy"),
        known_names=("Ann", "Bob", "Cy", "Dee", "Eve"),
        preset="standard",
        target=10_000,
        dice_mode="virtual",
        focus=0,
    ),
)

SAMPLES: dict[str, TableView] = {
    "setup": SETUP,
    "throw": THROW,
    "results": RESULTS,
    "scoreboard": SCOREBOARD,
    "winner": WINNER,
    "history": HISTORY,
}

FIX = replace(  # the same throw, the white 2 framed by a short UNDO: NEXT steps its face
    THROW, dice=tuple(replace(die, framed=place == 3) for place, die in enumerate(THROW.dice)),
)

COLOURS = replace(  # portland, five dice entered by hand: three 2s, of one colour or not?
    ENTRY, rules_name="portland", typed="22256", face=None, advice="",
    question="three 2s: all one colour?",
)

RECOLOURS = replace(  # portland, 2 2 4 4 5 6 typed, the 5 tapped on to a 4: three 4s now
    COLOURS, typed="", face=None, dice_mode="manual",
    dice=tuple(DieView(face) for face in (2, 2, 4, 4, 4, 6)),  # as tapped, in no colour
    dice_to_throw=6, question="three 4s: all one colour?",
)

LEAVE = replace(  # Dee's row tapped on the scoreboard: does she go home?
    SCOREBOARD, seat_question=SeatQuestion("Dee"),
)

# eight players with long names (the most a game takes): the throw screen shows the rows that
# read and counts the rest; a held NEXT shows them all, where NEXT frames a row for KEEP
CROWD_PLAYERS = (
    PlayerRow("Maximilian Weber", 4350, leader=True),
    PlayerRow("Bartholomew Ross", 2900, current=True),
    PlayerRow("Cyrillus Abraham", 0, on_board=False),
    PlayerRow("Dorothea Lindqvist", 3100),
    PlayerRow("Evangeline Moss", 1250),
    PlayerRow("Florentina Diaz", 850),
    PlayerRow("Gwendolyn Haas", 2400),
    PlayerRow("Hieronymus Bosch", 600, left=True),
)
CROWD = replace(THROW, players=CROWD_PLAYERS)

PICK = TableView(  # the whole scoreboard during a game, NEXT on Dorothea's row: KEEP asks
    screen="scoreboard", players=CROWD_PLAYERS, seat_framed="Dorothea Lindqvist",
)

# Other states of a screen, drawn by `farkle-pi screenshot --screen NAME` as well.
VARIANTS: dict[str, TableView] = {"entry": ENTRY, "fix": FIX, "colours": COLOURS,
                                  "recolours": RECOLOURS, "leave": LEAVE, "crowd": CROWD,
                                  "pick": PICK}
