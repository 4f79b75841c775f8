//! Each PHH action's lines: deals, draws, folds, checks and calls, bets and raises, bring-ins,
//! shows and mucks.

use cards_core::{Amount, Card, Diagnostic};
use phh::{ActionKind, CardRun, Shown};

use super::draw::stud_dealt_line;
use super::out::{all_in, cards_text, index, known_all, min};
use super::play::Play;
use crate::export::{amount_of, unsupported};
use crate::money;

impl Play<'_> {
    /// Writes one action's lines, then applies it to the state.
    pub(super) fn action(&mut self, kind: &ActionKind) -> Result<(), Diagnostic> {
        let stud = self.c.hand.variant.is_stud();
        let drawing = matches!(kind, ActionKind::StandPatDiscard { .. })
            || self.draw.open && matches!(kind, ActionKind::DealHole { .. });
        if !drawing {
            self.draw.close(&mut self.c);
        }
        let is_deal = matches!(kind, ActionKind::DealHole { .. });
        let after_deal = std::mem::replace(&mut self.last_was_deal, is_deal);
        match kind {
            ActionKind::DealHole { player, cards } if stud => self.stud_deal(*player, cards, after_deal)?,
            ActionKind::DealHole { player, cards } if self.draw.open => self.replacements(*player, cards)?,
            ActionKind::StandPatDiscard { player, discards } => self.discard(*player, discards)?,
            ActionKind::DealHole { player, cards } => self.hole_cards(*player, cards)?,
            ActionKind::DealBoard { cards } => self.deal_board(cards)?,
            ActionKind::Fold { player } => self.fold(*player)?,
            ActionKind::CheckCall { player } => self.check_call(*player)?,
            ActionKind::CompleteBetRaise { player, amount } => self.bet(*player, *amount)?,
            ActionKind::ShowMuck { player, shown } => self.show(*player, shown)?,
            ActionKind::BringIn { player } if stud => self.bring_in(*player)?,
            ActionKind::BringIn { .. } => return Err(unsupported("a bring-in in a board game")),
            ActionKind::NoOp => {}
        }
        self.replay.apply(kind)
    }

    fn stud_deal(
        &mut self,
        player: phh::Player,
        cards: &CardRun,
        after_deal: bool,
    ) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        if !after_deal {
            self.uncalled();
            self.stud_street += 1;
            let marker = match self.stud_street {
                1 => "*** 3rd STREET ***",
                2 => "*** 4th STREET ***",
                3 => "*** 5th STREET ***",
                4 => "*** 6th STREET ***",
                _ => "*** RIVER ***",
            };
            self.c.line(marker);
            self.street_name = marker;
        }
        let before = self.dealt[i].clone();
        self.dealt[i].extend(cards.iter());
        if let Some(line) = stud_dealt_line(&self.c.names[i], &before, cards, self.stud_street) {
            self.c.line(&line);
        }
        Ok(())
    }

    /// A draw's replacements: the observer's line follows their discard line.
    fn replacements(&mut self, player: phh::Player, cards: &CardRun) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        let kept: Option<Vec<Card>> = self.dealt[i].iter().map(|m| m.known()).collect();
        self.dealt[i].extend(cards.iter());
        if let (Some(kept), Some(new)) = (kept, known_all(cards))
            && self.draw.known_discards[i]
        {
            let line = format!("Dealt to {} [{}] [{}]", self.c.names[i], cards_text(&kept), cards_text(&new));
            self.draw.after(i, line);
        }
        Ok(())
    }

    fn discard(&mut self, player: phh::Player, discards: &CardRun) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        if self.draw.lines.iter().any(|(p, _)| *p == i) {
            // The player draws again with no betting between (everyone else is all in).
            self.draw.close(&mut self.c);
        }
        if !self.draw.open {
            self.uncalled();
            let variant = self.c.hand.variant;
            self.draw.open(&mut self.c, variant);
        }
        for d in discards.iter() {
            match self.dealt[i].iter().position(|h| *h == d) {
                Some(k) => {
                    self.dealt[i].remove(k);
                }
                None => return Err(unsupported("a discarded card the player does not hold")),
            }
        }
        let name = &self.c.names[i];
        let held: Option<Vec<Card>> = self.dealt[i].iter().map(|m| m.known()).collect();
        let line = match (discards.len(), known_all(discards)) {
            (0, _) => match held {
                Some(held) if !held.is_empty() => format!("{name}: stands pat on [{}]", cards_text(&held)),
                _ => format!("{name}: stands pat"),
            },
            (count, known) => {
                let noun = if count == 1 { "card" } else { "cards" };
                self.draw.known_discards[i] = known.is_some() && held.is_some();
                match known {
                    Some(cards) => format!("{name}: discards {count} {noun} [{}]", cards_text(&cards)),
                    None => format!("{name}: discards {count} {noun}"),
                }
            }
        };
        self.draw.lines.push((i, line));
        Ok(())
    }

    fn hole_cards(&mut self, player: phh::Player, cards: &CardRun) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        self.dealt[i].extend(cards.iter());
        if let Some(known) = known_all(cards).filter(|k| !k.is_empty()) {
            let line = format!("Dealt to {} [{}]", self.c.names[i], cards_text(&known));
            self.c.line(&line);
        }
        Ok(())
    }

    fn deal_board(&mut self, cards: &CardRun) -> Result<(), Diagnostic> {
        self.in_holes = false;
        self.uncalled();
        let new = known_all(cards)
            .ok_or_else(|| unsupported("an unknown board card: the site's text names every card"))?;
        let before = cards_text(&self.board);
        self.board.extend(&new);
        let line = match self.board.len() {
            3 => format!("*** FLOP *** [{}]", cards_text(&self.board)),
            4 => format!("*** TURN *** [{before}] [{}]", cards_text(&new)),
            5 => format!("*** RIVER *** [{before}] [{}]", cards_text(&new)),
            _ => return Err(unsupported("a board dealt in an order PokerStars does not log")),
        };
        self.street_name = if self.board.len() == 3 { "Turn" } else { "River" };
        self.c.line(&line);
        Ok(())
    }

    fn fold(&mut self, player: phh::Player) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        let variant = self.c.hand.variant;
        self.folded_on[i] = Some(if variant.is_stud() {
            "in stud"
        } else if variant.is_draw() {
            self.draw.fold_text(variant)
        } else if self.in_holes {
            "before Flop"
        } else {
            street_name_before(self.street_name)
        });
        let line = format!("{}: folds ", self.c.names[i]);
        self.c.line(&line);
        Ok(())
    }

    fn check_call(&mut self, player: phh::Player) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        let (top, bet, stack) = self.to_call(i);
        // The state's call (`call_amount`), in the form of the bet it matches.
        let owed = min(money::minus(top, bet), stack);
        let line = if owed.is_zero() {
            format!("{}: checks ", self.c.names[i])
        } else {
            format!("{}: calls {}{}", self.c.names[i], self.c.money(owed), all_in(money::minus(stack, owed)))
        };
        self.c.line(&line);
        self.paid(i, owed, money::plus(bet, owed));
        Ok(())
    }

    /// A completion, bet or raise to `to`.
    fn bet(&mut self, player: phh::Player, to: Amount) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        let (top, bet, stack) = self.to_call(i);
        let all_in = all_in(money::minus(stack, money::minus(to, bet)));
        let name = &self.c.names[i];
        let small_bet = self.c.hand.small_bet.unwrap_or(Amount::ZERO);
        let line =
            if self.stud_street == 1 && self.c.hand.variant.is_stud() && !top.is_zero() && top < small_bet {
                format!("{name}: completes it to {}{all_in}", self.c.money(to))
            } else if top.is_zero() {
                format!("{name}: bets {}{all_in}", self.c.money(to))
            } else {
                let by = money::minus(to, top);
                format!("{name}: raises {} to {}{all_in}", self.c.money(by), self.c.money(to))
            };
        self.c.line(&line);
        self.paid(i, money::minus(to, bet), to);
        Ok(())
    }

    fn bring_in(&mut self, player: phh::Player) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        let state = self.state();
        let paid = state.bring_in_amount().map_or(Amount::ZERO, amount_of);
        let all_in = all_in(money::minus(amount_of(state.stacks()[i]), paid));
        let line = format!("{}: brings in for {}{all_in}", self.c.names[i], self.c.money(paid));
        self.c.line(&line);
        let bet = money::plus(amount_of(self.state().bets()[i]), paid);
        self.paid(i, paid, bet);
        Ok(())
    }

    /// A show or muck, kept for the showdown; cards kept face down (unknown) are neither shown
    /// nor mucked: no line.
    fn show(&mut self, player: phh::Player, what: &Shown) -> Result<(), Diagnostic> {
        let i = index(player, self.n())?;
        self.uncalled();
        let cards: Option<Vec<Card>> = match what {
            Shown::Muck => None,
            Shown::Dealt => self.dealt[i].iter().map(|m| m.known()).collect(),
            Shown::Cards(run) => known_all(run),
        };
        match cards {
            Some(cards) => {
                self.showdown_lines.push(format!("{}: shows [{}]", self.c.names[i], cards_text(&cards)));
                self.shown[i] = Some(cards);
            }
            None if *what == Shown::Muck => {
                self.showdown_lines.push(format!("{}: mucks hand ", self.c.names[i]));
                self.mucked[i] = true;
            }
            None => {}
        }
        Ok(())
    }
}

fn street_name_before(next: &str) -> &'static str {
    match next {
        "Turn" => "on the Flop",
        "River" => "on the Turn",
        _ => "on the River",
    }
}
