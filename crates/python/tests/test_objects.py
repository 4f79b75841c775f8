"""The Python objects on the Rust models: PHH hands and their replay states, PBN and LIN boards,
and double dummy, checked against the project's corpus, the existing dict API and DDS's answers."""

import decimal
import os
import pathlib
import threading
import time

import pytest

import cardnote

ROOT = pathlib.Path(__file__).resolve().parents[3]
CORPUS = ROOT / "corpus"
SHARED = ROOT.parent / "shared" / "corpus"
D = decimal.Decimal


def corpus_files(folder, *extensions):
    return sorted(p for p in (CORPUS / folder).rglob("*") if p.suffix in extensions)


def shared(path):
    """A file of ../shared, or a skip (a failure under CARDNOTE_REQUIRE_SHARED=1)."""
    full = SHARED / path
    if not full.exists():
        if os.environ.get("CARDNOTE_REQUIRE_SHARED") == "1":
            pytest.fail(f"{full} is missing and CARDNOTE_REQUIRE_SHARED=1")
        pytest.skip(f"{full} is missing (the external corpus; see crates/shared-fixtures)")
    return full


# --- PHH hands ---------------------------------------------------------------------------------


def test_hand_fields_and_decimal_amounts():
    text = (
        "variant = 'NT'\nantes = [0.25, 0.25]\nblinds_or_straddles = [0.50, 1]\nmin_bet = 1\n"
        "starting_stacks = [100, inf]\nactions = ['d dh p1 AhKh', 'd dh p2 ????', 'p2 cbr 3 # raise', 'p1 f']\n"
        "author = 'Ann'\nevent = 'Club'\ncity = 'Oslo'\ntime = 20:15:30\nday = 3\nmonth = 4\nyear = 2025\n"
        "hand = 12\ntable = 'T1'\nseats = [1, 4]\nseat_count = 6\nplayers = ['Ann', 'Bob']\n"
        "currency = 'USD'\ncurrency_symbol = '$'\ntime_limit = 30\ntime_banks = [60, 60]\n"
        "_rating = 1500\nnot_a_field = [1, 'x']\n"
    )
    [hand] = cardnote.load_hands(text)
    assert hand.variant == "NT" and hand.index == 0 and hand.name is None
    assert hand.antes == [D("0.25"), D("0.25")]
    assert [str(b) for b in hand.blinds_or_straddles] == ["0.50", "1"]
    assert all(isinstance(b, decimal.Decimal) for b in hand.blinds_or_straddles)
    assert hand.starting_stacks[1].is_infinite()
    assert hand.min_bet == D(1) and hand.bring_in is None and hand.small_bet is None
    assert (hand.author, hand.event, hand.city, hand.currency, hand.currency_symbol) == (
        "Ann", "Club", "Oslo", "USD", "$")
    assert str(hand.time) == "20:15:30"
    assert (hand.day, hand.month, hand.year, hand.hand, hand.table) == (3, 4, 2025, 12, "T1")
    assert hand.seats == [1, 4] and hand.seat_count == 6 and hand.players == ["Ann", "Bob"]
    assert hand.time_limit == D(30) and hand.time_banks == [D(60), D(60)]
    assert hand.user_fields == {"_rating": 1500}
    assert hand.unknown_fields == {"not_a_field": [1, "x"]}
    raise_ = hand.actions[2]
    assert (raise_.kind, raise_.player, raise_.amount, raise_.commentary) == (
        "complete_bet_or_raise_to", 1, D(3), "raise")
    assert hand.actions[1].cards == ["??", "??"] and hand.actions[0].cards == ["Ah", "Kh"]
    assert hand.actions[3].kind == "fold" and hand.actions[3].amount is None
    assert [a.notation for a in hand.actions][-1] == "p1 f"


def test_every_corpus_hand_loads_writes_back_and_replays_as_the_dict_api():
    replayed = 0
    for path in corpus_files("phh", ".phh", ".phhs"):
        try:
            hands = cardnote.load_hands(str(path))
        except cardnote.CardnoteError:
            assert "invalid" in path.parts, path
            continue
        for hand in hands:
            again = cardnote.load_hands(hand.to_phh())[0]
            assert again.to_phh() == hand.to_phh(), path
            assert [a.notation for a in again.actions] == [a.notation for a in hand.actions]
            if any(d["severity"] == "error" for d in hand.diagnostics):
                continue
            states = hand.replay()
            final = states[-1]
            result = cardnote.replay(hand)
            assert final.payoffs == [D(p) for p in result["payoffs"]], path
            assert final.stacks == [D(s) for s in result["finishing_stacks"]], path
            assert len(states) == len(hand.actions) + 1
            for state, step in zip(states, result["steps"]):
                assert state.action.notation == step["notation"]
                assert "".join(state.board) == step["board"], path
            replayed += 1
    assert replayed > 20


def test_replay_states_step_by_step():
    hand = cardnote.load_hands(cardnote.EXAMPLE_HAND)[0]
    states = hand.replay()
    first = states[0]
    assert first.action.notation == "d dh p1 AcAd"
    assert first.legal_actions[0].kind == "deal_hole" and first.legal_actions[0].player == 0
    raise_ = states[4]
    assert raise_.actor == 0 and raise_.phase == "betting" and raise_.street == 0
    assert raise_.stacks == [D(99), D(98), D(100)] and raise_.bets == [D(1), D(2), D(0)]
    assert raise_.active == [True, True, False]
    assert raise_.hole_cards[0] == ["Ac", "Ad"]
    kinds = {a.kind: a for a in raise_.legal_actions}
    assert kinds["check_or_call"].amount == D(1)
    assert (kinds["complete_bet_or_raise_to"].min_amount, kinds["complete_bet_or_raise_to"].max_amount) == (
        D(4), D(100))
    flop_bet = states[7]
    assert flop_bet.board == ["2c", "3c", "4d"] and flop_bet.street == 1
    assert [(p.amount, p.players) for p in flop_bet.pots] == [(D(12), [0, 1])]
    assert flop_bet.total_pot == D(12)
    deal_board = states[6]
    assert [a.kind for a in deal_board.legal_actions] == ["deal_board"] and deal_board.actor is None
    final = states[-1]
    assert final.action is None and final.is_over and final.legal_actions == []
    assert final.payoffs == [D(6), D(-6), D(0)] and final.stacks == [D(106), D(94), D(100)]


def test_an_illegal_hand_raises_with_its_place():
    illegal = cardnote.EXAMPLE_HAND.replace("'p3 f'", "'p1 f'")
    hand = cardnote.load_hands(illegal, rules="wsop")[0]
    assert any(d["code"] == "REPLAY_WRONG_PLAYER" for d in hand.diagnostics)
    with pytest.raises(cardnote.CardnoteError) as caught:
        hand.replay(rules="wsop")
    assert caught.value.code == "REPLAY_WRONG_PLAYER"
    assert caught.value.line == 7 and caught.value.column > 1
    # PokerKit's repairs insert a fold for p3; the hand is then over before the last action.
    with pytest.raises(cardnote.CardnoteError) as caught:
        hand.replay()
    assert caught.value.code == "REPLAY_HAND_OVER"


def test_unbuildable_text_raises():
    with pytest.raises(cardnote.CardnoteError):
        cardnote.load_hands("variant = 'NT'\nantes = [\n")
    with pytest.raises(ValueError):
        cardnote.load_hands(cardnote.EXAMPLE_HAND, rules="chess")


def test_replay_accepts_what_read_returned_and_hands():
    path = CORPUS / "phh" / "cases" / "formatting.phhs"
    records = [r for r in cardnote.read(str(path)) if r.ok]
    hands = cardnote.load_hands(str(path))
    assert len(records) >= 1
    for record in records:
        by_record = cardnote.replay(record)
        by_hand = cardnote.replay(hands[record.index])
        assert by_record["payoffs"] == by_hand["payoffs"]
        assert [s["notation"] for s in by_record["steps"]] == [s["notation"] for s in by_hand["steps"]]
    pbn = next(iter(cardnote.read(cardnote.EXAMPLE_BOARD, "pbn")))
    with pytest.raises(ValueError):
        cardnote.replay(pbn)


def test_write_hands_is_phhs_and_reads_back():
    path = CORPUS / "phh" / "cases" / "formatting.phhs"
    hands = cardnote.load_hands(str(path))
    text = cardnote.write_hands(hands)
    again = cardnote.load_hands(text)
    assert [h.name for h in again] == [h.name or str(i + 1) for i, h in enumerate(hands)]
    assert [h.to_phh() for h in again] == [h.to_phh() for h in hands]


# --- PBN and LIN boards ------------------------------------------------------------------------


def test_example_board_objects():
    [board] = cardnote.load_boards(cardnote.EXAMPLE_BOARD)
    assert board.format == "pbn" and board.board == "1" and board.dealer == "N"
    assert board.deal == cardnote.Deal("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
    assert board.deal.hand("W") == ["SA", "ST", "S9", "S4", "S2", "HA", "HQ", "H4", "D3", "D2", "CK", "CJ", "C3"]
    assert [c.seat for c in board.auction] == ["N", "E", "S", "W", "N", "E", "S", "W", "N"]
    bid = board.auction[3]
    assert (bid.text, bid.level, bid.strain) == ("1S", 1, "S")
    c = board.contract
    assert (c.level, c.strain, c.risk, c.declarer, c.passed_out) == (2, "S", "", "W", False)
    assert (board.result, board.score, board.score_ns) == (8, 110, -110)
    assert [(p.seat, p.card) for p in board.play] == [("N", "HK"), ("E", "H7"), ("S", "H3"), ("W", "HA")]
    assert board.tag("Event") == "Example"


def test_pbn_boards_agree_with_the_results_table():
    checked = 0
    for path in corpus_files("pbn", ".pbn"):
        if "invalid" in path.parts:
            continue
        boards = cardnote.load_boards(str(path))
        results = cardnote.to_arrow(str(path), "results").to_pylist()
        if len(results) != len(boards):
            continue
        for board, row in zip(boards, results):
            if board.contract is not None and not board.contract.passed_out:
                assert board.contract.declarer == (row["declarer"] or "").lstrip("^") or row["declarer"] is None, (path, board.board)
            assert board.score_ns == row["score_ns"], (path, board.board)
            checked += 1
        again = cardnote.load_boards(cardnote.write_boards(boards), "pbn")
        assert [b.deal for b in again] == [b.deal for b in boards], path
        assert [str(b.contract) for b in again] == [str(b.contract) for b in boards], path
        assert [[c.text for c in b.auction] for b in again] == [[c.text for c in b.auction] for b in boards]
    assert checked > 10


def test_lin_boards_write_back_byte_for_byte():
    files = [p for p in corpus_files("lin", ".lin") if "invalid" not in p.parts]
    assert files
    boards_seen = 0
    for path in files:
        try:
            boards = cardnote.load_boards(str(path))
        except cardnote.CardnoteError:
            continue
        assert all(b.format == "lin" for b in boards)
        data = path.read_bytes()
        try:
            text = data.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
        # Every record is a match header or a board: written back, they are the file.
        assert cardnote.write_boards(boards) == text, path
        for board in boards:
            if board.contract and not board.contract.passed_out and board.result is not None:
                assert board.score is not None
            if board.play and board.contract and board.contract.declarer:
                assert board.play[0].seat in "NESW"
        boards_seen += len(boards)
    assert boards_seen > 5


def test_lin_board_objects():
    text = (
        "qx|o1|pn|Ann,Bob,Cy,Di|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|n|"
        "mb|1C!|an|16+|mb|p|mb|4S|mb|p|mb|p|mb|p|pc|S2|pc|S6|pc|ST|pc|SA|mc|12|pg||\n"
    )
    [board] = cardnote.load_boards(text)
    assert board.format == "lin" and board.dealer == "N" and board.vulnerability == "NS"
    assert board.players == ["Cy", "Di", "Ann", "Bob"]
    assert board.deal.is_complete
    first = board.auction[0]
    assert (first.text, first.seat, first.alert, first.explanation) == ("1C", "N", True, "16+")
    assert str(board.contract) == "4S S" and board.result == 12
    assert board.score == 680 and board.score_ns == 680
    assert [(p.seat, p.card) for p in board.play] == [("W", "S2"), ("N", "S6"), ("E", "ST"), ("S", "SA")]
    assert cardnote.write_boards([board]) == text == board.write()


def test_boards_errors():
    with pytest.raises(ValueError):
        cardnote.load_boards(cardnote.EXAMPLE_BOARD, "chess")
    with pytest.raises(ValueError):
        cardnote.Deal("not a deal")
    with pytest.raises(ValueError):
        cardnote.Contract("8S", "N")
    lin = cardnote.load_boards("qx|o1|md|3SAKQJHAKQDAKQCAKQ,S2345H2345D2345C2,S6789H6789D6789C3,|sv|0|pg||\n")
    pbn = cardnote.load_boards(cardnote.EXAMPLE_BOARD)
    with pytest.raises(ValueError):
        cardnote.write_boards(pbn + lin)


# --- Double dummy ------------------------------------------------------------------------------

DDS_ORDER = [("S", s) for s in "NESW"] + [("H", s) for s in "NESW"] + [("D", s) for s in "NESW"] + [
    ("C", s) for s in "NESW"] + [("NT", s) for s in "NESW"]


def list100():
    """DDS's list100.txt: (deal, dealer, vulnerability, table cells, dealer par score)."""
    path = shared("dd/dds-bridge__dds/hands/list100.txt")
    deals, current = [], {}
    for line in path.read_text().splitlines():
        if line.startswith("PBN "):
            parts = line.split('"')
            numbers = parts[0].split()[1:]
            current = {"deal": parts[1], "dealer": "NESW"[int(numbers[0])],
                       "vulnerability": ["None", "All", "NS", "EW"][int(numbers[1])]}
        elif line.startswith("TABLE "):
            current["table"] = [int(x) for x in line.split()[1:]]
        elif line.startswith("PAR2 "):
            current["par2"] = int(line.split('"')[1])
            deals.append(current)
    return deals


def test_dd_tables_and_par_equal_dds_on_its_100_deals():
    deals = list100()
    assert len(deals) == 100
    tables = cardnote.dd_tables(d["deal"] for d in deals)
    for deal, table in zip(deals, tables):
        cells = [table.tricks(seat, strain) for strain, seat in DDS_ORDER]
        assert cells == deal["table"], deal["deal"]
        par = table.par(deal["vulnerability"], deal["dealer"])
        assert par.score_ns == deal["par2"], deal["deal"]
    assert cardnote.dd_table(deals[0]["deal"]) == tables[0]


def test_dd_batch_has_no_limit_and_releases_the_gil():
    deals = [d["deal"] for d in list100()]
    batch = deals * 2 + deals[:10]  # 210 deals: more than DDS's 200-board batch
    ticks = []
    done = threading.Event()

    def tick():
        while not done.is_set():
            ticks.append(time.monotonic())
            time.sleep(0.01)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        tables = cardnote.dd_tables(batch)
    finally:
        done.set()
        ticker.join()
    assert len(tables) == 210 and all(t is not None for t in tables)
    assert tables[:100] == tables[100:200]
    assert len(ticks) > 10, "the GIL was held while solving"


def test_dd_contract_results_and_par_of_the_example():
    board = cardnote.load_boards(cardnote.EXAMPLE_BOARD)[0]
    table = cardnote.dd_table(board)
    assert table.to_list()[3] == [table.tricks("W", s) for s in ["C", "D", "H", "S", "NT"]]
    result = table.contract(board.contract, vulnerability=board.vulnerability)
    assert (result.tricks, result.score, result.score_ns) == (8, 110, -110)
    doubled = table.contract("4SX", "W", "All")
    assert (doubled.tricks, doubled.score) == (8, -500)
    assert table.contract(cardnote.Contract("3NT", "N")).tricks == table.tricks("N", "NT")
    par = table.par("None", "N")
    assert (par.score, par.contracts, par.score_ns) == ("EW 110", ["EW 2S="], -110)
    assert table.to_pbn().startswith(table.to_pbn()[:4]) and len(table.to_pbn()) == 20
    with pytest.raises(cardnote.CardnoteError) as caught:
        cardnote.dd_table("N:QJ6.K652.J85.T98 - - -")
    assert caught.value.code == "DD_DEAL_NOT_FULL"
    with pytest.raises(ValueError):
        table.contract("Pass", "N")
