"""One escaping function per output channel, for every text a stranger wrote (a card name, a file
name, an event's key) that reaches a terminal, a CI log or a report:

- a terminal or a CI log (text and concise reports, stderr, `fmt`): control characters (ESC and
  the rest), line and paragraph separators and bidirectional overrides are shown as `\\xNN` /
  `\\uNNNN`, so that nothing moves the cursor, recolours the terminal or starts a line; a line
  that would begin with `::` and any `##[` are defused, since GitHub's runner reads those as
  workflow commands (`::add-mask::`, `::stop-commands::`) in any step's output;
- a concise line's path: also a `:` before a digit, so that a file name cannot forge the
  `path:line:col:` prefix of another finding;
- Markdown: the above, and a pipe (which would end a table cell) and HTML (`<`, `>`, `&`);
- XML (JUnit): characters XML 1.0 cannot hold, shown as `\\xNN`;
- HTML (the printable report): control characters shown as for a terminal, and `<`, `>`, `&` and
  quotes as entities, so that a card named `<script>` prints as text;
- GitHub workflow commands: the escaping of GitHub's own toolkit (`%`, CR, LF, and `:` and `,` in
  properties), and the other control characters as above;
- a SARIF URI: percent-encoded.
"""

from __future__ import annotations

import html
import os
import re
from pathlib import Path
from urllib.parse import quote

# C0 and C1 controls, DEL, the line and paragraph separators, and the bidirectional controls
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff\ud800-\udfff]")
_SURROGATE = re.compile("[\udc80-\udcff]")
_LEADING_COMMAND = re.compile(r"^(\s*):(?=:)")
_V1_COMMAND = "##["


def _shown(match: re.Match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def for_terminal(text: str) -> str:
    """`text` safe to print as (part of) one line of a terminal or CI log."""
    text = _UNSAFE.sub(_shown, text)
    text = _LEADING_COMMAND.sub(r"\1\\x3a", text)
    return text.replace(_V1_COMMAND, "#\\x23[")


def terminal_lines(text: str) -> str:
    """A whole block for a terminal, line by line (the line breaks stay)."""
    return "\n".join(for_terminal(line) for line in text.split("\n"))


def for_concise_path(path: str) -> str:
    """A path at the start of `path:line:col: ...`, which no file name may forge."""
    return re.sub(r":(?=\d)", r"\\x3a", for_terminal(path))


def for_markdown(text: str) -> str:
    """`text` for a Markdown table cell or heading: one line, no HTML, no cell break."""
    text = for_terminal(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return text.replace("|", "\\|")


def for_html(text: str) -> str:
    """`text` for an HTML element or attribute: shown, never read as markup."""
    return html.escape(_UNSAFE.sub(_shown, text), quote=True)


def for_xml(text: str) -> str:
    """`text` an XML 1.0 document can hold (ElementTree escapes `<`, `>`, `&` and quotes)."""
    return _XML_ILLEGAL.sub(_shown, text)


def github_data(text: str) -> str:
    """A workflow command's message, escaped as GitHub's toolkit (@actions/core) does."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    return _UNSAFE.sub(_shown, text)


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
    return _SURROGATE.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", text)


def terminal_path(path: os.PathLike | str) -> str:
    """A path inside a line for a terminal: displayable, and on that one line."""
    return for_terminal(display_path(path))
