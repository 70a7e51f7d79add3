import SolitaireCore
import SolitaireModel
import XCTest

final class SaveAndResumeTests: XCTestCase {
    /// A game saved when the app goes to the background comes back exactly as it was, with
    /// its undo history, in a new app over the same store.
    @MainActor
    func testAGameResumesExactlyWithItsUndoHistory() async throws {
        let directory = try temporaryDirectory()
        let first = try AppModel(directory: directory)
        first.open(.dnieper)
        let model = try XCTUnwrap(first.current)
        model.setViewport(phone)
        model.deal(.number(7))
        for _ in 0..<3 {
            let hint = try XCTUnwrap(model.game.hint())
            model.play(hint.mv)
        }
        XCTAssertGreaterThan(model.status.moves, 0)
        first.enterBackground()

        let second = try AppModel(directory: directory)
        XCTAssertEqual(second.overview.first(where: { $0.info.kind == .dnieper })?.inProgress, true)
        second.open(.dnieper)
        let resumed = try XCTUnwrap(second.current)
        resumed.setViewport(phone)
        XCTAssertEqual(resumed.status.deal, 7)
        XCTAssertEqual(resumed.status.moves, model.status.moves)
        XCTAssertEqual(resumed.table, model.table)
        XCTAssertTrue(resumed.status.canUndo)

        resumed.undo()
        model.undo()
        XCTAssertEqual(resumed.table, model.table)
        XCTAssertEqual(resumed.status.moves, model.status.moves)
    }
}
