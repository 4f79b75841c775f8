"""Computes the poker statistics of `cardnote stats` again, independently, with SQL in DuckDB over
the Parquet tables of `cardnote export`, and compares the two player by player.

Usage: python stats_duckdb.py TABLES_DIR STATS_JSONL HANDS ERRORED UNFINISHED
The definitions are those of the poker-stats crate docs, restated here in SQL over the `hands`,
`seats` and `actions` tables only (no engine): a disagreement means one side is wrong.
Both sides leave out the hands the replay refuses and the hands that do not end; their numbers
are counted here and must be the reviewed HANDS (all hands exported), ERRORED and UNFINISHED
(not errored), so a hand cardnote starts refusing (or stops refusing) cannot disappear unseen.
"""

import json
import sys
from decimal import Decimal

import duckdb

SQL = r"""
WITH
hands AS (
  SELECT * FROM read_parquet('{d}/hands/**/*.parquet', union_by_name = true)
  WHERE terminal AND len(error_codes) = 0
),
seats AS (
  SELECT s.* FROM read_parquet('{d}/seats/**/*.parquet', union_by_name = true) s
  SEMI JOIN hands h ON s.file = h.file AND s."index" = h."index"
),
acts AS (
  SELECT a.* FROM read_parquet('{d}/actions/**/*.parquet', union_by_name = true) a
  SEMI JOIN hands h ON a.file = h.file AND a."index" = h."index"
),
betting AS (
  SELECT *,
    -- completions/bets/raises before this action on the same street
    count(*) FILTER (WHERE kind = 'bet_raise_to') OVER w_before AS raises_before,
    last(CASE WHEN kind = 'bet_raise_to' THEN actor END IGNORE NULLS) OVER w_before AS raiser_before
  FROM acts
  WHERE kind IN ('check', 'call', 'bet_raise_to', 'fold')
  WINDOW w_before AS (PARTITION BY file, "index", street ORDER BY seq
                      ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
),
second_street AS (  -- first action of the hand on the second street or later
  SELECT file, "index", min(seq) AS seq FROM acts WHERE street >= 1 GROUP BY ALL
),
three_bet AS (  -- first turn facing exactly one raise by someone else
  SELECT file, "index", actor, arg_min(kind, seq) = 'bet_raise_to' AS made
  FROM betting
  WHERE street = 0 AND raises_before = 1 AND raiser_before <> actor
  GROUP BY ALL
),
pf_aggressor AS (
  SELECT file, "index", arg_max(actor, seq) AS actor
  FROM acts WHERE street = 0 AND kind = 'bet_raise_to' GROUP BY ALL
),
first_flop_turn AS (
  SELECT file, "index", actor, arg_min(kind, seq) AS kind, arg_min(raises_before, seq) AS raises_before
  FROM betting WHERE street = 1 GROUP BY ALL
),
cbet AS (
  SELECT f.file, f."index", f.actor, f.kind = 'bet_raise_to' AS made
  FROM first_flop_turn f JOIN pf_aggressor p USING (file, "index", actor)
  WHERE f.raises_before = 0
),
folds AS (
  SELECT file, "index", actor, min(seq) AS seq FROM acts WHERE kind = 'fold' GROUP BY ALL
),
unfolded AS (
  SELECT s.file, s."index", count(*) AS n FROM seats s
  ANTI JOIN folds f ON s.file = f.file AND s."index" = f."index" AND s.seat = f.actor
  GROUP BY ALL
),
facts AS (
  SELECT
    s.file, s."index", s.seat,
    coalesce(nullif(s.player, ''), s.position, 'p' || s.seat) AS player,
    CAST(s.payoff AS DECIMAL(38, 18)) AS payoff,
    EXISTS (SELECT 1 FROM acts a WHERE a.file = s.file AND a."index" = s."index" AND a.actor = s.seat
            AND a.street = 0 AND a.kind IN ('call', 'bet_raise_to')) AS vpip,
    EXISTS (SELECT 1 FROM acts a WHERE a.file = s.file AND a."index" = s."index" AND a.actor = s.seat
            AND a.street = 0 AND a.kind = 'bet_raise_to') AS pfr,
    t.made IS NOT NULL AS three_bet_chance, coalesce(t.made, false) AS three_bet,
    c.made IS NOT NULL AS cbet_chance, coalesce(c.made, false) AS cbet,
    (ss.seq IS NOT NULL AND (f.seq IS NULL OR f.seq > ss.seq)) AS saw,
    f.seq IS NULL AS never_folded,
    u.n AS unfolded,
    (SELECT max(CAST(b AS DECIMAL(38, 12))) FROM (SELECT unnest(h.blinds_or_straddles[1:2]) AS b)) AS bb
  FROM seats s
  JOIN hands h ON h.file = s.file AND h."index" = s."index"
  LEFT JOIN three_bet t ON t.file = s.file AND t."index" = s."index" AND t.actor = s.seat
  LEFT JOIN cbet c ON c.file = s.file AND c."index" = s."index" AND c.actor = s.seat
  LEFT JOIN second_street ss ON ss.file = s.file AND ss."index" = s."index"
  LEFT JOIN folds f ON f.file = s.file AND f."index" = s."index" AND f.actor = s.seat
  LEFT JOIN unfolded u ON u.file = s.file AND u."index" = s."index"
),
facts2 AS (
  SELECT *, saw AND never_folded AND coalesce(unfolded, 0) >= 2 AS showdown FROM facts
)
SELECT
  player,
  count(*) AS hands,
  count(*) FILTER (WHERE vpip) AS vpip,
  count(*) FILTER (WHERE pfr) AS pfr,
  count(*) FILTER (WHERE three_bet_chance) AS three_bet_chances,
  count(*) FILTER (WHERE three_bet) AS three_bets,
  count(*) FILTER (WHERE cbet_chance) AS cbet_chances,
  count(*) FILTER (WHERE cbet) AS cbets,
  count(*) FILTER (WHERE saw) AS saw_second_street,
  count(*) FILTER (WHERE showdown) AS showdowns,
  count(*) FILTER (WHERE showdown AND payoff > 0) AS won_at_showdown,
  CAST(sum(payoff) AS VARCHAR) AS net_won,
  count(*) FILTER (WHERE bb > 0) AS blind_hands,
  CAST(100 * avg(CAST(payoff AS DOUBLE) / CAST(bb AS DOUBLE)) FILTER (WHERE bb > 0) AS DOUBLE) AS bb_per_100
FROM facts2
GROUP BY player
ORDER BY player
"""

EXCLUDED_SQL = r"""
SELECT
  count(*) AS hands,
  count(*) FILTER (WHERE len(error_codes) > 0) AS errored,
  count(*) FILTER (WHERE len(error_codes) = 0 AND NOT terminal) AS unfinished
FROM read_parquet('{d}/hands/**/*.parquet', union_by_name = true)
"""

COUNTS = ["hands", "vpip", "pfr", "three_bet_chances", "three_bets", "cbet_chances", "cbets",
          "saw_second_street", "showdowns", "won_at_showdown", "blind_hands"]


def main() -> int:
    tables, stats_path = sys.argv[1], sys.argv[2]
    expected = tuple(int(n) for n in sys.argv[3:6])
    counted = duckdb.sql(EXCLUDED_SQL.format(d=tables)).fetchall()[0]
    print(f"hands exported: {counted[0]}, left out: {counted[1]} errored, {counted[2]} unfinished")
    rows = duckdb.sql(SQL.format(d=tables)).fetchall()
    columns = ["player"] + COUNTS[:10] + ["net_won", "blind_hands", "bb_per_100"]
    sql = {r[0]: dict(zip(columns, r)) for r in rows}
    with open(stats_path, encoding="utf-8") as f:
        ours = {o["player"]: o for o in map(json.loads, f)}
    problems = []
    if tuple(counted) != expected:
        problems.append(f"hands, errored, unfinished: {tuple(counted)}, expected {expected}")
    if set(sql) != set(ours):
        problems.append(f"players differ: only SQL {sorted(set(sql) - set(ours))[:5]}, "
                        f"only cardnote {sorted(set(ours) - set(sql))[:5]}")
    for player in sorted(set(sql) & set(ours)):
        a, b = sql[player], ours[player]
        for c in COUNTS:
            if a[c] != b[c]:
                problems.append(f"{player}: {c} SQL {a[c]} cardnote {b[c]}")
        # A share of a split pot carries up to 28 significant digits; DECIMAL(38, 18) keeps 18
        # places, so the sums may differ far below a billionth of a chip.
        if abs(Decimal(a["net_won"]) - Decimal(b["net_won"])) > Decimal("1e-9"):
            problems.append(f"{player}: net_won SQL {a['net_won']} cardnote {b['net_won']}")
        x, y = a["bb_per_100"], b["bb_per_100"]
        if (x is None) != (y is None) or (x is not None and abs(x - float(y)) > 0.006):
            problems.append(f"{player}: bb_per_100 SQL {x} cardnote {y}")
    for p in problems[:40]:
        print("MISMATCH", p)
    hands = sum(o["hands"] for o in ours.values())
    print(f"duckdb cross-check: {len(ours)} players, {hands} seat-hands, {len(problems)} mismatches")
    return 1 if problems or not ours else 0


if __name__ == "__main__":
    sys.exit(main())
