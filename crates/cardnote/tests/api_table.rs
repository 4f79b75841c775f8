//! The README's "API at a glance" tables against the code: every notation crate's type that
//! implements `cards_core::Notation`, and its reader, checker and writer, are named there, so the
//! table cannot drift from the trait again.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use cards_core::Notation;

/// `krate::module::Type<Args>` as a user spells it from the crate root: `krate::Type`.
fn root_name(type_name: &str) -> String {
    let path = type_name.split('<').next().unwrap_or(type_name);
    let mut segments = path.split("::");
    let krate = segments.next().unwrap_or_default();
    let last = path.rsplit("::").next().unwrap_or_default();
    format!("{krate}::{last}")
}

/// The names a user meets for notation `N`: the notation, its reader, checker and writer.
fn names<N: Notation>() -> (&'static str, [String; 4]) {
    (
        N::NAME,
        [
            root_name(std::any::type_name::<N>()),
            root_name(std::any::type_name::<N::Reader<&[u8]>>()),
            root_name(std::any::type_name::<N::Checker>()),
            root_name(std::any::type_name::<N::Writer<Vec<u8>>>()),
        ],
    )
}

#[test]
fn readme_api_tables_name_each_notation_and_its_reader_checker_writer() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let section = readme.split("### API at a glance").nth(1).expect("the README's API at a glance section");
    let section = section.split("\n## ").next().unwrap_or(section);
    let notations = [
        names::<phh::Phh>(),
        names::<pbn::Pbn>(),
        names::<lin::Lin>(),
        names::<ppn_pref::Pref>(),
        names::<ppn_pinochle::Pinochle>(),
    ];
    let mut missing = Vec::new();
    for (name, types) in &notations {
        for type_name in types {
            if !section.contains(&format!("`{type_name}`")) && !section.contains(&format!("`{type_name} ")) {
                missing.push(format!("{name}: `{type_name}`"));
            }
        }
    }
    assert!(missing.is_empty(), "named in the code, not in the README's API tables: {missing:?}");
    // Each notation's row says which type implements the trait, and no other type is named there.
    let rows: Vec<&str> =
        section.lines().filter(|l| l.starts_with("| the notation (`cards_core::Notation`")).collect();
    assert!(!rows.is_empty(), "no row names the cards_core::Notation implementations");
    let named: std::collections::BTreeSet<String> = rows
        .iter()
        .flat_map(|row| row.split('|').skip(2))
        .filter_map(|cell| cell.trim().strip_prefix('`')?.split('`').next().map(str::to_owned))
        .collect();
    let implemented: std::collections::BTreeSet<String> =
        notations.iter().map(|(_, t)| t[0].clone()).collect();
    assert_eq!(named, implemented, "the README's notation rows against the implementations");
}

#[test]
fn notation_names_are_the_cli_format_names() {
    use cardnote_check::Format;
    let pairs = [
        (Format::Phh, phh::Phh::NAME),
        (Format::Pbn, pbn::Pbn::NAME),
        (Format::Lin, lin::Lin::NAME),
        (Format::PpnPref, ppn_pref::Pref::NAME),
        (Format::PpnPinochle, ppn_pinochle::Pinochle::NAME),
    ];
    for (format, name) in pairs {
        assert_eq!(format.name(), name);
    }
}
