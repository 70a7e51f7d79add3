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

/// Yakutat Bay deal 6: the solver proves it winnable without backtracking (about 90 nodes), so
/// every hint along the way follows the winning line. The Kotlin tests use the same deal.
func provedWinnableGame() -> Game {
    Game(kind: .yakutatBay, deal: 6)
}
