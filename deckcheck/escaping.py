"""One escaping function per output channel, for every text a stranger wrote (a card name, a file
name, an event's key) that reaches a terminal, a CI log or a report:

- a terminal or a CI log (text and concise reports, stderr, `fmt`): control characters (ESC and
  the rest), line and paragraph separators and bidirectional overrides are shown as `\\xNN` /
  `\\uNNNN`, so that nothing moves the cursor, recolours the terminal or starts a line; a line
  that would begin with `::` and any `##[` are defused, since GitHub's runner reads those as
  workflow commands (`::add-mask::`, `::stop-commands::`) in any step's output;
- a concise line's path: also a `:` before a digit, so that a file name cannot forge the
  `path:line:col:` prefix of another finding;
- Markdown: the above, every inline syntax character backslash-escaped (links, images, code,
  autolinks, a cell break), HTML (`<`, `>`, `&`) as entities, and `@` followed by a zero-width
  space, so that no name renders as a link, an image or a mention in a pull-request comment;
- XML (JUnit): as for a terminal (which covers every character XML 1.0 cannot hold): no line break
  of a name starts a workflow command in the CI log the report is printed to;
- HTML (the printable report): control characters shown as for a terminal, and `<`, `>`, `&` and
  quotes as entities, so that a card named `<script>` prints as text;
- GitHub workflow commands: the escaping of GitHub's own toolkit (`%`, CR, LF, and `:` and `,` in
  properties), and the other control characters as above;
- JSON (the report, SARIF, listings): what JSON leaves raw that would move text on a terminal, and
  `##[`, as `\\uNNNN` escapes, which read back as the same strings;
- a SARIF URI: percent-encoded.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from urllib.parse import quote

# C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional controls
_UNSAFE = "[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]"
_XML_ILLEGAL = "[\ufffe\uffff\ud800-\udfff]"  # beside the controls for_terminal shows
_SURROGATE = "[\udc80-\udcff]"
# what JSON leaves raw of _UNSAFE (it escapes the C0 controls itself; a raw one is its own white space)
_RAW_IN_JSON = "[\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]"


@cache
def _compiled(expression: str) -> re.Pattern[str]:
    # the first time a text needs it: most text is printable ASCII, which holds none of these
    # characters, and compiling these classes was 1.4 ms of a one-deck check's start
    return re.compile(expression)


def _unsafe_shown(text: str) -> str:
    """`text` with each character of _UNSAFE shown as its escape."""
    if text.isprintable():  # each of them is a control, a format character or a separator: none is printable
        return text
    return _compiled(_UNSAFE).sub(_shown, text)


_LEADING_COMMAND = re.compile(r"^(\s*):(?=:)")
_V1_COMMAND = "##["


def _shown(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def for_terminal(text: str) -> str:
    """`text` safe to print as (part of) one line of a terminal or CI log."""
    text = _unsafe_shown(text)
    text = _LEADING_COMMAND.sub(r"\1\\x3a", text)
    return text.replace(_V1_COMMAND, "#\\x23[")


def commands_defused(text: str) -> str:
    """A whole block whose words are escaped already, line by line, with no line starting a workflow
    command: a table wraps a long cell, and the part it moves to a line of its own (`::warning::x`
    of a name) must not start that line as a command. Colour codes, the block's own, stay."""
    return "\n".join(_LEADING_COMMAND.sub(r"\1\\x3a", line).replace(_V1_COMMAND, "#\\x23[") for line in text.split("\n"))


def terminal_lines(text: str) -> str:
    """A whole block for a terminal, line by line (the line breaks stay)."""
    return "\n".join(for_terminal(line) for line in text.split("\n"))


def for_concise_path(path: str) -> str:
    """A path at the start of `path:line:col: ...`, which no file name may forge."""
    return re.sub(r":(?=\d)", r"\\x3a", for_terminal(path))


# what Markdown reads as syntax inside a line: links and images (`[`, `]`, `(`, `)`, `!`), code,
# emphasis, a cell break, and the `:` and `.` an autolink (`https://`, `www.`) is found by
_MARKDOWN_INLINE = re.compile(r"([\\`*_\[\](){}#+\-.!|~:])")


def for_markdown(text: str) -> str:
    """`text` for a Markdown table cell, heading or list item, as text and nothing else: one line,
    every inline syntax character backslash-escaped (no link, image, code or autolink), no HTML,
    and a zero-width space after each `@` (no mention of a user or team in a PR comment)."""
    text = _MARKDOWN_INLINE.sub(r"\\\1", for_terminal(text))
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace("@", "@&#8203;")


def for_html(text: str) -> str:
    """`text` for an HTML element or attribute: shown, never read as markup."""
    import html  # here, as csv below: a report in another format never loads it

    # `##[` as an entity: a page printed in a CI log must not start a workflow command either
    return html.escape(_unsafe_shown(text), quote=True).replace(_V1_COMMAND, "#&#35;[")


def for_xml(text: str) -> str:
    """`text` an XML 1.0 document can hold (ElementTree escapes `<`, `>`, `&` and quotes), on one
    line and defused as for a terminal: a JUnit report printed in a CI log must not start a workflow
    command (a card named `Nope\\n::add-mask::x`)."""
    text = for_terminal(text)
    return text if text.isascii() else _compiled(_XML_ILLEGAL).sub(_shown, text)


def for_json(document: str) -> str:
    """A JSON document printed where a terminal or CI log shows it: the characters JSON leaves raw
    that would move or hide text (C1 controls, line separators, bidirectional overrides) as
    `\\uNNNN`, and `##[` as `#\\u0023[`, escapes inside the strings they can only stand in, so
    that the document reads back the same."""
    # an ASCII document can hold only DEL of them: asking Python whether it is ASCII costs nothing
    # (it knows a string's widest character), searching a report of 1,000 decks (8 MB) 70 ms
    if "\x7f" in document or (not document.isascii() and _holds_raw(document.encode("utf-8", "surrogatepass"))):
        document = _compiled(_RAW_IN_JSON).sub(lambda match: f"\\u{ord(match.group()):04x}", document)
    return _no_json_command(document)


def for_json_utf8(document: bytes) -> str:
    """for_json() of a JSON document as UTF-8 (as orjson writes it), looked at before it is decoded."""
    if b"\x7f" in document or (not document.isascii() and _holds_raw(document)):
        return for_json(document.decode("utf-8", "surrogatepass"))
    return _no_json_command(document.decode("utf-8"))


def _no_json_command(document: str) -> str:
    # (a search for one character is a memchr, for `##[` a tenth of the time of the JSON of a deck)
    return document.replace(_V1_COMMAND, "#\\u0023[") if "#" in document else document


_ASCII_BYTES = bytes(range(128))


def _holds_raw(utf8: bytes) -> bool:
    """Whether a document holds a character of _RAW_IN_JSON besides DEL: searched among its other
    characters than ASCII alone (a deck's curly quotes and accents), a third of the time of a
    search of the whole document. (UTF-8 without its ASCII bytes is the other characters' UTF-8.)"""
    others = utf8.translate(None, _ASCII_BYTES).decode("utf-8", "surrogatepass")
    return _compiled(_RAW_IN_JSON).search(others) is not None


def github_data(text: str) -> str:
    """A workflow command's message, escaped as GitHub's toolkit (@actions/core) does."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return _unsafe_shown(text)


def github_property(text: str) -> str:
    """A workflow command's property value (file=, title=)."""
    return github_data(text).replace(":", "%3A").replace(",", "%2C")


def sarif_uri(path: str) -> str:
    """A file path as a SARIF URI reference: forward slashes, percent-encoded."""
    return quote(Path(path).as_posix(), safe="/")


def display_path(path: os.PathLike | str) -> str:
    """A path as text that any output can carry: bytes that are not UTF-8 (a file name from
    another system) are shown as `\\xNN`, which UTF-8 output can always encode."""
    text = os.fsdecode(path) if not isinstance(path, str) else path
    return text if text.isascii() else _compiled(_SURROGATE).sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", text)


def terminal_path(path: os.PathLike | str) -> str:
    """A path inside a line for a terminal: displayable, and on that one line."""
    return for_terminal(display_path(path))


def for_spreadsheet(value: object) -> object:
    """A CSV cell a spreadsheet shows as written: one that starts as a formula would (`=`, `+`,
    `-`, `@`, a tab or a carriage return) gets a leading `'`, so that a name such as `=1+1.yaml`
    or `=HYPERLINK(...)` is text when an organiser opens the file."""
    return "'" + value if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def spreadsheet_csv(rows: Iterable[Mapping[str, object]], fields: Sequence[str]) -> str:
    """Rows (mappings) as CSV for a spreadsheet: a byte-order mark first, without which Excel reads
    UTF-8 as the machine's code page (an accented or Chinese name comes out garbled), and every
    cell through for_spreadsheet."""
    import csv

    buffer = io.StringIO()
    buffer.write("\ufeff")
    # rows end as RFC 4180 has them, CRLF: a cell holding either character is then quoted
    writer = csv.DictWriter(buffer, fieldnames=fields, lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: for_spreadsheet(value) for key, value in row.items()})
    return buffer.getvalue()
