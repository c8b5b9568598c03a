"""The terminal report: per deck a verdict line and a table of findings, then a summary. With
--explain, each finding is a block with its rule's text and rulebook source. On a terminal the
severities and verdicts are in colour and the tables wrap to its width; every name a user wrote
is escaped here, before any colour is added."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from deckcheck.escaping import commands_defused, for_terminal
from deckcheck.model import DeckReport, Finding
from deckcheck.report import PLAIN, Terminal
from deckcheck.report.style import paint
from deckcheck.rules.common import SKIPPED_LINE
from deckcheck.wording import plural

if TYPE_CHECKING:
    from deckcheck.loading.events import Event

_COLUMNS = ("rule", "severity", "message", "card", "line")
_MESSAGE, _CARD = 60, 24  # the widths of the wrapped columns in a file or a pipe
_NARROWEST_MESSAGE = 16
MOST_SHOWN = 100  # findings of one rule a deck's table shows


def game_and_format(report: DeckReport) -> str:
    """`redemption/type1, rules 2.0`: what the deck was checked as."""
    if not report.checked:
        return "not a deck"
    about = "/".join(x for x in (report.game, report.format) if x) or "unknown game"
    return about + (f", rules {report.rules_version}" if report.rules_version else "")


def deck_heading(report: DeckReport, terminal: Terminal = PLAIN) -> str:
    """The deck's line: path, game and format, name, verdict and tally; the user's words escaped."""
    name = f" \u2014 {report.name}" if report.name else ""
    if report.player:  # a registration (`check --current`): whose deck it is first
        name = f" \u2014 {report.player}" + (f", {report.name}" if report.name else "")
    verdict = paint(report.verdict.upper() if report.verdict == "illegal" else report.verdict, terminal)
    tally = f"{plural(report.errors, 'error')}, {plural(report.warnings, 'warning')}" + not_read(report)
    return f"{for_terminal(f'{report.path} ({game_and_format(report)}){name}')}: {verdict} ({tally})"


def judged_line(judged_by: Mapping[str, str]) -> str:
    """`rules 2.0 in force on 2026-11-25, Official Redemption Dictionary 7.0.0, card list bundled,
    106 cards (sha256 110fdbf21b8c)`: what a verdict was reached by, for a reader to quote."""
    parts = []
    if judged_by.get("rules") or judged_by.get("date"):
        rules = f"rules {judged_by['rules']}" if judged_by.get("rules") else "the rules"
        parts.append(rules + (f" in force on {judged_by['date']}" if judged_by.get("date") else ""))
    if judged_by.get("dictionary"):
        parts.append(judged_by["dictionary"])
    if judged_by.get("card_list"):
        digest = judged_by.get("card_list_sha256", "")[:12]
        parts.append(f"card list {judged_by['card_list']}" + (f" (sha256 {digest})" if digest else ""))
    return ", ".join(parts)


def not_read(report: DeckReport) -> str:
    """`; 2 lines not read` for a deck some of whose lines were skipped: its verdict is the rest's."""
    skipped = sum(f.rule == SKIPPED_LINE.id for f in report.findings)
    return f"; {plural(skipped, 'line')} not read, the verdict is the rest's" if skipped else ""


def summary_line(reports: Sequence[DeckReport]) -> str:
    checked = [r for r in reports if r.checked]
    legal = sum(r.legal for r in checked)
    errors = sum(r.errors for r in reports)
    warnings = sum(r.warnings for r in reports)
    left_out = len(reports) - len(checked)
    return (
        f"{plural(len(checked), 'deck')} checked: {legal} legal, {len(checked) - legal} illegal; "
        f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"
        + (f"; {plural(left_out, 'file')} left out as not decks" if left_out else "")
    )


def format_rows(report: DeckReport) -> list[tuple[str, str, str, str]]:
    """--all-formats: (format, rules version, verdict, first errors) per format."""
    return [
        (each.format, each.version or "", "legal" if each.legal else "ILLEGAL", "; ".join(f"{f.rule}: {f.message}" for f in each.errors))
        for each in report.formats or ()
    ]


def event_line(event: Event) -> str:
    effective = f", effective {event.effective}" if event.effective else ""
    return f"event: {event.name} ({event.path}{effective}, sha256 {event.digest})"


def _widths(findings: Sequence[Finding], terminal: Terminal) -> tuple[int, int]:
    """(message, card) column widths: fixed in a file or a pipe, else what the terminal leaves."""
    if terminal.width is None:
        return _MESSAGE, _CARD
    # tabulate makes a column at least its header and two spaces wide, and puts two spaces between
    # columns; one column more is kept free so that no line reaches the terminal's last column
    rule = max(max(len(f.rule) for f in findings), len("rule") + 2)
    left = terminal.width - rule - (len("severity") + 2) - (len("line") + 2) - 2 * 4 - 1
    card = max(8, min(_CARD, left // 3))
    return max(_NARROWEST_MESSAGE, left - card), card


def _table(findings: Sequence[Finding], terminal: Terminal) -> str:
    # cells are escaped before the table is laid out, so that the columns line up with what shows
    # (tabulate measures a cell without its colour codes)
    rows = [
        (
            f.rule,
            paint(f.severity.value, terminal),
            for_terminal(f.message),
            for_terminal(", ".join(f.cards)),
            f"{f.position.line}:{f.position.column}",
        )
        for f in findings
    ]
    message, card = _widths(findings, terminal)
    # every cell is text (a card named `1984` too): tabulate is not to look for numbers, which set
    # such a column to the right and cost a sixth of the time of a table of thousands of findings
    from deckcheck.tables import tabulated  # (a legal deck's report has no table: tabulate and html are 7 ms to import)

    return tabulated(rows, headers=_COLUMNS, tablefmt="simple", maxcolwidths=[None, None, message, card, None], disable_numparse=True)


def _most_of_each_rule(findings: Sequence[Finding]) -> tuple[list[Finding], dict[str, int]]:
    """The first MOST_SHOWN findings of each rule, and how many more each has: a deck of thousands of
    lines naming no card is told in a glance (and in time), its verdict and tally unchanged."""
    shown: list[Finding] = []
    seen: Counter[str] = Counter()
    for finding in findings:
        seen[finding.rule] += 1
        if seen[finding.rule] <= MOST_SHOWN:
            shown.append(finding)
    return shown, {rule: count - MOST_SHOWN for rule, count in seen.items() if count > MOST_SHOWN}


def _explained(report: DeckReport, findings: Sequence[Finding], terminal: Terminal) -> str:
    blocks = []
    for f in findings:
        card = f" [{', '.join(f.cards)}]" if f.cards else ""
        severity = paint(f.severity.value, terminal)
        lines = [f"  {f.position.line}:{f.position.column} {severity} {f.rule}: " + for_terminal(f"{f.message}{card}")]
        rule = report.rule(f.rule)
        if rule is not None:
            lines.append(for_terminal(f"      rule:   {rule.summary}"))
            lines.append(for_terminal(f"      source: {rule.source}"))
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False, terminal: Terminal = PLAIN) -> str:
    parts = [for_terminal(event_line(e)) for e in events]
    if events:
        parts.append("")
    for report in reports:
        parts.append(deck_heading(report, terminal))
        parts += [paint("note", terminal) + for_terminal(f": {note}") for note in report.notes]
        if report.findings:
            shown, held_back = _most_of_each_rule(report.findings)
            parts.append(_explained(report, shown, terminal) if explain else _table(shown, terminal))
            parts += [
                f"... and {plural(count, f'more {rule} finding')} (--output-format json lists every one)"
                for rule, count in held_back.items()
            ]
        if report.formats is not None:
            from deckcheck.tables import tabulated

            rows = [
                (for_terminal(name), for_terminal(version), paint(verdict, terminal), for_terminal(errors))
                for name, version, verdict, errors in format_rows(report)
            ]
            parts.append(
                tabulated(
                    rows,
                    headers=("format", "rules", "verdict", "first errors"),
                    tablefmt="simple",
                    maxcolwidths=[None, None, None, 80],
                    disable_numparse=True,
                )
            )
        if report.compared is not None:
            parts += [for_terminal(line) for line in change_lines(report)]
        parts.append("")
    parts.append(summary_line(reports))
    compared = [r for r in reports if r.compared is not None]
    if compared:
        parts.append(for_terminal(change_summary(compared)))
    return commands_defused("\n".join(parts)) + "\n"


def change_lines(report: DeckReport) -> list[str]:
    """--compare-as-of: the deck then and now, and each finding that appears (+) or disappears (-)."""
    change = report.compared
    if change is None:
        return []
    rules = f", rules {change.rules_version}" if change.rules_version else ""
    then = "legal" if change.legal else "ILLEGAL"
    now = "legal" if report.legal else "ILLEGAL"
    head = f"since the rules in force on {change.as_of.isoformat()}{rules}: {then} then, {now} now"
    if not change.flips:
        return [head + "; no finding appears or disappears"]
    head += f"; {plural(len(change.appeared), 'finding')} appeared, {plural(len(change.disappeared), 'finding')} gone"
    marked = [("+", f) for f in change.appeared] + [("-", f) for f in change.disappeared]
    return [head] + [f"  {mark} {f.position.line}:{f.position.column} {f.severity.value} {f.rule}: {f.message}" for mark, f in marked]


def change_summary(reports: Sequence[DeckReport]) -> str:
    """The decks a rules change flips, and those whose findings it changes."""
    first = reports[0].compared
    assert first is not None
    flipped = sum(r.compared is not None and r.compared.legal != r.legal for r in reports)
    changed = sum(r.compared is not None and r.compared.flips for r in reports)
    return (
        f"against the rules in force on {first.as_of.isoformat()}: {plural(flipped, 'deck')} changed verdict, "
        f"{plural(changed, 'deck')} changed findings"
    )
