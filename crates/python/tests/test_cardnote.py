"""The cardnote Python package against the project's corpus and the CLI's contracts."""

import json
import os
import pathlib
import subprocess
import threading

import pyarrow as pa
import pytest

import cardnote

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = ROOT / "corpus"
HAND = (
    "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n"
    "starting_stacks = [100, 100, 100]\nplayers = ['Ann', 'Bob', 'Cy']\n"
    "actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 7h2s', 'p3 f', 'p1 cbr 6', 'p2 cc', "
    "'d db 2c3c4d', 'p1 cbr 10', 'p2 f']\n"
)
ILLEGAL = HAND.replace("'p3 f'", "'p1 f'")


def test_read_text_gives_the_check_json_fields():
    records = list(cardnote.read(HAND))
    assert len(records) == 1
    record = records[0]
    assert record.ok and record.errors == [] and record.format == "phh"
    assert record.fields["variant"] == "NT"
    assert record.to_dict()["ok"] is True


def cli_check(path):
    """The objects `cardnote check --json PATH` prints (the CLI, not this package, reads the file)."""
    cli = pathlib.Path(os.environ.get("CARDNOTE_BIN", ROOT / "target" / "debug" / "cardnote"))
    assert cli.exists(), "build the CLI (cargo build -p cardnote) or set CARDNOTE_BIN"
    out = subprocess.run([str(cli), "check", "--json", str(path)], capture_output=True, text=True)
    assert out.returncode in (0, 1), out.stderr
    objects = [json.loads(line) for line in out.stdout.splitlines()]
    assert objects, f"the CLI printed nothing for {path}: {out.stderr}"
    return objects


def test_read_file_matches_the_cli():
    path = CORPUS / "phh" / "cases" / "formatting.phhs"
    records = list(cardnote.read(str(path)))
    assert len(records) > 1
    assert [r.to_dict() for r in records] == cli_check(path)


def test_check_equals_the_cli_json():
    """The dicts are the objects of `cardnote check --json`, key for key."""
    for folder in ["phh", "pbn"]:
        assert cardnote.check(str(CORPUS / folder)) == cli_check(CORPUS / folder)


def test_site_logs_are_read_as_the_cli_reads_them():
    """A poker site's hand histories, found by their content (whatever their extension), give the
    CLI's `check --json` objects: one per hand, named by the site."""
    folder = CORPUS / "sitelogs"
    objects = cardnote.check(str(folder))
    assert objects == cli_check(folder)
    formats = {o["format"] for o in objects}
    assert {"pokerstars", "ggpoker", "winamax", "ipoker", "acpc"} <= formats
    assert "phh" not in formats


def test_read_a_site_log_by_content_or_by_format():
    path = CORPUS / "sitelogs" / "pokerstars" / "cases" / "bad_hand_among_good.txt"
    records = list(cardnote.read(str(path)))
    assert [r.to_dict() for r in records] == cli_check(path)
    assert {r.format for r in records} == {"pokerstars"}
    assert any(r.ok for r in records) and not all(r.ok for r in records)
    assert all(r.fields["players"] for r in records if r.ok)
    # Text is told by its content too, and `format` forces a site.
    text = path.read_text(encoding="utf-8")
    assert [r.to_dict()["ok"] for r in cardnote.read(text)] == [r.ok for r in records]
    assert [r.ok for r in cardnote.read(str(path), format="pokerstars")] == [r.ok for r in records]
    with pytest.raises(ValueError, match="ggpoker"):
        cardnote.read(str(path), format="no-such-site")


def test_load_hands_imports_a_site_log():
    path = CORPUS / "sitelogs" / "pokerstars" / "cases" / "bad_hand_among_good.txt"
    hands = cardnote.load_hands(str(path))
    # The hands the reader imports; the refused one is left out (`read` reports it).
    assert len(hands) == sum(r.ok for r in cardnote.read(str(path)))
    for hand in hands:
        assert hand.players and hand.actions
        assert hand.replay()[-1].is_over
        again = cardnote.load_hands(hand.to_phh())[0]
        assert [a.notation for a in again.actions] == [a.notation for a in hand.actions]


def test_invalid_corpus_reports_errors_with_places():
    for path in sorted((CORPUS / "phh" / "invalid").iterdir()):
        records = list(cardnote.read(str(path), strict=True))
        assert any(not r.ok or r.warnings for r in records), path
        for r in records:
            for e in r.errors:
                assert set(e) == {"code", "message", "line", "column"} and e["line"] >= 1


def test_raise_for_errors_carries_code_and_place():
    record = next(iter(cardnote.read(ILLEGAL, rules="wsop")))
    assert not record.ok
    with pytest.raises(cardnote.CardnoteError) as caught:
        record.raise_for_errors()
    assert caught.value.code == "REPLAY_WRONG_PLAYER"
    assert caught.value.line == 7 and caught.value.column > 1


def test_replay_gives_stacks_payoffs_and_steps():
    result = cardnote.replay(HAND)
    assert result["terminal"]
    assert result["finishing_stacks"] == ["106", "94", "100"]
    assert result["payoffs"] == ["6", "-6", "0"]
    assert len(result["steps"]) == 9
    raise_to_6 = result["steps"][4]
    assert raise_to_6["notation"] == "p1 cbr 6"
    assert raise_to_6["to_call"] == "1" and raise_to_6["pot_before"] == "3"
    assert result["steps"][7]["board"] == "2c3c4d"


def test_replay_of_an_illegal_hand_raises():
    with pytest.raises(cardnote.CardnoteError) as caught:
        cardnote.replay(ILLEGAL, rules="wsop")
    assert caught.value.code == "REPLAY_WRONG_PLAYER"
    assert caught.value.line == 7 and caught.value.message.startswith("illegal action")
    with pytest.raises(cardnote.CardnoteError) as caught:
        cardnote.replay(ILLEGAL)
    assert caught.value.code == "REPLAY_HAND_OVER"


@pytest.mark.parametrize(
    "data",
    [b"\xff\xfe\x00garbage", "variant = ", "[Deal \"N:", "", "actions = [" * 1000, "\x00" * 100],
)
def test_bad_input_never_crashes(data):
    for fmt in [None, "phh", "pbn", "ppn-pref", "ppn-pinochle"]:
        for record in cardnote.read(data, fmt):
            assert isinstance(record.ok, bool)
    with pytest.raises(cardnote.CardnoteError):
        cardnote.replay(data)


def test_bad_arguments_raise_python_errors():
    with pytest.raises(ValueError):
        cardnote.read(HAND, "chess")
    with pytest.raises(ValueError):
        cardnote.to_arrow(str(CORPUS / "phh"), table="nope")
    with pytest.raises(OSError):
        cardnote.check("/no/such/path.phh")


def test_to_arrow_tables_are_pyarrow_tables_with_the_documented_columns():
    hands = cardnote.to_arrow(str(CORPUS / "phh"), table="hands")
    actions = cardnote.to_arrow(str(CORPUS / "phh"), table="actions")
    assert isinstance(hands, pa.Table) and hands.num_rows > 10
    assert {"file", "index", "variant", "finishing_stacks"} <= set(hands.column_names)
    assert {"pot_before", "to_call", "to_call_f64"} <= set(actions.column_names)
    assert actions.num_rows > hands.num_rows
    boards = cardnote.to_arrow(str(CORPUS / "pbn"), table="boards")
    assert boards.num_rows > 0 and "deal" in boards.column_names
    assert cardnote.to_arrow(str(CORPUS / "pbn"), table="hands").num_rows == 0
    errors = cardnote.to_arrow(str(CORPUS / "phh" / "invalid"), table="errors")
    assert errors.num_rows > 0


def test_stats_by_player(tmp_path):
    (tmp_path / "a.phh").write_text(HAND)
    table = cardnote.stats(str(tmp_path))
    rows = {r["player"]: r for r in table.to_pylist()}
    assert rows["Ann"]["hands"] == 1 and rows["Ann"]["vpip"] == 1 and rows["Ann"]["pfr"] == 1
    assert rows["Bob"]["pfr"] == 0 and rows["Cy"]["vpip_pct"] == 0.0
    assert rows["Ann"]["net_won"] == "6"
    by_position = cardnote.stats(str(tmp_path), by="position")
    assert sorted(by_position.column("player").to_pylist()) == ["BB", "BTN", "SB"]


def test_threads_run_while_cardnote_reads():
    """The GIL is released: readers on several threads give the same answers."""
    results = []
    failures = []
    path = str(CORPUS / "phh")

    def work():
        try:
            results.append(cardnote.check(path))
        except Exception as e:  # noqa: BLE001 - a worker's exception must fail the test, not warn
            failures.append(e)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []
    assert len(results) == 4
    # the same answer as the CLI's, on every thread
    expected = cli_check(path)
    assert len(expected) > 10
    assert all(r == expected for r in results)
