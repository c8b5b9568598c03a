"""What the code and schemas cite is in the repository: a reader of a docstring or a schema can
open it (the product's spec lives beside the checkout, not in it)."""

import re

from conftest import REPO

CITED = re.compile(r"(?<![\w/.-])((?:\.\./)?[\w/-]+\.md)\b")


def test_every_document_cited_by_the_code_and_schemas_is_in_the_repository():
    missing = []
    for path in [*(REPO / "deckcheck").rglob("*.py"), *(REPO / "schemas").glob("*.json")]:
        for cited in CITED.findall(path.read_text(encoding="utf-8")):
            if not (REPO / cited).is_file() and not (path.parent / cited).is_file():
                missing.append(f"{path.relative_to(REPO)}: {cited}")
    assert missing == []
