import Foundation
import SolitaireCore
import SolitaireModel
import XCTest

final class CorruptSaveTests: XCTestCase {
    /// A damaged save raises the typed error once, is kept aside, and the store carries on.
    func testACorruptSaveGivesTheTypedErrorAndTheStoreCarriesOn() throws {
        let directory = try temporaryDirectory()
        let store = try Store.open(dir: directory.path)
        let info = try XCTUnwrap(gameCatalog().first)
        try writeGarbage(over: info, in: directory)

        XCTAssertThrowsError(try store.resume(kind: info.kind)) { error in
            guard case .CorruptSave(_, let keptAs)? = error as? GameError else {
                return XCTFail("expected GameError.CorruptSave, got \(error)")
            }
            XCTAssertTrue(FileManager.default.fileExists(atPath: keptAs), "nothing kept at \(keptAs)")
        }
        XCTAssertNil(try store.resume(kind: info.kind))

        try store.save(game: Game(kind: info.kind, deal: 42))
        XCTAssertEqual(try store.resume(kind: info.kind)?.status().deal, 42)
    }

    /// The app tells the player and deals a new game instead.
    @MainActor
    func testTheAppReportsACorruptSaveAndDealsAfresh() async throws {
        let directory = try temporaryDirectory()
        let info = try XCTUnwrap(gameCatalog().first)
        try writeGarbage(over: info, in: directory)

        let app = try AppModel(directory: directory)
        app.open(info.kind)
        XCTAssertNotNil(app.message)
        XCTAssertEqual(app.current?.kind, info.kind)
        XCTAssertEqual(app.current?.status.moves, 0)
    }

    private func writeGarbage(over info: GameInfo, in directory: URL) throws {
        let save = directory.appendingPathComponent("\(info.slug).json")
        try Data("{ this is not a saved game".utf8).write(to: save)
    }
}
