"""One deck's deck-check sheet, an HTML section the page's style (report/html.py) lays out: the
header judges know (Name, Event, Checked by, Total Cards), the cards as the game's hosts print
them (Redemption's boxes and numbered Reserve lines; the other games' types in their rulebook's
order), what deckcheck adds (verdict, format, rules version and date, fingerprint, every error in
full, each warning on a line), and the boxes to sign. The player's name and the fingerprint head
every page a sheet runs to. Every name a user wrote is escaped (`for_html`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace

from deckcheck import __version__
from deckcheck.escaping import for_html
from deckcheck.fingerprint import fingerprint
from deckcheck.model import CardLine, DeckReport, Finding, OfficialSheet, SheetLayout
from deckcheck.records import record
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
    flowing, size = _print_fit(report, official) if official else (False, None)
    style = f' style="--print-size: {size:g}pt"' if size else ""
    parts = [
        f'<section class="sheet{" flowing" if flowing else ""}"{style}>',
        # a table's head is printed again at the top of each page the table runs to
        f'<table class="frame"><thead><tr><th class="running">{for_html(running)}</th></tr></thead><tbody><tr><td>',
        _head(report, official.title if official else f"{_game_title(report)}{GENERIC_TITLE}", player, event),
        _official_body(report, official, layout, flowing, size or PRINT_SIZE) if official else _grouped_body(report, layout, explain),
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


# A printed sheet is one page, as the paper one is: its type is made smaller where its lines would
# run past a page of Letter or A4 (10 mm margins), as many as PAGE_LINES of the PRINT_SIZE type hold.
# A line is counted by the characters a column or the page's width takes at that size (the
# sheet's shape, not the browser's measure: the same sheet gets the same type everywhere).
PRINT_SIZE = 8.5  # points: the type of a sheet that fits as it is
SMALLEST_PRINT_SIZE = 5.0
# lines of PRINT_SIZE type a page holds beside the head, the totals and the boxes to sign: measured
# in Chromium on Letter, the 2024 championship's 50th-place deck (51 lines so counted) ran 3% past
# its page and the next longest (46) fitted
PAGE_LINES = 46
COLUMN_CHARACTERS = 26  # of a card's name in a third of the page, at PRINT_SIZE
PAGE_CHARACTERS = 110  # of a finding across the page, at PRINT_SIZE


@record
class Box:
    """A box of the sheet as printed: its title, its rows as HTML each with the characters of its
    name (0: a line whatever the size), and whether it is the side deck's numbered lines."""

    title: str
    rows: tuple[tuple[str, int], ...]
    numbered: bool = False

    @property
    def lines(self) -> int:
        return self.lines_at(PRINT_SIZE)

    def lines_at(self, size: float) -> int:
        """The lines it takes in type of `size` points: a long name wraps less in smaller type."""
        return 1 + sum(_row_lines(characters, size) for _, characters in self.rows)

    def html(self) -> str:
        kind, table = (" reserve", "numbered") if self.numbered else ("", "cards")
        rows = "".join(html for html, _ in self.rows)
        return f'<div class="box{kind}"><h4>{for_html(self.title)}</h4><table class="{table}">{rows}</table></div>'


def _row_lines(characters: int, size: float) -> int:
    return max(1, -(-characters // int(COLUMN_CHARACTERS * PRINT_SIZE / size)))


def _print_fit(report: DeckReport, official: OfficialSheet) -> tuple[bool, float | None]:
    """How a sheet fits one page: whether its boxes flow over the three columns rather than stand
    in the paper's (where a column of the paper's would run past the page: thirty Heroes), and the
    type it is printed in (None: PRINT_SIZE)."""
    columns = _columns(report, official, None)

    def fits(size: float, flowing: bool) -> bool:
        heights = [sum(box.lines_at(size) for box in column) for column in columns]
        across = int(PAGE_CHARACTERS * PRINT_SIZE / size)
        said = sum(-(-len(text) // across) for text in (*(f.message for f in report.findings), *report.notes))
        # flowing, a column may end a card or two short of the others: two lines of each spare
        body = -(-sum(heights) // len(heights)) + 2 if flowing else max(heights)
        return (body + said) * size <= PAGE_LINES * PRINT_SIZE

    flowing = not fits(PRINT_SIZE, False)
    size = PRINT_SIZE
    while size > SMALLEST_PRINT_SIZE and not fits(size, flowing):
        size -= 0.25
    return flowing, (None if size == PRINT_SIZE else size)


def _columns(report: DeckReport, official: OfficialSheet, layout: SheetLayout | None) -> list[list[Box]]:
    """The paper's columns of boxes, the side deck's numbered lines last."""
    boxes = _boxes(report, official)
    columns = [[_box(box.label, boxes.get(box.label, []), layout) for box in column] for column in official.columns]
    columns[-1].append(_numbered(report, official, layout))
    return columns


def _official_body(report: DeckReport, official: OfficialSheet, layout: SheetLayout, flowing: bool, size: float) -> str:
    """The main deck in the paper's boxes, column by column; the Reserve on numbered lines at the
    foot of the last column (more lines than the paper's where the Reserve holds more). Flowing,
    the boxes in the paper's order fill columns of even height, a box that runs on continued at
    the top of the next."""
    columns = _columns(report, official, layout)
    if flowing:
        columns = _flowed([box for column in columns for box in column], len(columns), size)
    shown = "".join(f'<div class="column">{"".join(box.html() for box in column)}</div>' for column in columns)
    return f'<div class="columns">{shown}</div>'


def _flowed(boxes: list[Box], count: int, size: float = PRINT_SIZE) -> list[list[Box]]:
    """The boxes in order over `count` columns of even height in type of `size` points."""
    height = -(-sum(box.lines_at(size) for box in boxes) // count)
    columns: list[list[Box]] = [[]]
    used = 0
    for box in boxes:
        while len(columns) < count and used + box.lines_at(size) > height:
            taken = _rows_within(box, height - used - 1, size)
            if taken:  # the box's first rows here, the rest continued at the top of the next column
                columns[-1].append(replace(box, rows=box.rows[:taken]))
                box = replace(box, title=f"{box.title.removesuffix(CONTINUED)}{CONTINUED}", rows=box.rows[taken:])
            columns.append([])
            used = 0
        columns[-1].append(box)
        used += box.lines_at(size)
    return columns + [[] for _ in range(count - len(columns))]


def _rows_within(box: Box, room: int, size: float) -> int:
    """How many of the box's first rows take at most `room` lines (counted once each: a box of
    thousands of rows, a deck of names no card has, is flowed in linear time)."""
    taken = used = 0
    for _, characters in box.rows:
        used += _row_lines(characters, size)
        if used > room:
            break
        taken += 1
    return taken


CONTINUED = ", continued"


def _boxes(report: DeckReport, official: OfficialSheet) -> dict[str, list[CardLine]]:
    boxes: dict[str, list[CardLine]] = defaultdict(list)
    for line in report.cards:
        if line.zone == "main":  # a leader named on its own line (a Paragon) is in the totals below
            boxes[official.box_of(line.types)].append(line)
    return boxes


def _box(label: str, lines: list[CardLine], layout: SheetLayout | None) -> Box:
    rows = []
    for line in sorted(lines, key=lambda m: m.name.casefold()):
        singly = layout is not None and any(kind in layout.singly for kind in line.types)
        rows += [(_card_row(count, line), len(line.name)) for count in _copies(line, singly)]
    return Box(f"{label}: ({sum(line.count for line in lines)})", tuple(rows))


def _card_row(count: int, line: CardLine, notes: str = "") -> str:
    at = f"line {line.line}" if line.line else ""
    return f'<tr><td class="count">{count}</td><td class="name">{for_html(line.name)}</td><td class="where">{at}</td>{notes}</tr>'


def _numbered(report: DeckReport, official: OfficialSheet, layout: SheetLayout | None) -> Box:
    copies = [line.name for line in sorted(_in(report, official.numbered_zone), key=lambda m: m.name.casefold()) for _ in range(line.count)]
    label = dict(layout.zone_labels).get(official.numbered_zone, official.numbered_zone) if layout else official.numbered_zone
    rows = tuple(
        (f'<tr><td class="n">{number}.</td><td class="name">{for_html(copies[number - 1]) if number <= len(copies) else ""}</td></tr>', 0)
        for number in range(1, max(official.numbered_lines, len(copies)) + 1)
    )
    return Box(f"{label}: ({len(copies)}) cards", rows, numbered=True)


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
