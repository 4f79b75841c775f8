//! One module per notation: how [`crate::Check`] cuts its files into units and reports its
//! records, over the notation crate's own reader and checker.

pub mod dd;
pub mod lin;
pub mod pbn;
pub mod phh;
pub mod pinochle;
pub mod pref;
