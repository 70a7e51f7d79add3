import SolitaireCore
import SolitaireModel
import XCTest

final class PlayToWinTests: XCTestCase {
    /// Following the solver's hints through the model wins a proved-winnable deal, and the
    /// win is recorded in the statistics instead of being kept as a game in progress.
    @MainActor
    func testHintsPlayAProvedWinnableDealToAWin() async throws {
        let directory = try temporaryDirectory()
        let store = try Store.open(dir: directory.path)
        let saver = Saver(store: store)
        var reports: [String] = []
        let model = GameModel(game: provedWinnableGame(), saver: saver) { reports.append($0) }
        model.setViewport(phone)

        var played = 0
        while model.status.state == .playing && played < 1000 {
            let hint = try XCTUnwrap(model.game.hint(), "no hint after \(played) moves")
            XCTAssertTrue(hint.leadsToWin, "the hint after \(played) moves is not from a winning line")
            let before = model.game.positionJson()
            model.play(hint.mv)
            XCTAssertNotEqual(model.game.positionJson(), before, "the hinted move \(hint.mv) did not play")
            played += 1
        }

        XCTAssertEqual(model.status.state, .won, "not won after \(played) hinted moves")
        XCTAssertEqual(reports, [])
        saver.flush()
        XCTAssertEqual(try store.stats(kind: model.kind).won, 1)
        XCTAssertNil(try store.resume(kind: model.kind))
    }
}
