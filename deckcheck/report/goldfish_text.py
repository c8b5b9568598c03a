"""The goldfish report for people: what was played, a table per tracked query (simulated,
interval, exact), the opening hand, and the race with a histogram of the win turn in bars."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckcheck.tables import tabulated

BAR = 40


def _digits(low: float, high: float) -> int:
    """4 decimals, or as many more as an interval needs to be printed as one (never a point)."""
    digits = 4
    while digits < 12 and low < high and f"{low:.{digits}f}" == f"{high:.{digits}f}":
        digits += 1
    return digits


def _interval(row: Mapping[str, Any]) -> str:
    low, high = row["ci95"]
    digits = _digits(low, high)
    return f"[{low:.{digits}f}, {high:.{digits}f}]"  # a separator that reads with negative numbers


def _number(value: float | None) -> str:
    """4 decimals; a value too small for them in two significant figures (7.8e-06, not 0.0000)."""
    if value is None:
        return "-"
    return f"{value:.2g}" if 0 < value < 0.00005 else f"{value:.4f}"


def _turn(turn: int) -> str:
    return "0 (hand)" if turn == 0 else str(turn)  # turn 0 is the opening hand, before turn 1's draws


def _percent(share: float) -> str:
    """A share to one decimal, never rounded to a certainty it is not: 99.96% of the games won is
    "> 99.9%", not "100.0%" beside games not won; 0.04% is "< 0.1%", not "0.0%" (issue 52)."""
    shown = f"{100 * share:.1f}"
    if shown == "100.0" and share < 1:
        return "> 99.9%"
    if shown == "0.0" and share > 0:
        return "< 0.1%"
    return f"{shown}%"


def _histogram(histogram: dict[str, int], not_won: int | None = None) -> str:
    items = list(histogram.items()) + ([("not won", not_won)] if not_won else [])
    if not items:
        return ""
    biggest = max(count for _, count in items) or 1
    width = max(len(label) for label, _ in items)
    return "\n".join(
        f"  {label:>{width}} | {'#' * max(1, round(BAR * count / biggest)) if count else ''} {count}" for label, count in items
    )


def _deck_parts(data: dict, header: str, turns: int) -> list[str]:
    parts = [header]
    for tracked in data["tracked"]:
        rows = [(_turn(r["turn"]), _number(r["p"]), _interval(r), _number(r["exact"])) for r in tracked["by_turn"]]
        parts += [
            f"\nTracked: {tracked['query']} "
            + (
                "(held through each turn: by turn t, t of these cards)"
                if tracked.get("curve")
                else "(drawn by the end of each turn's draws)"
            ),
            tabulated(rows, headers=("turn", "simulated", "95% interval", "exact"), tablefmt="simple", disable_numparse=True),
        ]
    for figure in data.get("figures", []):
        figure_rows = [(_turn(r["turn"]), _number(r["p"]), _interval(r)) for r in figure["by_turn"]]
        parts += [
            f"\nBy each turn: {figure['figure']}",
            tabulated(figure_rows, headers=("turn", "simulated", "95% interval"), tablefmt="simple", disable_numparse=True),
        ]
    if "keep" in data:
        keep = data["keep"]
        parts.append(
            f"\nKeep rule {keep['rule']}: {_percent(keep['kept'])} of opening hands kept {_interval(keep)} "
            f"(exact {keep['exact']:.4f}); for the others {keep['thrown_back']}"
        )
    if "opening_hand" in data:
        parts += [f"\nOpening hand: {data['opening_hand']['count']}", _histogram(data["opening_hand"]["histogram"])]
    if "race" in data:
        win = data["race"]["win_turn"]
        if win["mean"] is None:
            why = f": {data['race']['cannot_win']}" if data["race"].get("cannot_win") else ""
            parts.append(f"\nRace ({data['race']['goal']}): never won within the turns played{why}")
        else:

            def by(share: str, turn: int | None) -> str:
                return f"{share} by turn {turn}" if turn is not None else f"{share}: not reached"

            reached = ", ".join(by(share, win[key]) for share, key in (("10%", "p10"), ("half", "median"), ("90%", "p90")))
            parts.append(
                f"\nRace ({data['race']['goal']}): {_percent(win['won'])} of the games won within {turns} turns "
                f"({reached}); the games won took {win['mean']} turns on average"
            )
        decked = data["race"].get("lost_by_decking")
        if decked:
            low, high = decked["ci95"]
            parts.append(
                f"Lost by running out of cards on turn {decked['turn']}: {_percent(decked['p'])} of the games [{low:.4f}, {high:.4f}]"
            )
        parts.append(_histogram(win["histogram"], win["not_won"]))
    return parts


def _sweep_parts(sweep: dict, turns: int) -> list[str]:
    """--sweep: per tracked query and per figure of the model a row per count, its chance by each
    turn; then the race by count."""
    rows = sweep["rows"]
    counts = [row["count"] for row in rows]
    parts = [f"\nSweep of {sweep['query']}: {counts[0]} to {counts[-1]} copies, every count on the same shuffles ({sweep['fill']})"]
    changed = [[row["count"], _changes(row["changes"], +1), _changes(row["changes"], -1)] for row in rows]
    parts += [
        "\nCards at each count, against the deck as given",
        tabulated(changed, headers=("count", "put in", "taken out"), tablefmt="simple", disable_numparse=True, maxcolwidths=[None, 45, 45]),
    ]
    for index, tracked in enumerate(rows[0]["tracked"]):
        columns = ["count"] + [_turn(r["turn"]) for r in tracked["by_turn"]]
        table = [[row["count"]] + [_number(r["p"]) for r in row["tracked"][index]["by_turn"]] for row in rows]
        how = "held through turn" if tracked.get("curve") else "by turn"
        differences = [[row["count"]] + [_difference(r) for r in row["difference"]["tracked"][index]["by_turn"]] for row in rows]
        parts += [
            f"\n{tracked['query']}: chance {how} (columns)",
            tabulated(table, headers=columns, tablefmt="simple", disable_numparse=True),
            "\nagainst the deck as given, game by game (95% interval)",
            tabulated(differences, headers=columns, tablefmt="simple", disable_numparse=True),
        ]
    for index, figure in enumerate(rows[0].get("figures", [])):  # the model's own figures (`an efreet deployed`)
        columns = ["count"] + [_turn(r["turn"]) for r in figure["by_turn"]]
        table = [[row["count"]] + [_number(r["p"]) for r in row["figures"][index]["by_turn"]] for row in rows]
        parts += [
            f"\n{figure['figure']}: chance by turn (columns)",
            tabulated(table, headers=columns, tablefmt="simple", disable_numparse=True),
        ]
    if "race" in rows[0]:
        table = []
        for row in rows:
            win = row["race"]["win_turn"]
            table.append(
                [row["count"], _percent(win["won"])]
                + ["-" if win[key] is None else win[key] for key in ("p10", "median", "p90")]
                + ["-" if win["mean"] is None else win["mean"]]
            )
        parts += [
            f"\nRace ({rows[0]['race']['goal']}) by count, over every game (- : not reached within {turns} turns)",
            tabulated(
                table,
                headers=("count", f"won by {turns}", "10% by", "half by", "90% by", "mean of the won"),
                tablefmt="simple",
                disable_numparse=True,
            ),
        ]
    return parts


def _signed(row: Mapping[str, Any]) -> str:
    """A row's difference with as many decimals as its interval."""
    return f"{row['difference']:+.{_digits(*row['ci95'])}f}"


def _difference(row: dict) -> str:
    low, high = row["ci95"]
    digits = _digits(low, high)
    return f"{row['difference']:+.{digits}f} [{low:+.{digits}f}, {high:+.{digits}f}]"


def _changes(changes: list[dict], sign: int) -> str:
    return ", ".join(f"{abs(c['copies'])} {c['card']}" for c in changes if c["copies"] * sign > 0) or "-"


def render(data: dict) -> str:
    play = "on the play" if data["on_play"] else "on the draw"
    settings = ", ".join(f"{k}={v}" for k, v in data["settings"].items())
    header = (
        f"{data['deck']} ({data['game']}): {data['games']:,} games, seed {data['seed']}, {data['turns']} turns, "
        f"{play}, mulligan {data['mulligan']}\nsettings: {settings}"
    )
    if "sweep" in data:
        parts = [header] + _sweep_parts(data["sweep"], data["turns"])
    else:
        parts = _deck_parts(data, header, data["turns"])
    if "vs" in data:
        other = data["vs"]
        parts += ["", "=" * 72] + _deck_parts(other, f"vs {other['deck']} (the same shuffles)", data["turns"])
        difference = other["difference"]
        for tracked in difference["tracked"]:
            rows = [(_turn(r["turn"]), _signed(r), _interval(r)) for r in tracked["by_turn"]]
            parts += [
                f"\nDifference ({data['deck']} minus {other['deck']}): {tracked['query']}",
                tabulated(rows, headers=("turn", "difference", "95% interval"), tablefmt="simple", disable_numparse=True),
            ]
        if "won_by_turn" in difference:
            rows = [(r["turn"], _signed(r), _interval(r)) for r in difference["won_by_turn"]]
            parts += [
                f"\nDifference in the chance to have won by each turn ({data['deck']} minus {other['deck']})",
                tabulated(rows, headers=("turn", "difference", "95% interval"), tablefmt="simple", disable_numparse=True),
            ]
            mean = difference["restricted_mean_win_turn"]
            parts.append(
                f"\nWin turn difference over every game: {_signed(mean)} (95% interval {_interval(mean)}), "
                f"a game not won counted as won on turn {mean['cap']} (not won: {mean['not_won'][0]:,} and {mean['not_won'][1]:,})"
            )
    parts += [f"\nNote: {note}" for note in data.get("notes", ())]
    parts += ["\nThe model's simplifications:"] + [f"  - {s}" for s in data["simplifications"]]
    return "\n".join(parts) + "\n"
