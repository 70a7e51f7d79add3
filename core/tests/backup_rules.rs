//! The Android app's backup rules list files by name (they take no wildcards): each list must be
//! exactly the files the store keeps, or a game in progress (a daily deal's, say) is not backed up
//! or moved to a new phone.

use std::collections::BTreeSet;

fn included(xml: &str, section: &str) -> BTreeSet<String> {
    let start = xml.find(&format!("<{section}>")).unwrap_or_else(|| panic!("no <{section}>"));
    let end = xml[start..].find(&format!("</{section}>")).expect("the section closes") + start;
    xml[start..end]
        .split("<include ")
        .skip(1)
        .map(|include| {
            assert!(include.contains("domain=\"file\""), "{include}");
            let path = include.split("path=\"").nth(1).expect("a path");
            path[..path.find('"').expect("a quoted path")].to_string()
        })
        .collect()
}

#[test]
fn the_android_backup_rules_hold_exactly_the_files_the_store_keeps() {
    let kept: BTreeSet<String> = solitaire_core::store::kept_files().into_iter().collect();
    assert!(kept.contains("chequers-daily.json") && kept.contains("stats.json"), "{kept:?}");
    let res = concat!(env!("CARGO_MANIFEST_DIR"), "/../android/app/src/main/res/xml/");
    let read = |name: &str| std::fs::read_to_string(format!("{res}{name}")).unwrap();
    let extraction = read("data_extraction_rules.xml");
    for section in ["cloud-backup", "device-transfer"] {
        assert_eq!(included(&extraction, section), kept, "data_extraction_rules.xml, <{section}>");
    }
    assert_eq!(included(&read("backup_rules.xml"), "full-backup-content"), kept, "backup_rules.xml");
}
