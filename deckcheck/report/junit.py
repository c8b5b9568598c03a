"""JUnit XML: one testsuite per deck file, one testcase per rule checked, a failure per rule with
error findings carrying their messages; warnings are a testcase's system-out. Read by GitLab and
the usual JUnit report actions."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence

from deckcheck.escaping import for_xml
from deckcheck.model import DeckReport, Severity
from deckcheck.report import PLAIN, Terminal


def _rules_checked(report: DeckReport) -> list[str]:
    """The rules the deck was checked by, then any rule a finding names that is not among them."""
    ids = [rule.id for rule in report.rules]
    return ids + list(dict.fromkeys(f.rule for f in report.findings if f.rule not in ids))


def render(reports: Sequence[DeckReport], events: Sequence = (), explain: bool = False, terminal: Terminal = PLAIN) -> str:
    root = ET.Element("testsuites", name="deckcheck")
    total = failed = 0
    for report in reports:
        path = for_xml(report.path)
        suite = ET.SubElement(root, "testsuite", name=path)
        if report.format:
            properties = ET.SubElement(suite, "properties")
            judged = tuple((f"judged_by.{key}", value) for key, value in report.judged_by.items())
            for key, value in (("game", report.game), ("format", report.format), ("rules_version", report.rules_version), *judged):
                if value:
                    ET.SubElement(properties, "property", name=key, value=for_xml(value))
        cases = _rules_checked(report)
        suite_failures = 0
        for rule_id in cases:
            case = ET.SubElement(suite, "testcase", name=rule_id, classname=path)
            found = [f for f in report.findings if f.rule == rule_id]
            errors = [f for f in found if f.severity is Severity.ERROR]
            if errors:
                suite_failures += 1
                failure = ET.SubElement(case, "failure", message=for_xml(errors[0].message), type=rule_id)
                failure.text = "\n".join(f"{path}:{f.position.line}:{f.position.column}: {for_xml(f.message)}" for f in errors)
            warnings = [f for f in found if f.severity is Severity.WARNING]
            if warnings:
                ET.SubElement(case, "system-out").text = "\n".join(
                    f"warning {path}:{f.position.line}:{f.position.column}: {for_xml(f.message)}" for f in warnings
                )
        suite.set("tests", str(len(cases)))
        suite.set("failures", str(suite_failures))
        suite.set("errors", "0")
        total += len(cases)
        failed += suite_failures
    root.set("tests", str(total))
    root.set("failures", str(failed))
    root.set("errors", "0")
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
