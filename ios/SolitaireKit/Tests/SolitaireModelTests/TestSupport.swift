import Foundation
import SolitaireCore

/// An iPhone in portrait, safe area included.
let phone = Viewport(width: 393, height: 852, insetTop: 59, insetLeft: 0, insetBottom: 34, insetRight: 0)

/// A new, empty directory for one test's store.
func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("solitaire-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

struct NoProvedDeal: Error {}

/// A deal whose very first hint already follows a line the solver proved wins. Fixed deal
/// numbers keep the test repeatable; every game is tried in case one's solver is slow.
func provedWinnableGame() throws -> Game {
    for info in gameCatalog() {
        for deal in UInt64(1)...20 {
            let game = Game(kind: info.kind, deal: deal)
            if game.hint()?.leadsToWin == true {
                return game
            }
        }
    }
    throw NoProvedDeal()
}
