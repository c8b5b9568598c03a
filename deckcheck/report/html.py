"""`--output-format html`: one self-contained page (inline CSS, no script, nothing fetched) for an
organiser's table: a summary of every deck, then a deck-check sheet per deck that prints on pages
of its own: player and deck, the cards grouped by the game's types in its rulebook's order (the
types its official sheets list one card a line, so listed), the totals the rules check, every
finding beside the line it is about, and boxes for the player's signature and the judge's
initials. Every name a user wrote is escaped (`for_html`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from deckcheck import __version__
from deckcheck.escaping import for_html
from deckcheck.fingerprint import fingerprint
from deckcheck.model import DeckReport
from deckcheck.report import PLAIN, Terminal
from deckcheck.report.sheet import sheet
from deckcheck.report.text import event_line
from deckcheck.wording import plural

__all__ = ["STYLE", "render", "sheet"]

STYLE = """
body { font: 11pt/1.35 system-ui, sans-serif; margin: 1.5em; color: #111; }
h1 { font-size: 1.4em; margin: 0 0 .4em; }
h2 { font-size: 1.3em; margin: 0 0 .3em; letter-spacing: .04em; }
h3 { font-size: 1em; margin: .9em 0 .2em; border-bottom: 1px solid #999; }
h4 { font-size: .95em; margin: .5em 0 .1em; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .15em .4em; vertical-align: top; }
.summary th, .summary td { border-bottom: 1px solid #ccc; }
.summary th { hyphens: none; word-break: keep-all; }
.file { color: #555; font-size: .85em; overflow-wrap: anywhere; }
.fingerprint { font-family: ui-monospace, monospace; white-space: nowrap; }
.legal { color: #116611; font-weight: bold; white-space: nowrap; }
.illegal { color: #b00000; font-weight: bold; white-space: nowrap; }
.cards { table-layout: fixed; }
.cards .count { width: 2em; }
.cards .where { width: 3.8em; white-space: nowrap; color: #777; font-size: .8em; text-align: right; }
.count { text-align: right; }
.cards td { overflow-wrap: anywhere; }
.where { color: #555; }
.finding { color: #b00000; }
.finding.warning { color: #8a5a00; }
.one-line { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.frame { table-layout: fixed; }
.frame, .frame > tbody > tr > td { padding: 0; }
.running { font-weight: normal; font-size: .8em; color: #555; border-bottom: 1px solid #999; padding: 0 0 .2em; }
.head { display: flex; gap: 1.5em; align-items: flex-end; border-bottom: 2px solid #111; padding-bottom: .3em; margin-bottom: .3em; }
.head h2 { flex: 0 0 auto; }
.head .who { flex: 1 1 auto; }
.who th { width: 6.5em; white-space: nowrap; }
.who td.fill { border-bottom: 1px solid #333; height: 1.6em; }
.columns { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0 1.2em; }
.box h4 { border-bottom: 1px solid #333; }
.box .cards td, .numbered td { border-bottom: 1px solid #ccc; padding: .05em .3em; }
.numbered .n { width: 2em; color: #555; }
.added { margin-top: .6em; border-top: 1px solid #999; padding-top: .3em; }
.added p { margin: .2em 0; }
.boxes td { border: 1px solid #333; height: 2.2em; width: 32%; }
.boxes th { width: 18%; }
.boxes { margin-top: 1em; }
.totals td { border-bottom: 1px dotted #bbb; }
.sheet { margin-top: 2em; }
footer { margin-top: 2em; color: #666; font-size: .85em; }
.zone { column-count: 2; column-gap: 2em; }
.group, .box { break-inside: avoid; }
.closing { break-inside: avoid; }
@media (max-width: 700px) {
  .columns { grid-template-columns: minmax(0, 1fr); }
  .head { display: block; }
  .zone { column-count: 1; }
}
@page { margin: 10mm; }
@media print {
  body { margin: 0; font-size: 8.5pt; line-height: 1.15; }
  .sheet { font-size: var(--print-size, 8.5pt); }  /* smaller where a long deck would run past its page (sheet.py) */
  .overview { display: none; }
  .sheet { margin-top: 0; }
  .sheet ~ .sheet { break-before: page; }
  .columns { grid-template-columns: repeat(3, minmax(0, 1fr)); }
  .head { display: flex; }
  .sheet h3 { margin: .5em 0 .1em; }
  .boxes td { height: 1.7em; }
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
        # the overview is for the screen; printed, the page is the sheets, one page a player
        '<div class="overview">',
        "<h1>Deck check</h1>",
    ]
    parts += [f"<p>{for_html(event_line(event))}</p>" for event in events]
    parts.append(_summary(reports, players))
    parts.append(f"<footer>deckcheck {for_html(__version__)}</footer></div>")
    event = ", ".join(e.name for e in events)
    parts += [sheet(report, explain, players.get(report.path) or report.player or "", event) for report in reports]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _verdict(report: DeckReport) -> str:
    css, word = {"legal": ("legal", "legal"), "illegal": ("illegal", "ILLEGAL")}.get(report.verdict, ("left-out", report.verdict))
    return f'<span class="{css}">{word}</span>'


def _cards(report: DeckReport) -> str:
    """Each zone's size as the game calls the zone (Redemption's side deck is its Reserve)."""
    labels = dict(report.sheet.zone_labels) if report.sheet else {}
    return ", ".join(f"{labels.get(zone, zone)} {count}" for zone, count in report.counts.items() if count or zone == "main")


def _summary(reports: Sequence[DeckReport], players: Mapping[str, str]) -> str:
    rows = []
    for report in reports:
        who = players.get(report.path) or report.player or ""
        rows.append(
            "<tr>"
            f"<td>{for_html(who)}</td><td>{for_html(report.name or '')}</td>"
            f'<td class="fingerprint">{for_html(fingerprint(report.cards) or "")}</td><td>{_verdict(report)}</td>'
            f"<td>{for_html(report.game or 'unknown')}/{for_html(report.format or '')}</td>"
            f"<td>{for_html(report.rules_version or '')}</td><td>{for_html(_cards(report))}</td>"
            f'<td class="count">{report.errors}</td><td class="count">{report.warnings}</td>'
            f'<td class="file">{for_html(report.path)}</td>'
            "</tr>"
        )
    checked = [r for r in reports if r.checked]
    legal = sum(r.legal for r in checked)
    return (
        '<table class="summary"><thead><tr><th>Player</th><th>Deck</th><th>Fingerprint</th><th>Verdict</th><th>Game/format</th>'
        "<th>Rules</th><th>Cards</th><th>Errors</th><th>Warnings</th><th>File</th></tr></thead><tbody>"
        + "".join(rows)
        + f"</tbody></table><p>{plural(len(checked), 'deck')}: {legal} legal, {len(checked) - legal} illegal"
        + (f"; {plural(len(reports) - len(checked), 'file')} left out as not decks" if len(checked) < len(reports) else "")
        + "</p>"
    )
