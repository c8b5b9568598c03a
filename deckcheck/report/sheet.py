"""One deck's deck-check sheet, an HTML section the page's style (report/html.py) lays out: the
header judges know (Name, Event, Checked by, Total Cards), the cards as the game's hosts print
them (Redemption's boxes and numbered Reserve lines; the other games' types in their rulebook's
order), what deckcheck adds (verdict, format, rules version and date, fingerprint, every error in
full, each warning on a line), and the boxes to sign. The player's name and the fingerprint head
every page a sheet runs to. Every name a user wrote is escaped (`for_html`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from deckcheck import __version__
from deckcheck.escaping import for_html
from deckcheck.fingerprint import fingerprint
from deckcheck.model import CardLine, DeckReport, Finding, OfficialSheet, SheetLayout
from deckcheck.report.text import game_and_format, judged_line
from deckcheck.wording import plural

GENERIC_TITLE = "Deck Check Sheet"


def sheet(report: DeckReport, explain: bool = False, player: str = "", event: str = "") -> str:
    layout = report.sheet or SheetLayout()
    official = layout.official
    printed = fingerprint(report.cards)
    running = " · ".join(
        part for part in (player and f"Player: {player}", report.name or report.path, printed and f"fingerprint {printed}") if part
    )
    parts = [
        '<section class="sheet">',
        # a table's head is printed again at the top of each page the table runs to
        f'<table class="frame"><thead><tr><th class="running">{for_html(running)}</th></tr></thead><tbody><tr><td>',
        _head(report, official.title if official else f"{_game_title(report)}{GENERIC_TITLE}", player, event),
        _official_body(report, official, layout) if official else _grouped_body(report, layout, explain),
        _added(report, printed, explain),
        _closing(report, layout, player),
        "</td></tr></tbody></table></section>",
    ]
    return "\n".join(parts)


def _game_title(report: DeckReport) -> str:
    return f"{report.game.replace('-', ' ').title()} " if report.game else ""


def _head(report: DeckReport, title: str, player: str, event: str) -> str:
    total = report.counts.get("main")
    return (
        f'<div class="head"><h2>{for_html(title)}</h2><table class="who">'
        f'<tr><th>Name</th><td class="fill">{for_html(player)}</td><th>Event</th><td class="fill">{for_html(event)}</td></tr>'
        f'<tr><th>Checked by</th><td class="fill"></td><th>Total Cards</th><td class="fill">{"" if total is None else total}</td></tr>'
        "</table></div>"
    )


def _copies(line: CardLine, singly: bool) -> list[int]:
    return [1] * line.count if singly else [line.count]


def _official_body(report: DeckReport, official: OfficialSheet, layout: SheetLayout) -> str:
    """The main deck in the paper's boxes, column by column; the Reserve on numbered lines at the
    foot of the last column (more lines than the paper's where the Reserve holds more)."""
    boxes: dict[str, list[CardLine]] = defaultdict(list)
    for line in report.cards:
        if line.zone == "main":  # a leader named on its own line (a Paragon) is in the totals below
            boxes[official.box_of(line.types)].append(line)
    columns = []
    for index, column in enumerate(official.columns):
        parts = [_box(box.label, boxes.get(box.label, []), layout) for box in column]
        if index == len(official.columns) - 1:
            parts.append(_numbered(report, official, layout))
        columns.append(f'<div class="column">{"".join(parts)}</div>')
    return f'<div class="columns">{"".join(columns)}</div>'


def _box(label: str, lines: list[CardLine], layout: SheetLayout) -> str:
    rows = []
    for line in sorted(lines, key=lambda m: m.name.casefold()):
        singly = any(kind in layout.singly for kind in line.types)
        for count in _copies(line, singly):
            rows.append(_card_row(count, line))
    total = sum(line.count for line in lines)
    return f'<div class="box"><h4>{for_html(label)}: ({total})</h4><table class="cards">{"".join(rows)}</table></div>'


def _card_row(count: int, line: CardLine, notes: str = "") -> str:
    at = f"line {line.line}" if line.line else ""
    return f'<tr><td class="count">{count}</td><td class="name">{for_html(line.name)}</td><td class="where">{at}</td>{notes}</tr>'


def _numbered(report: DeckReport, official: OfficialSheet, layout: SheetLayout) -> str:
    copies = [line.name for line in sorted(_in(report, official.numbered_zone), key=lambda m: m.name.casefold()) for _ in range(line.count)]
    label = dict(layout.zone_labels).get(official.numbered_zone, official.numbered_zone)
    rows = [
        f'<tr><td class="n">{number}.</td><td class="name">{for_html(copies[number - 1]) if number <= len(copies) else ""}</td></tr>'
        for number in range(1, max(official.numbered_lines, len(copies)) + 1)
    ]
    return (
        f'<div class="box reserve"><h4>{for_html(label)}: ({len(copies)}) cards</h4><table class="numbered">{"".join(rows)}</table></div>'
    )


def _in(report: DeckReport, zone: str) -> Iterable[CardLine]:
    return (line for line in report.cards if line.zone == zone)


def _grouped_body(report: DeckReport, layout: SheetLayout, explain: bool) -> str:
    """A game without an official sheet: each zone, its cards grouped by the game's types in its
    rulebook's order, each finding beside the line it is about."""
    by_line: dict[int, list[Finding]] = defaultdict(list)
    for finding in report.findings:
        by_line[finding.position.line].append(finding)
    labels = dict(layout.zone_labels)
    order = layout.type_order
    parts = []
    for zone in dict.fromkeys([zone for zone, _ in layout.zone_labels] + [c.zone for c in report.cards]):
        lines = list(_in(report, zone))
        if not lines:
            continue
        parts.append(f'<h3>{for_html(labels.get(zone, zone))} ({sum(line.count for line in lines)})</h3><div class="zone">')
        groups: dict[str, list[CardLine]] = defaultdict(list)
        for line in lines:
            groups[next((kind for kind in order if kind in line.types), line.types[0] if line.types else "unknown card")].append(line)
        for kind in sorted(groups, key=lambda k: order.index(k) if k in order else len(order)):
            members = sorted(groups[kind], key=lambda m: m.name.casefold())
            parts.append(f'<div class="group"><h4>{for_html(_group_label(kind, sum(m.count for m in members)))}</h4><table class="cards">')
            for member in members:
                for count in _copies(member, kind in layout.singly):
                    notes = _findings(by_line.get(member.line, []), explain, report) if member.line else ""
                    parts.append(_card_row(count, member, f"<td>{notes}</td>"))
            parts.append("</table></div>")
        parts.append("</div>")
    return "\n".join(parts)


def _group_label(kind: str, count: int) -> str:
    words = kind.replace("_", " ")
    return f"{words[:1].upper()}{words[1:]} ({count})"


def _findings(findings: list[Finding], explain: bool, report: DeckReport, with_line: bool = False) -> str:
    items = []
    for finding in findings:
        css = "finding warning" if finding.severity.value == "warning" else "finding"
        text = f"{finding.rule}: {finding.message}"
        if with_line:
            text = f"line {finding.position.line}: {text}"
        rule = report.rule(finding.rule) if explain else None
        if rule is not None:
            text += f" ({rule.source})"
        items.append(f'<div class="{css}">{for_html(text)}</div>')
    return "".join(items)


def _verdict(report: DeckReport) -> str:
    css, word = {"legal": ("legal", "legal"), "illegal": ("illegal", "ILLEGAL")}.get(report.verdict, ("left-out", report.verdict))
    return f'<span class="{css}">{word}</span>'


def _added(report: DeckReport, printed: str | None, explain: bool) -> str:
    """What deckcheck adds below the paper's boxes: the verdict and how it was reached, and the
    findings (errors in full, each warning on one line: a harmless warning takes no more room)."""
    checked = game_and_format(report) + (f", rules in force on {report.as_of.isoformat()}" if report.as_of else "")
    facts = [
        f"{_verdict(report)} ({plural(report.errors, 'error')}, {plural(report.warnings, 'warning')})",
        f"checked as {for_html(checked)}",
        f"fingerprint <strong>{for_html(printed)}</strong>" if printed else "",
        f"“{for_html(report.name)}”" if report.name else "",
        f'file <span class="file">{for_html(report.path)}</span>',
    ]
    parts = [f'<div class="added"><p>{" · ".join(fact for fact in facts if fact)}</p>']
    if report.judged_by:
        parts.append(f'<p class="judged">judged by {for_html(judged_line(report.judged_by))}, deckcheck {for_html(__version__)}</p>')
    parts += [f"<p>note: {for_html(note)}</p>" for note in report.notes]
    official = report.sheet is not None and report.sheet.official is not None
    shown = {line.line for line in report.cards} if not official else set()
    # beside their lines in the grouped sheet; all here under the official one, whose boxes are the paper's
    rest = [f for f in report.findings if f.position.line not in shown]
    errors = [f for f in rest if f.severity.value != "warning"]
    warnings = [f for f in rest if f.severity.value == "warning"]
    parts.append(_findings(errors, explain, report, with_line=True))
    parts += [f'<div class="finding warning one-line">{for_html(f"line {f.position.line}: {f.rule}: {f.message}")}</div>' for f in warnings]
    parts.append("</div>")
    return "".join(parts)


def _closing(report: DeckReport, layout: SheetLayout, player: str) -> str:
    """The totals and the boxes to sign, kept together on one page with the player's and the
    deck's names, so that a sheet that runs over never leaves them on a page naming no one."""
    parts = ['<div class="closing">']
    if layout.totals:
        rows = "".join(f"<tr><th>{for_html(what)}</th><td>{for_html(figure)}</td></tr>" for what, figure in layout.totals)
        parts.append(f'<table class="totals">{rows}</table>')
    parts.append(
        '<table class="boxes">'
        f"<tr><th>Player</th><td>{for_html(player)}</td><th>Deck</th><td>{for_html(report.name or report.path)}</td></tr>"
        "<tr><th>Player signature</th><td></td><th>Judge initials</th><td></td></tr></table></div>"
    )
    return "".join(parts)
