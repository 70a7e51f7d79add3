use solitaire_core::deal;
use solitaire_core::layout::{layout, Insets, Viewport};
use solitaire_core::GameKind;

#[test]
fn render() {
    let vps = [
        ("phone portrait", Viewport { width: 390.0, height: 844.0, insets: Insets { top: 47.0, left: 0.0, bottom: 34.0, right: 0.0 } }),
        ("phone landscape", Viewport { width: 844.0, height: 390.0, insets: Insets { top: 0.0, left: 47.0, bottom: 21.0, right: 47.0 } }),
        ("tablet portrait", Viewport { width: 1024.0, height: 1366.0, insets: Insets { top: 24.0, left: 0.0, bottom: 20.0, right: 0.0 } }),
        ("tablet landscape", Viewport { width: 1366.0, height: 1024.0, insets: Insets { top: 24.0, left: 0.0, bottom: 20.0, right: 0.0 } }),
    ];
    for kind in GameKind::ALL {
        for (name, vp) in &vps {
            let t = layout(&deal(kind, 1), vp);
            let sx = vp.width / 60.0; let sy = vp.height / 30.0 ;
            let (cols, rows) = (60usize, 30usize);
            let mut g = vec![vec![' '; cols]; rows];
            for p in &t.piles {
                let ch = match p.kind { solitaire_core::PileKind::Tableau => 'T', solitaire_core::PileKind::Foundation => 'F', solitaire_core::PileKind::Stock => 'S', solitaire_core::PileKind::Waste => 'W', solitaire_core::PileKind::Reserve => 'R', solitaire_core::PileKind::Cell => 'C' };
                let x0 = (p.frame.x / sx) as usize; let x1 = ((p.frame.x + p.frame.width) / sx) as usize;
                let y0 = (p.frame.y / sy) as usize; let y1 = ((p.frame.y + p.frame.height) / sy) as usize;
                let by1 = ((p.base.y + p.base.height) / sy) as usize;
                for y in y0..y1.min(rows) { for x in x0..x1.min(cols) { g[y][x] = if y < by1 { ch } else { ch.to_ascii_lowercase() }; } }
            }
            eprintln!("== {} {} w={:.1}", kind.spec().name, name, t.card_width);
            for r in g { eprintln!("|{}|", r.into_iter().collect::<String>()); }
        }
    }
}
