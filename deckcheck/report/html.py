"""`--output-format html`: one self-contained page (inline CSS, no script, nothing fetched) for an
organiser's table: a summary of every deck, then a deck-check sheet per deck that prints on pages
of its own: player and deck, the cards grouped by the game's types in its rulebook's order (the
types its official sheets list one card a line, so listed), the totals the rules check, every
finding beside the line it is about, and boxes for the player's signature and the judge's
initials. Every name a user wrote is escaped (`for_html`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from deckcheck import __version__
from deckcheck.escaping import for_html
from deckcheck.model import CardLine, DeckReport, Finding
from deckcheck.report import PLAIN, Terminal
from deckcheck.report.text import event_line, game_and_format
from deckcheck.wording import plural

STYLE = """
body { font: 11pt/1.35 system-ui, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.4em; margin: 0 0 .4em; }
h2 { font-size: 1.2em; margin: 0 0 .3em; }
h3 { font-size: 1em; margin: .9em 0 .2em; border-bottom: 1px solid #999; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .15em .4em; vertical-align: top; }
.summary th, .summary td { border-bottom: 1px solid #ccc; }
.legal { color: #116611; font-weight: bold; }
.illegal { color: #b00000; font-weight: bold; }
.cards { table-layout: fixed; }
.cards .count { width: 2.5em; }
.cards .name { width: 40%; }
.cards .where { width: 5em; }
.count { text-align: right; }
.cards td { overflow-wrap: anywhere; }
.where { color: #555; }
.finding { color: #b00000; }
.finding.warning { color: #8a5a00; }
.who td.fill, .boxes td { border: 1px solid #333; height: 2.2em; }
.boxes td { width: 32%; }
.boxes th { width: 18%; }
.who th { width: 8em; }
.boxes { margin-top: 1.2em; }
.totals td { border-bottom: 1px dotted #bbb; }
.sheet { margin-top: 2em; }
footer { margin-top: 2em; color: #666; font-size: .85em; }
h4 { font-size: .95em; margin: .5em 0 .1em; }
.zone { column-count: 2; column-gap: 2em; }
.group { break-inside: avoid; }
.closing { break-inside: avoid; }
.closing .who td { height: auto; }
@page { margin: 10mm; }
@media print {
  body { margin: 0; font-size: 8.5pt; line-height: 1.15; }
  .sheet { break-before: page; margin-top: 0; }
  .sheet table { break-inside: auto; }
  .sheet h2 { margin-bottom: .2em; }
  .sheet h3 { margin: .5em 0 .1em; }
  .sheet p { margin: .3em 0; }
  .who td.fill, .boxes td { height: 1.7em; }
  .boxes { margin-top: .5em; }
  tr { break-inside: avoid; }
}
"""


def render(
    reports: Sequence[DeckReport],
    events: Sequence = (),
    explain: bool = False,
    terminal: Terminal = PLAIN,
    players: Mapping[str, str] = MappingProxyType({}),
) -> str:
    """The page; `players` names the player of a deck (by its path) for the sheet's Player box."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>deckcheck: deck check sheets</title>",
        f"<style>{STYLE}</style></head><body>",
        "<h1>Deck check</h1>",
    ]
    parts += [f"<p>{for_html(event_line(event))}</p>" for event in events]
    parts.append(_summary(reports))
    # the tool's version on the summary's page: after the last sheet it would print a page of its own
    parts.append(f"<footer>deckcheck {for_html(__version__)}</footer>")
    parts += [sheet(report, explain, players.get(report.path, "")) for report in reports]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _verdict(report: DeckReport) -> str:
    css, word = {"legal": ("legal", "legal"), "illegal": ("illegal", "ILLEGAL")}.get(report.verdict, ("left-out", report.verdict))
    return f'<span class="{css}">{word}</span>'


def _summary(reports: Sequence[DeckReport]) -> str:
    rows = []
    for report in reports:
        cards = ", ".join(f"{zone} {count}" for zone, count in report.counts.items() if count or zone == "main")
        rows.append(
            "<tr>"
            f"<td>{for_html(report.path)}</td><td>{for_html(report.name or '')}</td><td>{_verdict(report)}</td>"
            f"<td>{for_html(report.game or 'unknown')}</td><td>{for_html(report.format or '')}</td>"
            f"<td>{for_html(report.rules_version or '')}</td><td>{for_html(cards)}</td>"
            f'<td class="count">{report.errors}</td><td class="count">{report.warnings}</td>'
            "</tr>"
        )
    checked = [r for r in reports if r.checked]
    legal = sum(r.legal for r in checked)
    return (
        '<table class="summary"><thead><tr><th>File</th><th>Deck</th><th>Verdict</th><th>Game</th><th>Format</th>'
        "<th>Rules</th><th>Cards</th><th>Errors</th><th>Warnings</th></tr></thead><tbody>"
        + "".join(rows)
        + f"</tbody></table><p>{plural(len(checked), 'deck')}: {legal} legal, {len(checked) - legal} illegal"
        + (f"; {plural(len(reports) - len(checked), 'file')} left out as not decks" if len(checked) < len(reports) else "")
        + "</p>"
    )


def _group_of(line: CardLine, order: tuple[str, ...]) -> str:
    """The first of the game's types (in its order) the card has; its own type otherwise."""
    return next((kind for kind in order if kind in line.types), line.types[0] if line.types else "unknown card")


def _group_label(kind: str, count: int) -> str:
    words = kind.replace("_", " ")
    return f"{words[:1].upper()}{words[1:]} ({count})"


def _finding_cells(findings: list[Finding], explain: bool, report: DeckReport, with_line: bool = False) -> str:
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


def sheet(report: DeckReport, explain: bool = False, player: str = "") -> str:
    """One deck's deck-check sheet, an HTML section (the page's STYLE lays it out)."""
    layout = report.sheet
    by_line: dict[int, list[Finding]] = defaultdict(list)
    for finding in report.findings:
        by_line[finding.position.line].append(finding)
    shown_lines = {line.line for line in report.cards}
    parts = [
        '<section class="sheet">',
        "<h2>Deck check sheet</h2>",
        '<table class="who">'
        f'<tr><th>Player</th><td class="fill">{for_html(player)}</td><th>Deck</th>'
        f"<td>{for_html(report.name or '')}</td></tr>"
        f"<tr><th>File</th><td>{for_html(report.path)}</td><th>Checked as</th><td>{for_html(game_and_format(report))}</td></tr>"
        "</table>",
        f"<p>{_verdict(report)} ({plural(report.errors, 'error')}, {plural(report.warnings, 'warning')})</p>",
    ]
    labels = dict(layout.zone_labels) if layout else {}
    zones = list(dict.fromkeys([zone for zone, _ in (layout.zone_labels if layout else ())] + [c.zone for c in report.cards]))
    for zone in zones:
        lines = [line for line in report.cards if line.zone == zone]
        if not lines:
            continue
        parts.append(f"<h3>{for_html(labels.get(zone, zone))} ({sum(line.count for line in lines)})</h3>")
        order = layout.type_order if layout else ()
        groups: dict[str, list[CardLine]] = defaultdict(list)
        for line in lines:
            groups[_group_of(line, order)].append(line)
        parts.append('<div class="zone">')
        for kind in sorted(groups, key=lambda k: order.index(k) if k in order else len(order)):
            members = groups[kind]
            parts.append(f'<div class="group"><h4>{for_html(_group_label(kind, sum(m.count for m in members)))}</h4><table class="cards">')
            singly = layout is not None and kind in layout.singly
            for member in sorted(members, key=lambda m: m.name.casefold()):
                copies = [1] * member.count if singly else [member.count]
                for count in copies:
                    at = f"line {member.line}" if member.line else ""
                    notes = _finding_cells(by_line.get(member.line, []), explain, report) if member.line else ""
                    parts.append(
                        f'<tr><td class="count">{count}</td><td class="name">{for_html(member.name)}</td>'
                        f'<td class="where">{at}</td><td>{notes}</td></tr>'
                    )
            parts.append("</table></div>")
        parts.append("</div>")
    elsewhere = [f for f in report.findings if f.position.line not in shown_lines]
    if elsewhere or report.notes:
        parts.append("<h3>About the whole deck</h3>")
        parts += [f"<p>note: {for_html(note)}</p>" for note in report.notes]
        parts += [_finding_cells([f], explain, report, with_line=f.position.line > 1) for f in elsewhere]
    parts.append(_closing(report, player))
    parts.append("</section>")
    return "\n".join(parts)


def _closing(report: DeckReport, player: str) -> str:
    """The totals and the boxes to sign, kept together on one page with the player's and the
    deck's names, so that a sheet that runs over never leaves them on a page naming no one."""
    layout = report.sheet
    parts = ['<div class="closing">']
    if layout and layout.totals:
        rows = "".join(f"<tr><th>{for_html(what)}</th><td>{for_html(figure)}</td></tr>" for what, figure in layout.totals)
        parts.append(f'<h3>Totals</h3><table class="totals">{rows}</table>')
    parts.append(
        '<table class="boxes">'
        f"<tr><th>Player</th><td>{for_html(player)}</td><th>Deck</th><td>{for_html(report.name or report.path)}</td></tr>"
        "<tr><th>Player signature</th><td></td><th>Judge initials</th><td></td></tr></table></div>"
    )
    return "".join(parts)
