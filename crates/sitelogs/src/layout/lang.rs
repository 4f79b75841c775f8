//! PokerStars logs written in the client's language, read through the English words they stand
//! for (each line is rewritten in the English layout, then read as usual).
//!
//! Only what real logs document is read (sources in `corpus/sitelogs/SOURCES.md`):
//! - **Portuguese** (2015–2025 logs): the whole hand. `Mão PokerStars #N: Torneio #T, ... - Nível
//!   V (40/80) - 2025/07/22 10:10:49 ET`, `Mesa '...' 9-max Lugar #3 é o botão`, `Lugar 1: NAME
//!   (7835 em fichas)`, `coloca ante`, `paga o small blind`, `*** CARTAS DA MÃO ***`, `NAME recebe
//!   [..]`, `desiste`, `passa`, `iguala`, `aposta`, `aumenta X para Y`, `e está all-in`, `Aposta
//!   não-igualada (X) voltou para NAME`, `NAME recebeu X do pote`, `*** SUMÁRIO ***`, `Total pote
//!   X | comissão Y`.
//! - **Spanish** (2025 logs, cash in euros): `Mano n.º N de [Zoom de ]PokerStars:  Hold'em No
//!   Limit (0.02 €/0.05 €) - 11-01-2025 11:37:11 CET [11-01-2025 5:37:11 ET]` (day first, dashes;
//!   the symbol after the amount), `Mesa "Asterope" 6-max El asiento n.º 1 es el botón`, `Asiento
//!   1: NAME (5.14 € en fichas)`, `pone la ciega pequeña|grande`, `*** CARTAS DE MANO ***`,
//!   `Repartidas a NAME [..]`, `se retira`, `pasa`, `iguala`, `apuesta`, `sube X € a Y €`,
//!   `muestra`, `descarta su mano sin mostrar`, `no muestra su mano`, `La apuesta no igualada (X €)
//!   ha sido devuelta a NAME`, `NAME se lleva X € del bote`, `*** RESUMEN ***`, `Bote total X € |
//!   Comisión Y €`, `Comunitarias [..]`.
//! - **Russian** (2026 logs, cash in dollars): `Раздача PokerStars №N:  Холдем Безлимитный
//!   ($0.01/$0.02 USD) - 04.05.2026 21:35:18 EET [04.05.2026 14:35:18 ВВ]` (day first, dots; the
//!   game named in Russian: only no-limit hold'em is documented), `Стол 'NAME' 6-max Баттон на
//!   месте №4`, `Место 1: NAME ($0.89 фишек)`, `ставит малый|большой блайнд`, `*** ЗАКРЫТЫЕ КАРТЫ
//!   ***`, `Карты NAME [..]`, `делает фолд|чек|колл X|бет X|рейз X Y`, `и олл-ин`, `*** ФЛОП|ТЕРН|
//!   РИВЕР ***`, `Неуравненная ставка (X) возвращается игроку NAME`, `*** ВСКРЫТИЕ КАРТ ***`,
//!   `открывает [..]`, `NAME получил X ( банк)`, `*** ИТОГ ***`, `Общий банк X | Доля Y`, `Борд
//!   [..]`.
//! - **French** (the current client): the header `Main PokerStars n°N :  Hold'em No Limit
//!   (100/200) - 12/07/2026 18:25:06 CET [12/07/2026 12:25:06 ET]` (day first in the dates), the
//!   French typography of a space (often a no-break one) before the colon after a name
//!   (`NAME : calls 200`), and play money written `(argent fictif)`; the rest of such a log is in
//!   English. French action words are not read (no complete real log documents them): a line
//!   using them refuses its hand as any unreadable line does.
//!
//! Other languages (German, Italian...) are not read: no real log of theirs was
//! found to build to, and their headers are not recognized as hands.

use std::borrow::Cow;

/// A language whose PokerStars logs are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    /// Portuguese (`Mão PokerStars #`).
    Portuguese,
    /// Spanish (`Mano n.º N de PokerStars:`).
    Spanish,
    /// Russian (`Раздача PokerStars №`).
    Russian,
    /// French (`Main PokerStars n°`).
    French,
}

impl Lang {
    /// The language's name, in English.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Lang::Portuguese => "Portuguese",
            Lang::Spanish => "Spanish",
            Lang::Russian => "Russian",
            Lang::French => "French",
        }
    }
}

const PT_HEADER: &str = "Mão PokerStars #";
const FR_HEADER: &str = "Main PokerStars n";
const ES_HEADER: &str = "Mano n.º ";
const RU_HEADER: &str = "Раздача PokerStars №";

/// The language a hand header is written in, when it is one of those read (English is `None`).
#[must_use]
pub fn detect(header: &str) -> Option<Lang> {
    let header = header.trim_start_matches('\u{feff}');
    if header.starts_with(PT_HEADER) {
        Some(Lang::Portuguese)
    } else if header.starts_with(FR_HEADER) && fr_number(header).is_some() {
        Some(Lang::French)
    } else if header.starts_with(ES_HEADER) && es_number(header).is_some() {
        Some(Lang::Spanish)
    } else if header.starts_with(RU_HEADER) {
        Some(Lang::Russian)
    } else {
        None
    }
}

/// `Main PokerStars n°N :` (also `nº`, `n °`): the hand number and the text after the colon.
fn fr_number(header: &str) -> Option<(&str, &str)> {
    let rest = header.strip_prefix(FR_HEADER)?;
    let rest = rest.trim_start_matches(['°', 'º', ' ', '\u{a0}']);
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    let (id, after) = rest.split_at(end);
    let after = after.trim_start_matches([' ', '\u{a0}', '\u{202f}']).strip_prefix(':')?;
    (!id.is_empty()).then_some((id, after))
}

/// `Mano n.º N de [Zoom de ]PokerStars:`: the hand number, the site words (`PokerStars`,
/// `PokerStars Zoom`) and the text after the colon.
fn es_number(header: &str) -> Option<(&str, &'static str, &str)> {
    let rest = header.strip_prefix(ES_HEADER)?;
    let end = rest.find(|c: char| !c.is_ascii_digit())?;
    let (id, after) = rest.split_at(end);
    let (site, after) = if let Some(after) = after.strip_prefix(" de Zoom de PokerStars:") {
        ("PokerStars Zoom", after)
    } else {
        ("PokerStars", after.strip_prefix(" de PokerStars:")?)
    };
    (!id.is_empty()).then_some((id, site, after))
}

/// `DD/MM/YYYY` (or `DD-MM-YYYY`, `DD.MM.YYYY`) at the start of `word` as `YYYY/MM/DD`.
fn day_first(word: &str) -> Option<String> {
    let b = word.as_bytes();
    let digits = |r: std::ops::Range<usize>| b.get(r).is_some_and(|s| s.iter().all(u8::is_ascii_digit));
    let sep = *b.get(2)?;
    ((sep == b'/' || sep == b'-' || sep == b'.')
        && b.len() >= 10
        && digits(0..2)
        && digits(3..5)
        && b[5] == sep
        && digits(6..10))
    .then(|| format!("{}/{}/{}{}", &word[6..10], &word[3..5], &word[..2], &word[10..]))
}

/// Each date of a header's words in the English order.
fn dates_first(after: &str) -> String {
    let words: Vec<String> = after
        .split(' ')
        .map(|w| match w.strip_prefix('[') {
            Some(inner) => day_first(inner).map_or_else(|| w.to_owned(), |d| format!("[{d}")),
            None => day_first(w).unwrap_or_else(|| w.to_owned()),
        })
        .collect();
    words.join(" ")
}

/// Amounts written with the currency symbol after them (`0.02 €`) written with it before
/// (`€0.02`), as the English layout does.
#[must_use]
pub fn symbol_first(text: &str) -> Cow<'_, str> {
    let mut out = Cow::Borrowed(text);
    for symbol in crate::money::SYMBOLS {
        let pattern = format!(" {symbol}");
        let mut from = 0;
        while let Some(at) = out[from..].find(&pattern).map(|i| from + i) {
            from = at + pattern.len();
            if !out[..at].ends_with(|c: char| c.is_ascii_digit()) {
                continue;
            }
            let start = out[..at]
                .char_indices()
                .rev()
                .find(|(_, c)| !(c.is_ascii_digit() || *c == '.' || *c == ','))
                .map_or(0, |(i, c)| i + c.len_utf8());
            let moved = format!("{}{symbol}{}{}", &out[..start], &out[start..at], &out[from..]);
            // The amount moved one place right and the space went: the rest starts where it was.
            from = at + symbol.len_utf8();
            out = Cow::Owned(moved);
        }
    }
    out
}

/// The header in English: `PokerStars Hand #N: ...`, its words and dates in the English order.
#[must_use]
pub fn header(lang: Lang, line: &str) -> Option<String> {
    let line = line.trim_start_matches('\u{feff}');
    match lang {
        Lang::Portuguese => {
            let rest = line.strip_prefix(PT_HEADER)?;
            Some(format!("PokerStars Hand #{}", rest.replace(" - Nível ", " - Level ")))
        }
        Lang::French => {
            let (id, after) = fr_number(line)?;
            Some(format!("PokerStars Hand #{id}:{}", dates_first(after)))
        }
        Lang::Spanish => {
            let (id, site, after) = es_number(line)?;
            Some(format!("{site} Hand #{id}:{}", symbol_first(&dates_first(after))))
        }
        Lang::Russian => {
            let rest = line.strip_prefix(RU_HEADER)?;
            let (id, after) = rest.split_once(':')?;
            let after = after.replacen("Холдем Безлимитный", "Hold'em No Limit", 1);
            Some(format!("PokerStars Hand #{id}:{}", dates_first(&after)))
        }
    }
}

/// The table line in English.
#[must_use]
pub fn table(lang: Lang, line: &str) -> Cow<'_, str> {
    match lang {
        Lang::Portuguese => match line.strip_prefix("Mesa '") {
            Some(rest) => {
                let rest = match rest.rsplit_once(" Lugar #") {
                    Some((before, button)) => {
                        let seat = button.trim_end().strip_suffix(" é o botão").unwrap_or(button);
                        format!("{before} Seat #{seat} is the button")
                    }
                    None => rest.to_owned(),
                };
                Cow::Owned(format!("Table '{rest}"))
            }
            None => Cow::Borrowed(line),
        },
        Lang::Spanish => match line.strip_prefix("Mesa \"").and_then(|r| r.rsplit_once('"')) {
            Some((name, rest)) => {
                let rest = match rest.rsplit_once(" El asiento n.º ") {
                    Some((before, button)) => {
                        let seat = button.trim_end().strip_suffix(" es el botón").unwrap_or(button);
                        format!("{before} Seat #{seat} is the button")
                    }
                    None => rest.to_owned(),
                };
                Cow::Owned(format!("Table '{name}'{rest}"))
            }
            None => Cow::Borrowed(line),
        },
        Lang::Russian => match line.strip_prefix("Стол '") {
            Some(rest) => {
                let rest = match rest.rsplit_once(" Баттон на месте №") {
                    Some((before, seat)) => format!("{before} Seat #{} is the button", seat.trim_end()),
                    None => rest.to_owned(),
                };
                Cow::Owned(format!("Table '{rest}"))
            }
            None => Cow::Borrowed(line),
        },
        Lang::French if line.contains("(argent fictif)") => {
            Cow::Owned(line.replacen("(argent fictif)", "(Play Money)", 1))
        }
        Lang::French => Cow::Borrowed(line),
    }
}

/// Portuguese action words after `NAME: `, in English (`None`: not an action word read here).
fn pt_action(rest: &str) -> Option<String> {
    let (rest, all_in) = match rest.strip_suffix(" e está all-in") {
        Some(r) => (r, " and is all-in"),
        None => (rest, ""),
    };
    let english = match rest {
        "desiste" => "folds".to_owned(),
        "passa" => "checks".to_owned(),
        "não mostra a mão" => "doesn't show hand".to_owned(),
        "esconde a mão" => "mucks hand".to_owned(),
        "está sit out" => "is sitting out".to_owned(),
        _ => {
            const WORDS: [(&str, &str); 7] = [
                ("coloca ante ", "posts the ante "),
                ("paga o small blind ", "posts small blind "),
                ("paga o big blind ", "posts big blind "),
                ("iguala ", "calls "),
                ("aposta ", "bets "),
                ("mostra ", "shows "),
                ("escondeu as cartas ", "mucks hand "),
            ];
            if let Some((pt, en)) = WORDS.iter().find(|(pt, _)| rest.starts_with(pt)) {
                format!("{en}{}", &rest[pt.len()..])
            } else if let Some((by, to)) = rest.strip_prefix("aumenta ").and_then(|r| r.split_once(" para "))
            {
                format!("raises {by} to {to}")
            } else {
                return None;
            }
        }
    };
    Some(format!("{english}{all_in}"))
}

/// Portuguese lines about any player (seated in the hand or not) that carry nothing for its
/// play, in English.
fn pt_chatter(line: &str) -> Option<String> {
    const ENDINGS: [(&str, &str); 6] = [
        (" está sem ligação", " is disconnected"),
        (" está ligado", " is connected"),
        (" gastou o tempo enquanto estava sem ligação", " has timed out while disconnected"),
        (" gastou o tempo", " has timed out"),
        (" está sit out", " is sitting out"),
        (" voltou", " has returned"),
    ];
    if let Some((pt, en)) = ENDINGS.iter().find(|(pt, _)| line.ends_with(pt)) {
        return Some(format!("{}{en}", &line[..line.len() - pt.len()]));
    }
    const PLACES: [(&str, &str); 3] = [
        (" terminou o torneio em ", " finished the tournament in "),
        (" Acabou o torneio em ", " finished the tournament in "),
        (" ganhou o torneio", " wins the tournament"),
    ];
    PLACES.iter().find_map(|(pt, en)| line.split_once(pt).map(|(who, rest)| format!("{who}{en}{rest}")))
}

/// A line of the hand (after the header and table lines) in English; `names` are the seated
/// players' (none yet while the seat lines are read). `None`: the line is read as it is.
#[must_use]
pub fn line(lang: Lang, text: &str, names: &[&str]) -> Option<String> {
    match lang {
        Lang::Portuguese => portuguese(text, names),
        Lang::Spanish => spanish(text, names).map(|english| symbol_first(&english).into_owned()),
        Lang::Russian => russian(text, names),
        Lang::French => french(text, names),
    }
}

fn portuguese(text: &str, names: &[&str]) -> Option<String> {
    match text {
        "*** CARTAS DA MÃO ***" => return Some("*** HOLE CARDS ***".to_owned()),
        "*** SUMÁRIO ***" => return Some("*** SUMMARY ***".to_owned()),
        _ => {}
    }
    if let Some(rest) = text.strip_prefix("Lugar ") {
        // A seat line, or a seat's line of the summary.
        let rest = rest
            .replacen(" em fichas)", " in chips)", 1)
            .replacen(" recebeu (", " collected (", 1)
            .replacen(" (Botão)", " (button)", 1);
        let rest = rest.strip_suffix(" está sit out").map_or(rest.clone(), |r| format!("{r} is sitting out"));
        return Some(format!("Seat {rest}"));
    }
    if let Some(board) = text.strip_prefix("Mesa [") {
        return Some(format!("Board [{board}"));
    }
    if let Some(rest) = text.strip_prefix("Total pote ") {
        return Some(format!("Total pot {}", rest.replacen("| comissão ", "| Rake ", 1)));
    }
    if let Some(rest) = text.strip_prefix("Aposta não-igualada (") {
        return Some(format!("Uncalled bet ({}", rest.replacen(") voltou para ", ") returned to ", 1)));
    }
    if let Some((name, rest)) = seated(text, names) {
        if let Some(action) = rest.strip_prefix(": ") {
            return pt_action(action).map(|english| format!("{name}: {english}"));
        }
        if let Some(cards) = rest.strip_prefix(" recebe [") {
            return Some(format!("Dealt to {name} [{cards}"));
        }
        if let Some(won) = rest.strip_prefix(" recebeu ")
            && let Some(amount) = won.strip_suffix(" do pote")
        {
            return Some(format!("{name} collected {amount} from pot"));
        }
    }
    pt_chatter(text)
}

/// The longest seated name `text` starts with, and the text after it.
fn seated<'t>(text: &'t str, names: &[&str]) -> Option<(&'t str, &'t str)> {
    names
        .iter()
        .filter(|n| !n.is_empty() && text.starts_with(**n))
        .max_by_key(|n| n.len())
        .map(|n| text.split_at(n.len()))
}

/// Spanish action words after `NAME: `, in English (amounts keep their symbol after them).
fn es_action(rest: &str) -> Option<String> {
    Some(match rest {
        "se retira" => "folds".to_owned(),
        "pasa" => "checks".to_owned(),
        "descarta su mano sin mostrar" => "mucks hand".to_owned(),
        "no muestra su mano" => "doesn't show hand".to_owned(),
        _ => {
            const WORDS: [(&str, &str); 5] = [
                ("pone la ciega pequeña ", "posts small blind "),
                ("pone la ciega grande ", "posts big blind "),
                ("iguala ", "calls "),
                ("apuesta ", "bets "),
                ("muestra ", "shows "),
            ];
            if let Some((es, en)) = WORDS.iter().find(|(es, _)| rest.starts_with(es)) {
                format!("{en}{}", &rest[es.len()..])
            } else {
                let (by, to) = rest.strip_prefix("sube ")?.split_once(" a ")?;
                format!("raises {by} to {to}")
            }
        }
    })
}

fn spanish(text: &str, names: &[&str]) -> Option<String> {
    match text {
        "*** CARTAS DE MANO ***" => return Some("*** HOLE CARDS ***".to_owned()),
        "*** RESUMEN ***" => return Some("*** SUMMARY ***".to_owned()),
        _ => {}
    }
    if let Some(rest) = text.strip_prefix("Asiento ") {
        // A seat line, or a seat's line of the summary.
        let mut rest = rest.to_owned();
        for (es, en) in [
            (" en fichas)", " in chips)"),
            (" (botón)", " (button)"),
            (" (ciega pequeña)", " (small blind)"),
            (" (ciega grande)", " (big blind)"),
            (" recaudó (", " collected ("),
            (" muestra [", " showed ["),
            ("] y ganó (", "] and won ("),
            (") con ", ") with "),
            (" descartó sin mostrar [", " mucked ["),
        ] {
            rest = rest.replacen(es, en, 1);
        }
        return Some(format!("Seat {rest}"));
    }
    if let Some(board) = text.strip_prefix("Comunitarias [") {
        return Some(format!("Board [{board}"));
    }
    if let Some(rest) = text.strip_prefix("Bote total ") {
        return Some(format!("Total pot {}", rest.replacen("| Comisión ", "| Rake ", 1)));
    }
    if let Some(rest) = text.strip_prefix("La apuesta no igualada (") {
        return Some(format!(
            "Uncalled bet ({}",
            rest.replacen(") ha sido devuelta a ", ") returned to ", 1)
        ));
    }
    if let Some(rest) = text.strip_prefix("Repartidas a ") {
        return Some(format!("Dealt to {rest}"));
    }
    if let Some((name, rest)) = seated(text, names) {
        if let Some(action) = rest.strip_prefix(": ") {
            return es_action(action).map(|english| format!("{name}: {english}"));
        }
        if let Some(won) = rest.strip_prefix(" se lleva ")
            && let Some(amount) = won.strip_suffix(" del bote")
        {
            return Some(format!("{name} collected {amount} from pot"));
        }
    }
    const ENDINGS: [(&str, &str); 3] = [
        (" no tiene conexión", " is disconnected"),
        (" ha agotado su tiempo mientras siga sin conexión", " has timed out while disconnected"),
        (" ha agotado su tiempo", " has timed out"),
    ];
    ENDINGS
        .iter()
        .find(|(es, _)| text.ends_with(es))
        .map(|(es, en)| format!("{}{en}", &text[..text.len() - es.len()]))
}

/// Russian action words after `NAME: `, in English.
fn ru_action(rest: &str) -> Option<String> {
    let (rest, all_in) = match rest.strip_suffix(" и олл-ин") {
        Some(r) => (r, " and is all-in"),
        None => (rest, ""),
    };
    let english = match rest {
        "делает фолд" => "folds".to_owned(),
        "делает чек" => "checks".to_owned(),
        _ => {
            const WORDS: [(&str, &str); 4] = [
                ("ставит малый блайнд ", "posts small blind "),
                ("ставит большой блайнд ", "posts big blind "),
                ("делает колл ", "calls "),
                ("делает бет ", "bets "),
            ];
            if let Some(shown) = rest.strip_prefix("открывает [") {
                // The hand's name follows in brackets of its own (`(тройку [валеты])`): the
                // cards alone.
                format!("shows [{}]", shown.split(']').next().unwrap_or_default())
            } else if let Some((ru, en)) = WORDS.iter().find(|(ru, _)| rest.starts_with(ru)) {
                format!("{en}{}", &rest[ru.len()..])
            } else {
                // `делает рейз $0.06 $0.08`: by, then to.
                let (by, to) = rest.strip_prefix("делает рейз ")?.split_once(' ')?;
                format!("raises {by} to {to}")
            }
        }
    };
    Some(format!("{english}{all_in}"))
}

fn russian(text: &str, names: &[&str]) -> Option<String> {
    const MARKERS: [(&str, &str); 6] = [
        ("*** ЗАКРЫТЫЕ КАРТЫ ***", "*** HOLE CARDS ***"),
        ("*** ФЛОП ***", "*** FLOP ***"),
        ("*** ТЕРН ***", "*** TURN ***"),
        ("*** РИВЕР ***", "*** RIVER ***"),
        ("*** ВСКРЫТИЕ КАРТ ***", "*** SHOW DOWN ***"),
        ("*** ИТОГ ***", "*** SUMMARY ***"),
    ];
    if let Some((ru, en)) = MARKERS.iter().find(|(ru, _)| text.starts_with(ru)) {
        return Some(format!("{en}{}", &text[ru.len()..]));
    }
    if let Some(rest) = text.strip_prefix("Место ") {
        // A seat line, or a seat's line of the summary (the hand's name, in brackets of its own,
        // left out).
        let rest = rest.split_once(" , собрав ").map_or(rest, |(r, _)| r);
        let mut rest = rest.to_owned();
        for (ru, en) in [
            (" фишек)", " in chips)"),
            (" (баттон)", " (button)"),
            (" (малый блайнд)", " (small blind)"),
            (" (большой блайнд)", " (big blind)"),
            (" открыл [", " showed ["),
            ("] и выиграл (", "] and won ("),
        ] {
            rest = rest.replacen(ru, en, 1);
        }
        return Some(format!("Seat {rest}"));
    }
    if let Some(board) = text.strip_prefix("Борд [") {
        return Some(format!("Board [{board}"));
    }
    if let Some(rest) = text.strip_prefix("Общий банк ") {
        return Some(format!("Total pot {}", rest.replacen("| Доля ", "| Rake ", 1)));
    }
    if let Some(rest) = text.strip_prefix("Неуравненная ставка (") {
        return Some(format!(
            "Uncalled bet ({}",
            rest.replacen(") возвращается игроку ", ") returned to ", 1)
        ));
    }
    if let Some(rest) = text.strip_prefix("Карты ") {
        return Some(format!("Dealt to {rest}"));
    }
    if let Some((name, rest)) = seated(text, names) {
        if let Some(action) = rest.strip_prefix(": ") {
            return ru_action(action).map(|english| format!("{name}: {english}"));
        }
        if let Some(won) = rest.strip_prefix(" получил ")
            && let Some((amount, _)) = won.split_once(" (")
        {
            return Some(format!("{name} collected {amount} from pot"));
        }
    }
    text.strip_suffix(" покидает стол").map(|who| format!("{who} leaves the table"))
}

fn french(text: &str, names: &[&str]) -> Option<String> {
    // French typography: a space (the client writes a no-break one, read as a space) before the
    // colon after a name.
    names
        .iter()
        .filter(|n| !n.is_empty() && text.starts_with(**n) && text[n.len()..].starts_with(" : "))
        .max_by_key(|n| n.len())
        .map(|n| format!("{n}:{}", &text[n.len() + 2..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        let pt = "Mão PokerStars #257045862415: Torneio #3910307458, $ 0.98+$ 0.12 USD Hold'em No Limit - Nível V (40/80) - 2025/07/22 10:10:49 ET";
        assert_eq!(detect(pt), Some(Lang::Portuguese));
        assert_eq!(
            header(Lang::Portuguese, pt).unwrap(),
            "PokerStars Hand #257045862415: Torneio #3910307458, $ 0.98+$ 0.12 USD Hold'em No Limit - Level V (40/80) - 2025/07/22 10:10:49 ET"
        );
        let fr = "Main PokerStars n°261415379202\u{a0}:  Hold'em No Limit (100/200) - 12/07/2026 18:25:06 CET [12/07/2026 12:25:06 ET]";
        assert_eq!(detect(fr), Some(Lang::French));
        assert_eq!(
            header(Lang::French, fr).unwrap(),
            "PokerStars Hand #261415379202:  Hold'em No Limit (100/200) - 2026/07/12 18:25:06 CET [2026/07/12 12:25:06 ET]"
        );
        let es = "Mano n.º 254717173764 de Zoom de PokerStars:  Hold'em No Limit (0.02 €/0.05 €) - 05-02-2025 12:34:49 CET [05-02-2025 6:34:49 ET]";
        assert_eq!(detect(es), Some(Lang::Spanish));
        assert_eq!(
            header(Lang::Spanish, es).unwrap(),
            "PokerStars Zoom Hand #254717173764:  Hold'em No Limit (€0.02/€0.05) - 2025/02/05 12:34:49 CET [2025/02/05 6:34:49 ET]"
        );
        let ru = "Раздача PokerStars №260693414028:  Холдем Безлимитный ($0.01/$0.02 USD) - 04.05.2026 21:35:18 EET [04.05.2026 14:35:18 ВВ]";
        assert_eq!(detect(ru), Some(Lang::Russian));
        assert_eq!(
            header(Lang::Russian, ru).unwrap(),
            "PokerStars Hand #260693414028:  Hold'em No Limit ($0.01/$0.02 USD) - 2026/05/04 21:35:18 EET [2026/05/04 14:35:18 ВВ]"
        );
        assert_eq!(detect("PokerStars Hand #1: Hold'em No Limit (1/2)"), None);
        assert_eq!(detect("Main PokerStars sans numéro"), None);
    }

    #[test]
    fn portuguese_lines() {
        let names = ["Ann", "Ann B"];
        let en = |t: &str| line(Lang::Portuguese, t, &names);
        assert_eq!(
            en("Ann B: aumenta 546 para 626 e está all-in").unwrap(),
            "Ann B: raises 546 to 626 and is all-in"
        );
        assert_eq!(en("Ann recebe [9d Qc]").unwrap(), "Dealt to Ann [9d Qc]");
        assert_eq!(en("Ann recebeu 290 do pote").unwrap(), "Ann collected 290 from pot");
        assert_eq!(en("Zed está sem ligação").unwrap(), "Zed is disconnected");
        assert_eq!(
            en("Lugar 4: Ann (500 em fichas) está sit out").unwrap(),
            "Seat 4: Ann (500 in chips) is sitting out"
        );
        assert_eq!(en("Ann: fala algo"), None);
    }

    #[test]
    fn russian_lines() {
        let names = ["Ann", "Bob"];
        let en = |t: &str| line(Lang::Russian, t, &names);
        assert_eq!(en("Bob: делает рейз $0.06 $0.08").unwrap(), "Bob: raises $0.06 to $0.08");
        assert_eq!(en("Ann: делает колл $0.69 и олл-ин").unwrap(), "Ann: calls $0.69 and is all-in");
        assert_eq!(en("Bob получил $1.83 ( банк)").unwrap(), "Bob collected $1.83 from pot");
        assert_eq!(en("Bob: открывает [Js Jc] (тройку [валеты])").unwrap(), "Bob: shows [Js Jc]");
        assert_eq!(
            en("Место 2: Bob открыл [Js Jc] и выиграл ($1.83) , собрав тройку [валеты]").unwrap(),
            "Seat 2: Bob showed [Js Jc] and won ($1.83)"
        );
        assert_eq!(en("*** ФЛОП *** [7d 3c Qc]").unwrap(), "*** FLOP *** [7d 3c Qc]");
        assert_eq!(
            table(Lang::Russian, "Стол 'Agelaos V' 6-max Баттон на месте №4"),
            "Table 'Agelaos V' 6-max Seat #4 is the button"
        );
        assert_eq!(en("Ann: делает что-то"), None);
    }

    #[test]
    fn spanish_lines() {
        let names = ["Ann", "Bo b"];
        let en = |t: &str| line(Lang::Spanish, t, &names);
        assert_eq!(en("Bo b: sube 0.07 € a 0.12 €").unwrap(), "Bo b: raises €0.07 to €0.12");
        assert_eq!(en("Asiento 2: Ann (6.22 € en fichas)").unwrap(), "Seat 2: Ann (€6.22 in chips)");
        assert_eq!(en("Ann se lleva 1,001.13 € del bote").unwrap(), "Ann collected €1,001.13 from pot");
        assert_eq!(
            en("Asiento 4: Ann muestra [Jd Qc] y ganó (0.79 €) con pareja de damas").unwrap(),
            "Seat 4: Ann showed [Jd Qc] and won (€0.79) with pareja de damas"
        );
        assert_eq!(
            table(Lang::Spanish, "Mesa \"Asterope\" 6-max El asiento n.º 1 es el botón"),
            "Table 'Asterope' 6-max Seat #1 is the button"
        );
        assert_eq!(symbol_first("Total pot 0.27 € | Rake 0.01 €"), "Total pot €0.27 | Rake €0.01");
        // A name of letters beyond ASCII right before an amount.
        assert_eq!(symbol_first("é5 €"), "é€5");
    }
}
