//! `solitaire solve` (to be written).

pub fn run(_args: &[String]) -> Result<(), String> {
    Err("solve is not written yet".to_string())
}
