//! The tags the checks look up by name ([`Known`]) and where each stands in a game's
//! resolved tags, so that the checks do not compare names again.

#[allow(clippy::wildcard_imports)]
use super::*;

pub(super) fn get<'t, 'a>(tags: &'t [ResolvedTag<'a>], name: &str) -> Option<&'t ResolvedTag<'a>> {
    tags.iter().find(|t| same(&t.name, name))
}

/// The tags the checks look up by name; the mandatory tag set comes first, in export order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Known {
    Event,
    Site,
    Date,
    Board,
    West,
    North,
    East,
    South,
    Dealer,
    Vulnerable,
    Deal,
    Scoring,
    Declarer,
    Contract,
    Result,
    Auction,
    Play,
    Score,
    ScoreRubberHistory,
}

impl Known {
    pub(super) const COUNT: usize = 19;
    /// Every known tag of the mandatory tag set, in export order.
    pub(super) const MANDATORY: [Known; 15] = [
        Known::Event,
        Known::Site,
        Known::Date,
        Known::Board,
        Known::West,
        Known::North,
        Known::East,
        Known::South,
        Known::Dealer,
        Known::Vulnerable,
        Known::Deal,
        Known::Scoring,
        Known::Declarer,
        Known::Contract,
        Known::Result,
    ];

    pub(super) fn of(name: &str) -> Option<Known> {
        Some(match name {
            "Event" => Known::Event,
            "Site" => Known::Site,
            "Date" => Known::Date,
            "Board" => Known::Board,
            "West" => Known::West,
            "North" => Known::North,
            "East" => Known::East,
            "South" => Known::South,
            "Dealer" => Known::Dealer,
            "Vulnerable" => Known::Vulnerable,
            "Deal" => Known::Deal,
            "Scoring" => Known::Scoring,
            "Declarer" => Known::Declarer,
            "Contract" => Known::Contract,
            "Result" => Known::Result,
            "Auction" => Known::Auction,
            "Play" => Known::Play,
            "Score" => Known::Score,
            "ScoreRubberHistory" => Known::ScoreRubberHistory,
            _ => return None,
        })
    }

    /// The tag name.
    pub(super) const fn name(self) -> &'static str {
        match self {
            Known::Event => "Event",
            Known::Site => "Site",
            Known::Date => "Date",
            Known::Board => "Board",
            Known::West => "West",
            Known::North => "North",
            Known::East => "East",
            Known::South => "South",
            Known::Dealer => "Dealer",
            Known::Vulnerable => "Vulnerable",
            Known::Deal => "Deal",
            Known::Scoring => "Scoring",
            Known::Declarer => "Declarer",
            Known::Contract => "Contract",
            Known::Result => "Result",
            Known::Auction => "Auction",
            Known::Play => "Play",
            Known::Score => "Score",
            Known::ScoreRubberHistory => "ScoreRubberHistory",
        }
    }
}

/// Index of the first tag of each [`Known`] name in a game's resolved tags; `u32::MAX` when the
/// tag is not given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KnownAt([u32; Known::COUNT]);

impl Default for KnownAt {
    fn default() -> KnownAt {
        KnownAt([u32::MAX; Known::COUNT])
    }
}

impl KnownAt {
    /// Records that the tag at `index` is named `name`, unless a tag of that name came before.
    pub(super) fn note(&mut self, name: &str, index: usize) {
        self.note_known(Known::of(name), index);
    }

    /// [`KnownAt::note`] with the name already looked up.
    pub(super) fn note_known(&mut self, known: Option<Known>, index: usize) {
        if let Some(slot) = known.and_then(|k| self.0.get_mut(k as usize))
            && *slot == u32::MAX
        {
            *slot = u32::try_from(index).unwrap_or(u32::MAX);
        }
    }
}

/// The resolved tags of a game, with where the first tag of each [`Known`] name stands, so that
/// the checks look tags up without comparing names.
pub(super) struct Tags<'t, 'a> {
    pub(super) list: &'t [ResolvedTag<'a>],
    pub(super) at: KnownAt,
}

impl<'t, 'a> Tags<'t, 'a> {
    /// The first tag named `name`.
    pub(super) fn get(&self, name: Known) -> Option<&'t ResolvedTag<'a>> {
        let i = *self.at.0.get(name as usize)?;
        self.list.get(usize::try_from(i).ok()?)
    }
}
